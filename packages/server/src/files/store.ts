import type { Readable } from "node:stream";
import { AppError } from "../http/errors.js";

/** A stored file opened for reading: its bytes as a stream and its size. */
export interface OpenedFile {
  stream: Readable;
  size: number;
}

/** Where files are kept, whichever kind: the local directory or an S3-compatible bucket. Keys are the
 * generated file names (FILE_NAME_PATTERN) or `exports/<name>`; the callers check them. */
export interface FileStore {
  /** What and where it is (a directory or s3://bucket/prefix), for logs and `npm run cluster`. */
  readonly where: string;
  /** Streams the local file at `from` into the store as `key`. Never overwrites: a taken key rejects
   * with FileExistsError. An unreachable store rejects with 503 fileStoreUnavailable, leaving nothing
   * under key (a multipart upload is aborted, a half-copied file removed). */
  put(key: string, from: string, mime: string): Promise<void>;
  /** The stored file streamed back, or undefined when there is none; 503 when unreachable. */
  open(key: string): Promise<OpenedFile | undefined>;
  /** Removes a stored file; a missing one is not an error; 503 when unreachable. */
  remove(key: string): Promise<void>;
  /** Lets go of its connections (when the app closes). */
  close(): void;
}

/** A put onto a key that is taken: the caller picks another name. */
export class FileExistsError extends Error {
  constructor(key: string) {
    super(`${key} is already stored`);
  }
}

/** Seconds a client is asked to wait when the store cannot be reached. */
export const STORE_RETRY_SECONDS = 5;

/** 503 fileStoreUnavailable with Retry-After: the store could not be reached or answered with a fault,
 * which is not the sender's doing (the cause stays in the log, not in the answer). */
export const storeUnavailable = (cause: unknown) =>
  new AppError(503, "fileStoreUnavailable", `file store: ${(cause as Error)?.message ?? String(cause)}`, undefined, {
    "retry-after": String(STORE_RETRY_SECONDS),
  }, { seconds: STORE_RETRY_SECONDS });
