// `npm start`: builds what changed since the last build, then starts the server in this process (and,
// beside it, compresses the portal's files if a build left them uncompressed).
// Each build is skipped when its stamp says its output was built from the current sources
// (scripts/build-stamp.mjs): the server and shared package (esbuild, scripts/emit.mjs) and the portal
// bundle (Vite, the slow part). The two builds share nothing (the portal takes the shared package from its
// TypeScript source). The server prints the start's phases (build, load, database, migrate, routes,
// seed, portal, listen) with their times.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PORTAL_INPUTS, SERVER_INPUTS, digestOf, isUpToDate, writeStamp } from "./build-stamp.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a build command; exits with its status if it fails. */
function run(cmd, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: "inherit", env });
    child.on("error", (err) => {
      console.error(`${cmd}: ${err.message}`);
      process.exit(1);
    });
    child.on("exit", (code, signal) => {
      if (code !== 0) process.exit(code ?? (signal ? 1 : 0));
      resolve();
    });
  });
}

/** Runs `build` unless the stamp says its outputs are current; answers whether it was up to date. */
async function buildUnlessUpToDate(inputs, stampFile, outputs, build) {
  const digest = digestOf(root, inputs);
  if (isUpToDate(stampFile, digest, outputs)) return true;
  await build();
  writeStamp(stampFile, digest, outputs);
  return false;
}

/** `cmd args` at a low priority (nice 10) where there is `nice`. */
const niced = (cmd, args) => (process.platform === "win32" ? [cmd, args] : ["nice", ["-n", "10", cmd, ...args]]);

const started = performance.now();
// The portal's build (Vite, several seconds) starts first and runs beside the server's start, which opens,
// migrates and seeds the database meanwhile and serves the portal once it is built (server.ts). It runs at
// a low priority: the database's creation is one thread that would otherwise wait for Vite's. Vite
// empties dist/ (its stamp with it) on every build; the build writes login.html last. Without the brotli
// and gzip copies, made once the server is listening (below).
const portalBuild = buildUnlessUpToDate(
  PORTAL_INPUTS,
  join(root, "packages/web/dist/.build-stamp"),
  [join(root, "packages/web/dist/index.html"), join(root, "packages/web/dist/login.html")],
  // The workspace's build script (`node build.mjs`), without npm's own start-up.
  () => run(...niced(process.execPath, [join(root, "packages/web/build.mjs")]), { ...process.env, ATALAYA_DEFER_COMPRESSION: "1" }),
).then((upToDate) => (upToDate ? "up to date" : "built"));
// The server's build (scripts/emit.mjs, well under a second) is waited for.
const serverUpToDate = await buildUnlessUpToDate(
  SERVER_INPUTS,
  join(root, "packages/server/dist/.build-stamp"),
  [join(root, "packages/shared/dist/index.js"), join(root, "packages/server/dist/server.js")],
  // JavaScript only: `npm run typecheck` (and `npm test`) checks the types.
  () => run(process.execPath, [join(root, "scripts/emit.mjs"), "packages/shared", "packages/server"]),
);
const built = performance.now();
const { startServer } = await import(pathToFileURL(join(root, "packages/server/dist/server.js")).href);
await startServer({
  build: { ms: built - started, endMs: built, note: serverUpToDate ? "server up to date" : "server built" },
  portalBuild,
});

// The portal's compressed copies, made after a build, or finished after a start stopped before they were:
// at a low priority beside the server, which sends the files uncompressed until each copy is there.
spawn(...niced(process.execPath, [join(root, "packages/web/compress-files.mjs"), join(root, "packages/web/dist")]), { cwd: root, stdio: "inherit" });
