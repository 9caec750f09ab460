// @ts-check
// Brotli (highest quality) and gzip copies of the built portal's text files, which the server sends as
// they are (@fastify/static preCompressed) instead of compressing per request. Run by the portal's build
// (build.mjs), or, for `npm start`, after the server is listening
// (scripts/start.mjs), so a first start does not wait the ten-odd seconds of CPU brotli takes: the
// files are served uncompressed meanwhile. Usage: node compress-files.mjs <dist dir>
import { readdirSync } from "node:fs";
import { readFile, rename, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

// Text files worth compressing; images and fonts are compressed already.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
// Below this a compressed copy saves less than the request headers cost.
const MIN_BYTES = 1024;

/** Whether `copy` exists and was written after `path` (a copy of this build, not of an older one). */
async function isCurrent(/** @type {string} */ copy, /** @type {number} */ sourceMtime) {
  return stat(copy).then((s) => s.mtimeMs >= sourceMtime, () => false);
}

/** Writes whole or not at all: the server may be sending the files while they are made. */
async function writeAtomically(/** @type {string} */ path, /** @type {Buffer} */ content) {
  await writeFile(`${path}.part`, content);
  await rename(`${path}.part`, path);
}

/** Compresses every text file of `dir` that lacks a current .br and .gz copy, all at once on libuv's
 * thread pool (every core). Answers how many files it compressed. */
export async function compressFiles(/** @type {string} */ dir) {
  const compressible = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => COMPRESSIBLE.test(path));
  const done = await Promise.all(
    compressible.map(async (path) => {
      const { size, mtimeMs } = await stat(path);
      if (size < MIN_BYTES) return false;
      if ((await isCurrent(`${path}.br`, mtimeMs)) && (await isCurrent(`${path}.gz`, mtimeMs))) return false;
      const content = await readFile(path);
      const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length };
      const [br, gz] = await Promise.all([brotli(content, { params }), gzipped(content, { level: 9 })]);
      await Promise.all([writeAtomically(`${path}.br`, br), writeAtomically(`${path}.gz`, gz)]);
      return true;
    }),
  );
  return done.filter(Boolean).length;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const since = performance.now();
  const count = await compressFiles(resolve(process.argv[2] ?? "dist"));
  if (count > 0) console.log(`portal: ${count} files compressed (brotli, gzip) in ${((performance.now() - since) / 1000).toFixed(1)} s`);
}
