// `npm start`: builds what changed since the last build, then starts the server in this process.
// Each build is skipped when its stamp says its output was built from the current sources
// (scripts/build-stamp.mjs): the server and shared package without even loading TypeScript (whose own
// `tsc -b` build info, used when they did change, costs about a second to check), and the portal bundle
// (Vite, the slow part). The two builds share nothing (the portal takes the shared package from its
// TypeScript source), so they run side by side. The server prints the start's phases (build, database,
// migrate, seed, listen) with their times.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PORTAL_INPUTS, SERVER_INPUTS, digestOf, isUpToDate, writeStamp } from "./build-stamp.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a build command; exits with its status if it fails. */
function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: "inherit" });
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

const started = performance.now();
const [serverUpToDate, portalUpToDate] = await Promise.all([
  // tsc -b rewrites each project's build info whenever it builds it.
  buildUnlessUpToDate(
    SERVER_INPUTS,
    join(root, "packages/server/dist/.build-stamp"),
    [join(root, "packages/shared/tsconfig.tsbuildinfo"), join(root, "packages/server/tsconfig.tsbuildinfo"), join(root, "packages/server/dist/server.js")],
    // Emit only: `npm run typecheck` (and `npm test`) checks the types; a start only needs the JavaScript.
    () => run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-b", "--noCheck", "packages/shared", "packages/server"]),
  ),
  // Vite empties dist/ (its stamp with it) on every build; prerender.mjs writes login.html last.
  buildUnlessUpToDate(
    PORTAL_INPUTS,
    join(root, "packages/web/dist/.build-stamp"),
    [join(root, "packages/web/dist/index.html"), join(root, "packages/web/dist/login.html")],
    () => run("npm", ["run", "build", "-w", "@atalaya/web"]),
  ),
]);
// The server reads these to print the build phase beside its own (and the time it took to load after it).
process.env.ATALAYA_BUILD_MS = String(Math.round(performance.now() - started));
process.env.ATALAYA_BUILD_END_MS = String(performance.now());
process.env.ATALAYA_BUILD_NOTE = [serverUpToDate ? "server up to date" : "server built", portalUpToDate ? "portal up to date" : "portal built"].join(", ");
await import(pathToFileURL(join(root, "packages/server/dist/server.js")).href);
