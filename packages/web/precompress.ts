import { readdirSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

// Text files worth compressing; images and fonts are compressed already.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
// Below this a compressed copy saves less than the request headers cost.
const MIN_BYTES = 1024;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Writes a brotli (.br, highest quality) and a gzip (.gz) copy next to every text file of the build, so
 * the server sends them as they are (@fastify/static preCompressed) instead of compressing per request. */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "atalaya-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/") ? config.build.outDir : join(config.root, config.build.outDir);
    },
    // Every file at once, on libuv's thread pool (so on every core): brotli at its highest quality was
    // two thirds of the portal's build when the files went one after the other on the main thread.
    async closeBundle() {
      const compressible = files(outDir).filter((path) => COMPRESSIBLE.test(path));
      await Promise.all(
        compressible.map(async (path) => {
          const content = await readFile(path);
          if (content.length < MIN_BYTES) return;
          const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length };
          const [br, gz] = await Promise.all([brotli(content, { params }), gzipped(content, { level: 9 })]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
