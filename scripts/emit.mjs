// The server's and the shared package's build: their TypeScript emitted as JavaScript (ES modules, one
// file per source, with source maps) by esbuild, without a type check: `npm run typecheck` checks the
// types (and `npm test` runs it), and a build only needs the JavaScript. tsc took 7–24 s of CPU for this
// (`tsc -b --noCheck`), esbuild a fraction of a second: the sources are written for per-file
// transpiling (isolatedModules, verbatimModuleSyntax), so nothing is lost. dist/ is emptied first, so
// a deleted source leaves no stale module behind.
// Usage: node scripts/emit.mjs packages/shared packages/server
import { readdirSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const repository = join(dirname(fileURLToPath(import.meta.url)), "..");

/** A package's sources to emit: every .ts under src/, tests and the test helpers (src/test/) aside. */
function sourcesOf(src) {
  return readdirSync(src, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts") && !name.startsWith(`test${sep}`))
    .map((name) => join(src, name));
}

/** Emits one package's src/ into its dist/; answers how many files. */
export async function emitPackage(dir) {
  const src = join(dir, "src");
  const dist = join(dir, "dist");
  const entryPoints = sourcesOf(src);
  rmSync(dist, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir: dist,
    outbase: src,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: true,
    bundle: false,
    logLevel: "warning",
    tsconfig: join(dir, "tsconfig.json"),
  });
  return entryPoints.length;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const since = performance.now();
  const dirs = process.argv.slice(2).map((d) => resolve(d));
  const counts = await Promise.all(dirs.map(emitPackage));
  const what = dirs.map((d, i) => `${relative(repository, d)} (${counts[i]} files)`).join(", ");
  console.log(`emitted ${what} in ${((performance.now() - since) / 1000).toFixed(2)} s`);
}
