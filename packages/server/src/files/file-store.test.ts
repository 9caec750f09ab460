import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { PDF } from "../test/sample-files.js";
import { withStoredFile, type CheckedUpload } from "./file-store.js";
import { detectMediaType } from "./media-type.js";

let dir: string;
let upload: CheckedUpload;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "atalaya-store-"));
  upload = { buffer: PDF, type: (await detectMediaType(PDF, "a.pdf"))!, originalName: "a.pdf" };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("withStoredFile", () => {
  it("keeps the file when the change committed a row using it", async () => {
    const name = await withStoredFile(dir, upload, async (file) => ({ value: file!.name, fileUsed: true }));
    expect(await readdir(dir)).toContain(name);
  });

  it("leaves no file behind when the change fails or did not use it (an idempotent repeat)", async () => {
    const before = await readdir(dir);
    await expect(withStoredFile(dir, upload, async () => { throw new Error("rolled back"); })).rejects.toThrow("rolled back");
    await withStoredFile(dir, upload, async () => ({ value: null, fileUsed: false }));
    expect(await readdir(dir)).toEqual(before);
  });

  it("fails with 500 uploadFailed, before any change, when the store cannot be written", async () => {
    const notADir = join(dir, "plain-file");
    await writeFile(notADir, "x");
    let ran = false;
    const attempt = withStoredFile(join(notADir, "files"), upload, async () => {
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
