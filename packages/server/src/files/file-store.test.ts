import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type Config } from "../config.js";
import { PDF } from "../test/sample-files.js";
import { startS3Server, type TestS3Server } from "../test/s3-server.js";
import { cleanOriginalName, incomingDir, saveUpload, withStoredFile, type CheckedUpload } from "./file-store.js";
import { detectMediaType } from "./media-type.js";
import { openGeneratedFile, removeGeneratedFile, storeGeneratedFile } from "./generated-file.js";
import { closeFileStoreOf, fileStoreOf } from "./store-of.js";
import { FileExistsError, type FileStore } from "./store.js";

// The file store (issue 34): the same cases against both kinds, the local directory and an S3 bucket
// (a local S3 server in a process of its own, which "unreachable" kills and brings back).
let root: string;
let s3: TestS3Server;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "atalaya-store-"));
  s3 = await startS3Server(join(root, "s3"));
});
afterAll(async () => {
  for (const kind of KINDS) closeFileStoreOf(kind.config());
  await s3?.stop();
  await rm(root, { recursive: true, force: true });
});

interface Kind {
  name: string;
  /** The configuration of a process using this kind (its data dir holds the temporary files). */
  config: () => Pick<Config, "dataDir" | "fileStore">;
  store: () => FileStore;
  /** Makes the store unreachable, and back. */
  breakIt: () => Promise<void>;
  mend: () => Promise<void>;
  /** A put that the store's going away can cut in the middle (the local kind's is one link). */
  cutMidway: boolean;
}

const localDir = () => join(root, "local");
let localConfig: Pick<Config, "dataDir" | "fileStore"> | undefined;
let bucketConfig: Config | undefined;
const KINDS: Kind[] = [
  {
    name: "local directory",
    config: () => (localConfig ??= { dataDir: join(root, "data"), fileStore: { kind: "local", dir: localDir() } }),
    store: () => fileStoreOf(KINDS[0]!.config()),
    // A file where the directory was: every write and read fails as a lost disk would.
    breakIt: async () => {
      await rename(localDir(), `${localDir()}.away`).catch(() => undefined);
      await writeFile(localDir(), "not a directory");
    },
    mend: async () => {
      await rm(localDir(), { force: true });
      await rename(`${localDir()}.away`, localDir()).catch(() => undefined);
    },
    cutMidway: false,
  },
  {
    name: "S3 bucket",
    config: () => (bucketConfig ??= loadConfig({ ATALAYA_DATA_DIR: join(root, "data"), ...s3.env("files") })),
    store: () => fileStoreOf(KINDS[1]!.config()),
    breakIt: () => s3.stop(),
    mend: () => s3.start(),
    cutMidway: true,
  },
];

let sent = 0;
/** A temporary file as an upload leaves it (each use its own: storing one may move it). */
async function tempFile(data: Buffer | string = PDF): Promise<string> {
  const path = join(root, `sent-${++sent}.part`);
  await writeFile(path, data);
  return path;
}
const upload = async (): Promise<CheckedUpload> => ({ path: await tempFile(), size: PDF.length, type: (await detectMediaType(PDF, "a.pdf"))!, originalName: "a.pdf" });
const key = () => `20260101T000000000Z-${String(++sent).padStart(6, "0")}.pdf`;

/** The size of a stored file (undefined when missing), its stream let go unread. */
async function sizeIn(store: FileStore, key: string): Promise<number | undefined> {
  const opened = await store.open(key);
  opened?.stream.destroy();
  return opened?.size;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A file of `mib` MiB of varied bytes written a chunk at a time; answers its path and SHA-256. */
async function bigFile(mib: number): Promise<{ path: string; sha: string }> {
  const path = join(root, `big-${++sent}.bin`);
  const out = createWriteStream(path);
  const hash = createHash("sha256");
  for (let i = 0; i < mib; i++) {
    const chunk = createHash("sha512").update(String(i)).digest();
    const block = Buffer.alloc(1024 * 1024, chunk);
    hash.update(block);
    if (!out.write(block)) await new Promise<void>((done) => out.once("drain", () => done()));
  }
  out.end();
  await finished(out);
  return { path, sha: hash.digest("hex") };
}

// Buffers grow with the bytes streamed even when little is held, until a collection frees them: a
// sample over the limit is taken again after a full collection, so that only buffers still held count
// (collecting at every sample would starve the worker, which holds the whole server's heap). One
// collection leaves a dead buffer's memory to a background thread, which a loaded machine runs late: 52
// MB of freed buffers were counted once beside the fault suite, and 48 MB in a clean clone's run even after
// three collections 20 ms apart. The next collection first finishes that sweep, so two in a row leave only
// what is still held (about 15 MB, three 5 MiB parts, while a bucket upload runs; a read almost nothing).
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const collect = () => {
  gc();
  gc();
};
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The largest growth of this process's buffers still held while fn runs (sampled every 10 ms), as far
 * as it exceeds limit. */
async function peakBufferGrowth(limit: number, fn: () => Promise<void>): Promise<number> {
  collect();
  const base = process.memoryUsage().arrayBuffers;
  const held = () => {
    const growth = process.memoryUsage().arrayBuffers - base;
    if (growth <= limit) return growth;
    collect();
    return process.memoryUsage().arrayBuffers - base;
  };
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      await pause(10);
      peak = Math.max(peak, held());
    }
  })();
  try {
    await fn();
  } finally {
    running = false;
    await sampling;
  }
  return Math.max(peak, held());
}

describe.each(KINDS)("the file store: $name", (kind) => {
  it("gives back what was put, byte for byte, with its size", async () => {
    const store = kind.store();
    const k = key();
    await store.put(k, await tempFile(), "application/pdf");
    const opened = await store.open(k);
    expect(opened?.size).toBe(PDF.length);
    expect((await readAll(opened!.stream)).equals(PDF)).toBe(true);
  });

  it("streams a large file in and out without holding it whole", async () => {
    const store = kind.store();
    const size = 96 * 1024 * 1024;
    const { path, sha } = await bigFile(96);
    const k = `exports/big-${++sent}.bin`;
    // Parts of 5 MiB, two in flight, and chunks read as they come (up to 25 MiB seen in a loaded worker):
    // well below half the file, which a store holding it whole would pass.
    const limit = size / 2;
    const growthIn = await peakBufferGrowth(limit, () => store.put(k, path, "application/octet-stream"));
    let readSha = "";
    const growthOut = await peakBufferGrowth(limit, async () => {
      const opened = await store.open(k);
      expect(opened?.size).toBe(size);
      const hash = createHash("sha256");
      for await (const chunk of opened!.stream) hash.update(chunk as Buffer);
      readSha = hash.digest("hex");
    });
    expect(readSha).toBe(sha);
    expect(growthIn).toBeLessThan(limit);
    expect(growthOut).toBeLessThan(limit);
  });

  it("never overwrites: a taken key is refused and keeps what it held", async () => {
    const store = kind.store();
    const k = key();
    await store.put(k, await tempFile(), "application/pdf");
    await expect(store.put(k, await tempFile("other bytes"), "text/plain")).rejects.toBeInstanceOf(FileExistsError);
    expect((await readAll((await store.open(k))!.stream)).equals(PDF)).toBe(true);
  });

  it("deletes a file, and deleting a missing one is no error", async () => {
    const store = kind.store();
    const k = key();
    await store.put(k, await tempFile(), "application/pdf");
    await store.remove(k);
    expect(await store.open(k)).toBeUndefined();
    await expect(store.remove(k)).resolves.toBeUndefined();
  });

  it("answers no file (the routes' 404) for a key it does not hold", async () => {
    expect(await kind.store().open(key())).toBeUndefined();
    expect(await kind.store().open("exports/never-written.xlsx")).toBeUndefined();
  });

  it("unreachable: 503 fileStoreUnavailable with Retry-After, nothing written, and back by itself after", async () => {
    const store = kind.store();
    const kept = key();
    await store.put(kept, await tempFile(), "application/pdf");
    const lost = key();
    await kind.breakIt();
    try {
      const unavailable = { status: 503, code: "fileStoreUnavailable", headers: { "retry-after": "5" } };
      await expect(store.put(lost, await tempFile(), "application/pdf")).rejects.toMatchObject(unavailable);
      await expect(store.open(kept)).rejects.toMatchObject(unavailable);
      await expect(store.remove(kept)).rejects.toMatchObject(unavailable);
      // An upload through saveUpload fails the same way and keeps its temporary file for the caller.
      await expect(saveUpload(store, await upload())).rejects.toMatchObject(unavailable);
    } finally {
      await kind.mend();
    }
    expect(await store.open(lost)).toBeUndefined();
    expect(await sizeIn(store, kept)).toBe(PDF.length);
    const again = key();
    await store.put(again, await tempFile(), "application/pdf");
    expect(await sizeIn(store, again)).toBe(PDF.length);
  });

  it("a store that goes away in the middle of a put leaves no partial file", async () => {
    const store = kind.store();
    const { path } = await bigFile(24);
    const k = `exports/cut-${++sent}.bin`;
    const putting = store.put(k, path, "application/octet-stream").then(() => "stored", (err: unknown) => err);
    await new Promise((done) => setTimeout(done, 300));
    await kind.breakIt();
    const outcome = await putting;
    await kind.mend();
    const size = await sizeIn(store, k);
    if (kind.cutMidway) {
      expect(outcome).toMatchObject({ status: 503, code: "fileStoreUnavailable" });
      expect(size).toBeUndefined();
    } else {
      // One link: done whole before the store went away.
      expect(outcome).toBe("stored");
      expect(size).toBe(24 * 1024 * 1024);
    }
  });

  it("keeps a job's export: written locally, streamed into the store, read by its result, removed", async () => {
    const config = kind.config();
    const { key, value } = await storeGeneratedFile(config, { stem: "7", kind: "xlsx" }, async (out) => {
      out.end("hoja");
      return 4;
    });
    expect(value).toBe(4);
    expect(key).toMatch(/^exports\/7-[0-9a-f-]{36}\.xlsx$/);
    expect(await readdir(incomingDir(config))).toEqual([]);
    expect((await readAll((await openGeneratedFile(config, { key }))!.stream)).toString()).toBe("hoja");
    // A result written before exports went through the store named its local path: the same file.
    const legacy = await openGeneratedFile(config, { path: `/srv/old/files/${key}` });
    expect(legacy?.size).toBe(4);
    legacy?.stream.destroy();
    expect(await openGeneratedFile(config, { key: "exports/../../etc/passwd" })).toBeUndefined();
    await removeGeneratedFile(config, { key });
    expect(await openGeneratedFile(config, { key })).toBeUndefined();
    // A writer that fails leaves no temporary file (and the store is given a file only once it is written).
    await expect(storeGeneratedFile(config, { stem: "8", kind: "xlsx" }, async () => {
      throw new Error("query failed");
    })).rejects.toThrow("query failed");
    expect(await readdir(incomingDir(config))).toEqual([]);
  });

  describe("withStoredFile", () => {
    it("keeps the file when the change committed a row using it", async () => {
      const name = await withStoredFile(kind.store(), await upload(), async (file) => ({ value: file!.name, fileUsed: true }));
      expect(await sizeIn(kind.store(), name)).toBe(PDF.length);
    });

    it("leaves no file behind when the change fails or did not use it (an idempotent repeat)", async () => {
      const names: string[] = [];
      await expect(withStoredFile(kind.store(), await upload(), async (file) => {
        names.push(file!.name);
        throw new Error("rolled back");
      })).rejects.toThrow("rolled back");
      await withStoredFile(kind.store(), await upload(), async (file) => {
        names.push(file!.name);
        return { value: null, fileUsed: false };
      });
      expect(names).toHaveLength(2);
      for (const name of names) expect(await kind.store().open(name)).toBeUndefined();
    });

    it("fails with 503 fileStoreUnavailable, before any change, when the store cannot be reached", async () => {
      let ran = false;
      const sending = await upload();
      await kind.breakIt();
      try {
        const attempt = withStoredFile(kind.store(), sending, async () => {
          ran = true;
          return { value: null, fileUsed: true };
        });
        await expect(attempt).rejects.toMatchObject({ status: 503, code: "fileStoreUnavailable" });
      } finally {
        await kind.mend();
      }
      expect(ran).toBe(false);
    });

    it("runs the change without a file when there is no upload", async () => {
      expect(await withStoredFile(kind.store(), null, async (file) => ({ value: file, fileUsed: false }))).toBeNull();
    });
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

describe("FILE_STORE_URL", () => {
  it("defaults to the data dir's files; an s3:// URL is a bucket and prefix with the FILE_STORE_* settings", () => {
    expect(loadConfig({ ATALAYA_DATA_DIR: "/srv/atalaya" }).fileStore).toEqual({ kind: "local", dir: "/srv/atalaya/files" });
    expect(loadConfig({ FILE_STORE_URL: "s3://city-files/atalaya/prod", FILE_STORE_ENDPOINT: "http://minio:9000", FILE_STORE_FORCE_PATH_STYLE: "true", FILE_STORE_ACCESS_KEY_ID: "k", FILE_STORE_SECRET_ACCESS_KEY: "s" }).fileStore).toEqual({
      kind: "s3",
      bucket: "city-files",
      prefix: "atalaya/prod/",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      credentials: { accessKeyId: "k", secretAccessKey: "s" },
      forcePathStyle: true,
    });
    expect(loadConfig({ FILE_STORE_URL: "s3://city-files" }).fileStore).toMatchObject({ bucket: "city-files", prefix: "", credentials: undefined, forcePathStyle: false });
    for (const bad of [{ FILE_STORE_URL: "/var/files" }, { FILE_STORE_URL: "s3://" }, { FILE_STORE_ENDPOINT: "minio:9000" }, { FILE_STORE_ACCESS_KEY_ID: "only-one" }]) {
      expect(() => loadConfig(bad)).toThrow(/FILE_STORE_/);
    }
  });
});
