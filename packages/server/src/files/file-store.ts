import { randomInt } from "node:crypto";
import { createReadStream, type ReadStream } from "node:fs";
import { link, mkdir, stat, unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Media } from "@atalaya/shared";
import type { Config } from "../config.js";
import { AppError } from "../http/errors.js";
import type { DetectedType } from "./media-type.js";

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

/** Where uploads live: `<ATALAYA_DATA_DIR>/files`. */
export const filesDir = (config: Pick<Config, "dataDir">) => join(config.dataDir, "files");

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

/** Writes a checked upload under a new name; never overwrites an existing file. */
export async function saveUpload(dir: string, upload: CheckedUpload): Promise<StoredFile> {
  // A storage failure is not the sender's fault: 500 uploadFailed (SPEC §8 image upload: unknown).
  await mkdir(dir, { recursive: true }).catch((err: Error) => {
    throw new AppError(500, "uploadFailed", err.message);
  });
  for (let attempt = 0; ; attempt++) {
    const name = generateFileName(upload.type.ext);
    try {
      // A hard link gives the temporary file its stored name without copying it, and fails rather than
      // overwrite a file of the same name.
      await link(upload.path, join(dir, name));
      await unlink(upload.path).catch(() => undefined);
      const file = { name, mime: upload.type.mime, size: upload.size, originalName: upload.originalName };
      return { ...file, media: mediaOf(file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EEXIST" && attempt < 3) continue;
      await unlink(join(dir, name)).catch(() => undefined);
      throw new AppError(500, "uploadFailed", (err as Error).message);
    }
  }
}

/** Removes a stored file; a missing one is not an error. */
export async function removeFile(dir: string, name: string): Promise<void> {
  await unlink(join(dir, name)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== "ENOENT") throw err;
  });
}

/** Stores the upload (when there is one), runs fn, and keeps the file only when fn committed a row
 * that uses it: a failure or an idempotent repeat leaves no orphan file behind. */
export async function withStoredFile<T>(
  dir: string,
  upload: CheckedUpload | null,
  fn: (file: StoredFile | null) => Promise<{ value: T; fileUsed: boolean }>,
): Promise<T> {
  const file = upload ? await saveUpload(dir, upload) : null;
  let outcome: { value: T; fileUsed: boolean };
  try {
    outcome = await fn(file);
  } catch (err) {
    if (file) await removeFile(dir, file.name).catch(() => undefined);
    throw err;
  }
  if (file && !outcome.fileUsed) await removeFile(dir, file.name).catch(() => undefined);
  return outcome.value;
}

/** A stored file to stream back, or undefined when it is not on disk. */
export async function openFile(dir: string, name: string): Promise<{ stream: ReadStream; size: number } | undefined> {
  if (!FILE_NAME_PATTERN.test(name)) return undefined;
  const path = join(dir, name);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  return { stream: createReadStream(path), size: info.size };
}
