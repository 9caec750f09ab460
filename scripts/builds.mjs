// The builds `npm start` (scripts/start.mjs) and `npm run cluster` (scripts/cluster.mjs) run before they
// start the server: each skipped when its stamp says its output was built from the current sources
// (scripts/build-stamp.mjs): the server and shared package (esbuild, scripts/emit.mjs, well under a
// second) and the portal bundle (Vite, the slow part, at a low priority). The two share nothing (the
// portal takes the shared package from its TypeScript source), so they may run side by side.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PORTAL_INPUTS, SERVER_INPUTS, digestOf, isUpToDate, writeStamp } from "./build-stamp.mjs";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

// What a failed build printed last, shown in the terminal (its log may not be open yet).
const TAIL_LINES = 40;

/** `cmd args` at a low priority (nice 10) where there is `nice`: a build must not starve a start. */
export const niced = (cmd, args) => (process.platform === "win32" ? [cmd, args] : ["nice", ["-n", "10", cmd, ...args]]);

/** Runs the `name` build's command, its output written to `output` (a writable stream); exits the
 * process with its status, and the end of what it printed, if it fails. */
function run(name, cmd, args, output, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env });
    let tail = "";
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        output.write(chunk);
        tail = (tail + chunk).split("\n").slice(-TAIL_LINES).join("\n");
      });
    }
    child.on("error", (err) => {
      console.error(`${cmd}: ${err.message}`);
      process.exit(1);
    });
    child.on("exit", (code, signal) => {
      if (code !== 0) {
        console.error(`The ${name} build failed (${signal ?? `exit ${code}`}); the end of its output:\n${tail}`);
        process.exit(code ?? 1);
      }
      resolve();
    });
  });
}

/** Runs `build` unless the stamp says its outputs are current; answers null when they are, else the
 * build's promise. */
function buildUnlessUpToDate(inputs, stampFile, outputs, build) {
  const digest = digestOf(ROOT, inputs);
  if (isUpToDate(stampFile, digest, outputs)) return null;
  return build().then(() => writeStamp(stampFile, digest, outputs));
}

/** Builds the portal (packages/web/dist) unless it is up to date, at a low priority, without its brotli
 * and gzip copies (compressPortal makes them once a server listens); answers null when it is up to date,
 * else the build's promise. Vite empties dist/ (its stamp with it) on every build; the build writes
 * login.html last. */
export function buildPortalIfChanged(output) {
  return buildUnlessUpToDate(
    PORTAL_INPUTS,
    join(ROOT, "packages/web/dist/.build-stamp"),
    [join(ROOT, "packages/web/dist/index.html"), join(ROOT, "packages/web/dist/login.html")],
    // The workspace's build script (`node build.mjs`), without npm's own start-up.
    () => run("portal", ...niced(process.execPath, [join(ROOT, "packages/web/build.mjs")]), output, { ...process.env, ATALAYA_DEFER_COMPRESSION: "1" }),
  );
}

/** Builds the server and the shared package (JavaScript only: `npm run typecheck` checks the types)
 * unless they are up to date; answers null when they are, else the build's promise. */
export function buildServerIfChanged(output) {
  return buildUnlessUpToDate(
    SERVER_INPUTS,
    join(ROOT, "packages/server/dist/.build-stamp"),
    [join(ROOT, "packages/shared/dist/index.js"), join(ROOT, "packages/server/dist/server.js")],
    () => run("server", process.execPath, [join(ROOT, "scripts/emit.mjs"), "packages/shared", "packages/server"], output),
  );
}

/** The portal's compressed copies, made after a build, or finished after a start stopped before they
 * were: at a low priority beside the server, which sends the files uncompressed until each copy is there.
 * Its note goes to `logFd` (an open file). */
export function compressPortal(logFd) {
  return spawn(...niced(process.execPath, [join(ROOT, "packages/web/compress-files.mjs"), join(ROOT, "packages/web/dist")]), { cwd: ROOT, stdio: ["ignore", logFd, logFd] });
}
