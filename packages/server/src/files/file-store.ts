import { randomInt } from "node:crypto";
import { unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Media } from "@atalaya/shared";
import type { Config } from "../config.js";
import type { DetectedType } from "./media-type.js";
import { FileExistsError, type FileStore, type OpenedFile } from "./store.js";

/** An upload whose content was checked: its temporary file and size, what it is, and the sender's file name. */
export interface CheckedUpload {
  path: string;
  size: number;
  type: DetectedType;
  originalName: string | null;
}

/** A file written to the store, with the media entry that points at it. */
export interface StoredFile {
  name: string;
  mime: string;
  size: number;
  originalName: string | null;
  media: Media;
}

/** The local directory of files: the local store's (by default) and, whichever the store, the
 * temporary files of uploads and exports being written (`.incoming`), which never leave this process. */
export const filesDir = (config: Pick<Config, "dataDir">) => join(config.dataDir, "files");

/** Where this process writes a file before it is checked and streamed to the store. */
export const incomingDir = (config: Pick<Config, "dataDir">) => join(filesDir(config), ".incoming");

const SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
/** Generated names: UTC timestamp, a 6-character random suffix, the extension of the detected type. */
export const FILE_NAME_PATTERN = /^\d{8}T\d{9}Z-[a-z0-9]{6}\.[a-z0-9]{2,5}$/;

/** A new file name carrying a timestamp and a 6-character random suffix (SPEC §5). */
export function generateFileName(ext: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, "");
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return `${stamp}-${suffix}.${ext}`;
}

// Control characters (C0, DEL, C1) and the bidirectional controls that can make "gpj.exe" read as
// "exe.jpg" (embeddings, overrides, isolates, LRM/RLM, ALM), plus line and paragraph separators.
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c\u2028\u2029]/g;

/** The sender's file name reduced to something safe to show: no path, no control or bidirectional
 * control characters. */
export function cleanOriginalName(filename: string | undefined): string | null {
  const name = basename((filename ?? "").replaceAll("\\", "/")).replace(UNSAFE_NAME_CHARACTERS, "").trim().slice(0, 200);
  return name || null;
}

/** The media entry of a stored file, as reports, comments and notes keep it. */
export function mediaOf(file: Omit<StoredFile, "media">): Media {
  return {
    name: file.name,
    url: `/api/files/${file.name}`,
    mime: file.mime,
    size: file.size,
    status: "ready",
    ...(file.originalName ? { originalName: file.originalName } : {}),
  };
}

/** Streams a checked upload into the store under a new name; never overwrites an existing file. An
 * unreachable store is 503 fileStoreUnavailable, with nothing stored. */
export async function saveUpload(store: FileStore, upload: CheckedUpload): Promise<StoredFile> {
  for (let attempt = 0; ; attempt++) {
    const name = generateFileName(upload.type.ext);
    try {
      await store.put(name, upload.path, upload.type.mime);
    } catch (err) {
      // A taken name (two uploads in the same millisecond with the same suffix) is drawn again.
      if (err instanceof FileExistsError && attempt < 3) continue;
      throw err;
    }
    // The local kind linked the temporary file; either way it is no longer needed.
    await unlink(upload.path).catch(() => undefined);
    const file = { name, mime: upload.type.mime, size: upload.size, originalName: upload.originalName };
    return { ...file, media: mediaOf(file) };
  }
}

/** Removes a stored file; a missing one is not an error. */
export async function removeFile(store: FileStore, name: string): Promise<void> {
  await store.remove(name);
}

/** Stores the upload (when there is one), runs fn, and keeps the file only when fn committed a row
 * that uses it: a failure or an idempotent repeat leaves no orphan file behind, and a store that
 * cannot be reached fails before fn runs, so no row points at a missing file. */
export async function withStoredFile<T>(
  store: FileStore,
  upload: CheckedUpload | null,
  fn: (file: StoredFile | null) => Promise<{ value: T; fileUsed: boolean }>,
): Promise<T> {
  const file = upload ? await saveUpload(store, upload) : null;
  let outcome: { value: T; fileUsed: boolean };
  try {
    outcome = await fn(file);
  } catch (err) {
    if (file) await removeFile(store, file.name).catch(() => undefined);
    throw err;
  }
  if (file && !outcome.fileUsed) await removeFile(store, file.name).catch(() => undefined);
  return outcome.value;
}

/** A stored upload to stream back, or undefined when the name is not one of ours or it is not stored;
 * 503 fileStoreUnavailable when the store cannot be reached. */
export async function openFile(store: FileStore, name: string): Promise<OpenedFile | undefined> {
  if (!FILE_NAME_PATTERN.test(name)) return undefined;
  return store.open(name);
}
