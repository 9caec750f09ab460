// Build stamps for `npm start` (scripts/start.mjs): a build is skipped when a digest of every file it is
// made from equals the one written beside its output after its last successful build, and that output
// has not been rewritten since by another build (`npm run build`, an emit of its own), which may have
// built other sources (an edit since reverted would otherwise look up to date).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

/** What the portal bundle is made from: its own sources and configuration, the shared package's sources
 * (imported as TypeScript through the `source` condition) and the installed dependencies' lock. */
export const PORTAL_INPUTS = [
  "packages/web/src",
  "packages/web/public",
  "packages/web/index.html",
  "packages/web/vite.config.ts",
  "packages/web/prerender.mjs",
  "packages/web/route-pages.mjs",
  "packages/web/boot-chunks.mjs",
  "packages/web/build.mjs",
  "packages/web/compress-files.mjs",
  "packages/web/package.json",
  "packages/web/tsconfig.json",
  "packages/shared/src",
  "packages/shared/package.json",
  "package-lock.json",
];

/** What the server's build (scripts/emit.mjs on packages/shared and packages/server) emits from (tests
 * included: harmless, a rebuild too many), with the emitter's version through the lock, and the
 * migrations the embedded database's template is made from. */
export const SERVER_INPUTS = [
  "packages/shared/src",
  "packages/shared/package.json",
  "packages/shared/tsconfig.json",
  "packages/server/src",
  "packages/server/migrations",
  "packages/server/package.json",
  "packages/server/tsconfig.json",
  "tsconfig.base.json",
  "package-lock.json",
];

/** Every file under `path`, sorted, so the digest does not depend on directory order. */
function filesOf(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => filesOf(join(path, entry.name)));
}

/** A digest of the names and contents of `inputs` (paths relative to `root`): contents, not times, since
 * a fresh checkout or a `git switch` back and forth changes times but not what is built. */
export function digestOf(root, inputs) {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap((p) => filesOf(join(root, p)))) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

/** The outputs' modification times (null for a missing one). */
function mtimesOf(outputs) {
  return outputs.map((path) => (existsSync(path) ? statSync(path).mtimeMs : null));
}

/** Whether the build whose stamp is `stampFile` is up to date: its `outputs` (files every build of it
 * rewrites) exist and are the ones the stamp was written after, and the inputs' digest is the stamped one. */
export function isUpToDate(stampFile, digest, outputs) {
  const mtimes = mtimesOf(outputs);
  if (mtimes.includes(null) || !existsSync(stampFile)) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, "utf8"));
    return stamp.digest === digest && JSON.stringify(stamp.outputMtimes) === JSON.stringify(mtimes);
  } catch {
    return false; // an older or damaged stamp: build again
  }
}

/** Records, after a successful build, that `outputs` were built from inputs of this digest. */
export function writeStamp(stampFile, digest, outputs) {
  writeFileSync(stampFile, JSON.stringify({ digest, outputMtimes: mtimesOf(outputs) }));
}
