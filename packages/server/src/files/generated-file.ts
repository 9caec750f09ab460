import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import type { MediaKind } from "@atalaya/shared";
import type { Config } from "../config.js";
import { incomingDir } from "./file-store.js";
import { typeOfKind } from "./media-type.js";
import { fileStoreOf } from "./store-of.js";
import type { OpenedFile } from "./store.js";

/** Keys of files the server makes itself (exports): `exports/<job>-<uuid>.<ext>`. */
const GENERATED_KEY = /^exports\/[A-Za-z0-9-]{1,100}\.[a-z0-9]{2,5}$/;

/** A job's result that names its stored file: `key` now, `path` (a local file under files/exports)
 * in results written before files went through the store. */
export type GeneratedFileResult = { key?: string; path?: string } | null;

/** The store key of a job's file, or undefined when the result names none. */
export function generatedKeyOf(result: GeneratedFileResult): string | undefined {
  const key = result?.key ?? (result?.path ? `exports/${basename(result.path)}` : undefined);
  return key && GENERATED_KEY.test(key) ? key : undefined;
}

/** Writes a file the server makes (an export) to a temporary file of this process, then streams it
 * into the store as `exports/<stem>-<uuid>.<ext>`, so that any process can serve it. On any failure
 * nothing is left behind, neither the temporary file nor the stored one. */
export async function storeGeneratedFile<T>(
  config: Pick<Config, "dataDir" | "fileStore">,
  file: { stem: string; kind: MediaKind },
  write: (out: Writable) => Promise<T>,
): Promise<{ key: string; value: T }> {
  const dir = incomingDir(config);
  await mkdir(dir, { recursive: true });
  const { mime, ext } = typeOfKind(file.kind);
  const name = `${file.stem}-${randomUUID()}.${ext}`;
  const path = join(dir, `${name}.part`);
  const out = createWriteStream(path, { flags: "wx" });
  try {
    const value = await write(out);
    await finished(out);
    const key = `exports/${name}`;
    await fileStoreOf(config).put(key, path, mime);
    return { key, value };
  } catch (err) {
    // Closed before the temporary file is removed: a stream still opening would create it after.
    out.destroy();
    if (!out.closed) await once(out, "close");
    throw err;
  } finally {
    await rm(path, { force: true });
  }
}

/** A generated file streamed back, or undefined when it is not (or no longer) stored. */
export async function openGeneratedFile(config: Pick<Config, "fileStore">, result: GeneratedFileResult): Promise<OpenedFile | undefined> {
  const key = generatedKeyOf(result);
  return key ? fileStoreOf(config).open(key) : undefined;
}

/** Removes a job's generated file; a missing one is not an error. */
export async function removeGeneratedFile(config: Pick<Config, "fileStore">, result: GeneratedFileResult): Promise<void> {
  const key = generatedKeyOf(result);
  if (key) await fileStoreOf(config).remove(key);
}
