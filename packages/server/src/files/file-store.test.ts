import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { PDF } from "../test/sample-files.js";
import { cleanOriginalName, withStoredFile, type CheckedUpload } from "./file-store.js";
import { detectMediaType } from "./media-type.js";

let dir: string;
let sent = 0;
// Each use is a new temporary file, as each request streams its own (storing one moves it).
const upload = async (): Promise<CheckedUpload> => {
  const path = join(dir, `sent-${++sent}.part`);
  await writeFile(path, PDF);
  return { path, size: PDF.length, type: (await detectMediaType(PDF, "a.pdf"))!, originalName: "a.pdf" };
};
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "atalaya-store-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("withStoredFile", () => {
  it("keeps the file when the change committed a row using it", async () => {
    const name = await withStoredFile(dir, await upload(), async (file) => ({ value: file!.name, fileUsed: true }));
    expect(await readdir(dir)).toContain(name);
  });

  it("leaves no file behind when the change fails or did not use it (an idempotent repeat)", async () => {
    const [first, second] = [await upload(), await upload()];
    const before = (await readdir(dir)).filter((n) => !n.endsWith(".part"));
    await expect(withStoredFile(dir, first, async () => { throw new Error("rolled back"); })).rejects.toThrow("rolled back");
    await withStoredFile(dir, second, async () => ({ value: null, fileUsed: false }));
    expect((await readdir(dir)).filter((n) => !n.endsWith(".part"))).toEqual(before);
  });

  it("fails with 500 uploadFailed, before any change, when the store cannot be written", async () => {
    const notADir = join(dir, "plain-file");
    await writeFile(notADir, "x");
    let ran = false;
    const attempt = withStoredFile(join(notADir, "files"), await upload(), async () => {
      ran = true;
      return { value: null, fileUsed: true };
    });
    await expect(attempt).rejects.toMatchObject({ status: 500, code: "uploadFailed" });
    expect(ran).toBe(false);
  });

  it("runs the change without a file when there is no upload", async () => {
    expect(await withStoredFile(dir, null, async (file) => ({ value: file, fileUsed: false }))).toBeNull();
  });
});

describe("cleanOriginalName", () => {
  it("keeps no control nor bidirectional control characters in a shown file name", () => {
    expect(cleanOriginalName("factura\u202Efdp.exe")).toBe("facturafdp.exe");
    expect(cleanOriginalName("a\u2066b\u2067c\u2068d\u2069e\u200Ef\u200Fg\u202Ah\u202Bi\u202Cj\u202Dk.pdf")).toBe("abcdefghijk.pdf");
    expect(cleanOriginalName("uno\u0000dos\u0085tres\u009f\u007f\n.txt")).toBe("unodostres.txt");
    expect(cleanOriginalName("C:\\fotos\\Año nuevo — día 1.jpg")).toBe("Año nuevo — día 1.jpg");
    expect(cleanOriginalName("\u202E\u202E")).toBeNull();
  });
});

describe("MAX_UPLOAD_MB", () => {
  it("defaults to 10 MB, accepts fractions, and names itself when wrong", () => {
    expect(loadConfig({}).maxUploadBytes).toBe(10 * 1024 * 1024);
    expect(loadConfig({ MAX_UPLOAD_MB: "0.5" }).maxUploadBytes).toBe(512 * 1024);
    for (const bad of ["0", "-1", "lots", "5000"]) {
      expect(() => loadConfig({ MAX_UPLOAD_MB: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ MAX_UPLOAD_MB: bad })).toThrow(/MAX_UPLOAD_MB/);
    }
  });
});
