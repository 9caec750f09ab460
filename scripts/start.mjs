// `npm start`: builds what changed since the last build, then starts the server in this process.
// The server and shared package build with `tsc -b`, whose build info already skips unchanged projects;
// the portal bundle (Vite, the slow part) is rebuilt only when a digest of every file it is made from
// differs from the one written beside it after its last successful build. The server prints the start's
// phases (build, database, migrate, seed, listen) with their times.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const web = join(root, "packages/web");
const stampFile = join(web, "dist/.build-stamp");

// What the portal bundle is made from: its own sources and configuration, the shared package's sources
// (imported as TypeScript through the `source` condition) and the installed dependencies' lock.
const webInputs = [
  "packages/web/src",
  "packages/web/public",
  "packages/web/index.html",
  "packages/web/vite.config.ts",
  "packages/web/prerender.mjs",
  "packages/web/precompress.ts",
  "packages/web/package.json",
  "packages/web/tsconfig.json",
  "packages/shared/src",
  "packages/shared/package.json",
  "package-lock.json",
];

/** Every file under `path`, sorted, so the digest does not depend on directory order. */
function filesOf(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesOf(join(path, entry.name)));
}

/** A digest of the names and contents of the portal's inputs (contents, not times: a fresh checkout or a
 * `git switch` back and forth changes times but not what is built). */
function webDigest() {
  const hash = createHash("sha256");
  for (const file of webInputs.flatMap((p) => filesOf(join(root, p)))) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const started = performance.now();
run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-b", "packages/shared", "packages/server"]);
const digest = webDigest();
const upToDate = existsSync(join(web, "dist/index.html")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === digest;
if (!upToDate) {
  run("npm", ["run", "build", "-w", "@atalaya/web"]);
  writeFileSync(stampFile, digest);
}
// The server reads these to print the build phase beside its own.
process.env.ATALAYA_BUILD_MS = String(Math.round(performance.now() - started));
process.env.ATALAYA_BUILD_NOTE = upToDate ? "portal up to date" : "portal rebuilt";
await import(pathToFileURL(join(root, "packages/server/dist/server.js")).href);
