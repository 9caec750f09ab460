// `npm start`: builds what changed since the last build, then starts the server in this process (and,
// beside it, compresses the portal's files if a build left them uncompressed).
// Each build is skipped when its stamp says its output was built from the current sources
// (scripts/build-stamp.mjs): the server and shared package (esbuild, scripts/emit.mjs) and the portal
// bundle (Vite, the slow part). The two builds share nothing (the portal takes the shared package from its
// TypeScript source). The server prints the start's phases (build, load, database, migrate, routes,
// seed, portal, listen) with their times, the portal's address and the demo logins; the builds' output
// (Vite's chunk table and warnings, the compression's note) and the server's JSON log go to files under
// the data dir's logs/ (packages/server/src/start-logs.ts), which it names.
import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PORTAL_INPUTS, SERVER_INPUTS, digestOf, isUpToDate, writeStamp } from "./build-stamp.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

// Both builds write here; the server writes it to the build log once it knows the data dir.
const buildOutput = new PassThrough();
// What a failed build printed last, shown in the terminal (its log may not be open yet).
const TAIL_LINES = 40;

/** Runs the `name` build's command, its output into the build log; exits with its status, and the end
 * of what it printed, if it fails. */
function run(name, cmd, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env });
    let tail = "";
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        buildOutput.write(chunk);
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
  const digest = digestOf(root, inputs);
  if (isUpToDate(stampFile, digest, outputs)) return null;
  return build().then(() => writeStamp(stampFile, digest, outputs));
}

/** `cmd args` at a low priority (nice 10) where there is `nice`. */
const niced = (cmd, args) => (process.platform === "win32" ? [cmd, args] : ["nice", ["-n", "10", cmd, ...args]]);

const started = performance.now();
// The portal's build (Vite, several seconds) starts first and runs beside the server's start, which opens,
// migrates and seeds the database meanwhile and serves the portal once it is built (server.ts). It runs at
// a low priority: the database's creation is one thread that would otherwise wait for Vite's. Vite
// empties dist/ (its stamp with it) on every build; the build writes login.html last. Without the brotli
// and gzip copies, made once the server is listening (below).
const portalBuilding = buildUnlessUpToDate(
  PORTAL_INPUTS,
  join(root, "packages/web/dist/.build-stamp"),
  [join(root, "packages/web/dist/index.html"), join(root, "packages/web/dist/login.html")],
  // The workspace's build script (`node build.mjs`), without npm's own start-up.
  () => run("portal", ...niced(process.execPath, [join(root, "packages/web/build.mjs")]), { ...process.env, ATALAYA_DEFER_COMPRESSION: "1" }),
);
const portalBuild = portalBuilding ? portalBuilding.then(() => "built") : Promise.resolve("up to date");
// A first line at once: loading the server and opening the database take a while on a busy machine.
console.log(portalBuilding ? "Starting Atalaya, and building the portal beside it (a minute or more)…" : "Starting Atalaya…");
// The server's build (scripts/emit.mjs, well under a second) is waited for.
const serverBuilding = buildUnlessUpToDate(
  SERVER_INPUTS,
  join(root, "packages/server/dist/.build-stamp"),
  [join(root, "packages/shared/dist/index.js"), join(root, "packages/server/dist/server.js")],
  // JavaScript only: `npm run typecheck` (and `npm test`) checks the types.
  () => run("server", process.execPath, [join(root, "scripts/emit.mjs"), "packages/shared", "packages/server"]),
);
await serverBuilding;
void Promise.all([portalBuilding, serverBuilding]).then(() => buildOutput.end());
const built = performance.now();
const { startServer } = await import(pathToFileURL(join(root, "packages/server/dist/server.js")).href);
const { buildLog } = await startServer({
  build: { ms: built - started, endMs: built, note: serverBuilding ? "server built" : "server up to date" },
  portalBuild,
  logFiles: portalBuilding || serverBuilding ? { buildOutput } : {},
});

// The portal's compressed copies, made after a build, or finished after a start stopped before they were:
// at a low priority beside the server, which sends the files uncompressed until each copy is there. Its
// note joins the build log.
const log = openSync(buildLog, "a");
spawn(...niced(process.execPath, [join(root, "packages/web/compress-files.mjs"), join(root, "packages/web/dist")]), { cwd: root, stdio: ["ignore", log, log] });
