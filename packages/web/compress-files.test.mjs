import { mkdtemp, readFile, rm, stat, utimes, writeFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { compressFiles } from "./compress-files.mjs";

const dirs = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("the portal's compressed copies", () => {
  it("are made for text files worth it, read back the same, and only once per build of a file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "atalaya-compress-"));
    dirs.push(dir);
    await mkdir(join(dir, "assets"));
    const script = `console.log(${JSON.stringify("Atalaya ".repeat(500))});`;
    await writeFile(join(dir, "assets/index-abc.js"), script);
    await writeFile(join(dir, "small.js"), "1");
    await writeFile(join(dir, "logo.png"), Buffer.alloc(4096, 1));

    expect(await compressFiles(dir)).toBe(1);
    expect(brotliDecompressSync(await readFile(join(dir, "assets/index-abc.js.br"))).toString()).toBe(script);
    expect(gunzipSync(await readFile(join(dir, "assets/index-abc.js.gz"))).toString()).toBe(script);
    for (const name of ["small.js.br", "logo.png.br", "assets/index-abc.js.br.part"]) expect(existsSync(join(dir, name)), name).toBe(false);

    // A start after a finished compression has nothing to do.
    expect(await compressFiles(dir)).toBe(0);
    // A file written after its copies (a new build) is compressed again.
    const later = new Date((await stat(join(dir, "assets/index-abc.js.br"))).mtimeMs + 5_000);
    await writeFile(join(dir, "assets/index-abc.js"), `${script}//2`);
    await utimes(join(dir, "assets/index-abc.js"), later, later);
    expect(await compressFiles(dir)).toBe(1);
    expect(brotliDecompressSync(await readFile(join(dir, "assets/index-abc.js.br"))).toString()).toBe(`${script}//2`);
  });
});
