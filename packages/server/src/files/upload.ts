import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { MediaKind } from "@atalaya/shared";
import { AppError, invalidField } from "../http/errors.js";
import type { Config, UploadPace } from "../config.js";
import { cleanOriginalName, incomingDir, type CheckedUpload } from "./file-store.js";
import { detectMediaTypeOfFile } from "./media-type.js";
import { watchUploadPace } from "./upload-pace.js";

/** A file as received, streamed to a temporary file of this process and not yet checked. */
export interface RawUpload {
  path: string;
  size: number;
  filename: string;
}

/** The text fields and the one file of a multipart form. */
export interface UploadForm {
  fields: Record<string, string>;
  file: RawUpload | null;
}

/** How many uploads one process reads at a time: past the cap a request is turned away at once
 * (503 tooManyUploads with Retry-After) rather than queued, so a burst cannot pile up open files. */
export class UploadGate {
  private active = 0;
  constructor(readonly max: number) {}
  /** Takes a slot; false when all are taken. */
  enter(): boolean {
    if (this.active >= this.max) return false;
    this.active++;
    return true;
  }
  /** Gives a slot back. */
  leave(): void {
    this.active = Math.max(0, this.active - 1);
  }
  /** Uploads being read now. */
  get inUse(): number {
    return this.active;
  }
}

/** What reading an upload needs: the size limit, where temporary files go (`files/.incoming`, local
 * to the process whichever the store), the process's gate and the pace a body must keep. */
export interface UploadLimits {
  maxBytes: number;
  incoming: string;
  gate: UploadGate;
  pace: UploadPace;
}

const gates = new WeakMap<object, UploadGate>();
/** The upload limits of an app's configuration, one gate per configuration (per process). */
export function uploadLimitsOf(config: Pick<Config, "dataDir" | "maxUploadBytes" | "maxConcurrentUploads" | "uploadPace">): UploadLimits {
  let gate = gates.get(config);
  if (!gate) gates.set(config, (gate = new UploadGate(config.maxConcurrentUploads)));
  return { maxBytes: config.maxUploadBytes, incoming: incomingDir(config), gate, pace: config.uploadPace };
}

declare module "fastify" {
  interface FastifyRequest {
    /** What to undo once the response is sent or the request aborted: temporary files, the upload slot. */
    uploadCleanup: (() => Promise<void> | void)[] | null;
  }
}

/** Runs each request's upload clean-up after its response (or its abort): a temporary file that was not
 * stored is removed, the upload slot is given back. */
export function installUploadCleanup(app: FastifyInstance): void {
  app.decorateRequest("uploadCleanup", null);
  const run = async (req: FastifyRequest) => {
    const tasks = req.uploadCleanup;
    req.uploadCleanup = null;
    for (const task of tasks ?? []) await Promise.resolve(task()).catch(() => undefined);
  };
  app.addHook("onResponse", run);
  app.addHook("onRequestAbort", run);
}

function afterResponse(req: FastifyRequest, task: () => Promise<void> | void): void {
  (req.uploadCleanup ??= []).push(task);
}

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 100) / 100;

/** 400 fileTooLarge naming the limit (SPEC §8 image upload: too big). */
export const fileTooLarge = (maxBytes: number) =>
  new AppError(400, "fileTooLarge", "fileTooLarge", [{ field: "file", code: "fileTooLarge" }], undefined, { max: megabytes(maxBytes) });

/** 400 invalidFileType listing what is accepted (SPEC §8 image upload: wrong type). */
export const invalidFileType = (allowed: readonly MediaKind[]) =>
  new AppError(400, "invalidFileType", "invalidFileType", [{ field: "file", code: "invalidFileType" }], undefined, { allowed: allowed.join(", ") });

/** Seconds a client turned away by the upload cap is asked to wait. */
export const UPLOAD_RETRY_SECONDS = 5;

// What @fastify/busboy throws about a malformed form (plain errors, without a code).
const BUSBOY_MESSAGES = /^(Multipart: |Unexpected end of |Unsupported Content-Type|The needle cannot|Malformed|Part terminated)/;

// The multipart parser's own errors (fastify-error codes), as the API's 400s.
function multipartError(err: unknown, maxBytes: number): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge(maxBytes);
  if (code === "FST_FILES_LIMIT") return invalidField("file", "tooManyFiles");
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") return invalidField("body", "tooManyParts");
  if (typeof code === "string" && code.startsWith("FST_")) return invalidField("body", code);
  // The parser's (busboy's) own complaints about the form: no boundary, cut short, malformed.
  if (err instanceof Error && BUSBOY_MESSAGES.test(err.message)) return invalidField("body", "malformedMultipart");
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) return invalidField("body", "malformedMultipart");
  return err;
}

/** Reads a multipart form holding at most one file (field `file`) no bigger than maxBytes. The file is
 * streamed to a temporary file (never held in memory) and counted as it comes; past the limit the
 * request fails at once. At most `gate.max` uploads are read at a time per process. */
export async function readUploadForm(req: FastifyRequest, limits: UploadLimits): Promise<UploadForm> {
  const form = await readUploadFiles(req, limits, { field: "file", maxFiles: 1 });
  return { fields: form.fields, file: form.files[0] ?? null };
}

/** Reads a multipart form with text fields and up to maxFiles files (all in the named field), each
 * streamed to its own temporary file and no bigger than maxBytes; one more file is 400 tooManyFiles.
 * The same gate, limits and error codes as readUploadForm. A body that stalls or crawls (limits.pace)
 * is answered 408 uploadTooSlow at once, with `Connection: close`; once that answer is sent the
 * connection is dropped, which ends the parse, and the temporary files and the slot go as after any
 * answer. */
export async function readUploadFiles(
  req: FastifyRequest,
  limits: UploadLimits,
  options: { field: string; maxFiles: number },
): Promise<{ fields: Record<string, string>; files: RawUpload[] }> {
  if (!limits.gate.enter()) {
    throw new AppError(503, "tooManyUploads", "tooManyUploads", undefined, { "retry-after": String(UPLOAD_RETRY_SECONDS) }, { seconds: UPLOAD_RETRY_SECONDS });
  }
  afterResponse(req, () => limits.gate.leave());
  const fields: Record<string, string> = {};
  const files: RawUpload[] = [];
  const read = async () => {
    const parts = req.parts({ limits: { fileSize: limits.maxBytes, files: options.maxFiles, fields: 10, fieldSize: 64 * 1024, parts: 11 + options.maxFiles } });
    for await (const part of parts) {
      if (part.type === "file") {
        const upload = part as MultipartFile;
        if (upload.fieldname !== options.field) throw invalidField(upload.fieldname, "unexpectedFile");
        files.push({ ...(await streamToTemporaryFile(req, upload, limits)), filename: upload.filename });
      } else {
        if (part.valueTruncated) throw invalidField(part.fieldname, "too_big");
        fields[part.fieldname] = String(part.value);
      }
    }
  };
  let stopWatching = () => {};
  const tooSlow = new Promise<never>((_, reject) => {
    stopWatching = watchUploadPace(req.raw.socket, limits.pace, (why) => {
      req.log.info({ why, pace: limits.pace }, "upload too slow");
      // The rest of the body is never read: the connection ends after the answer.
      afterResponse(req, () => void req.raw.destroy());
      reject(new AppError(408, "uploadTooSlow", `upload ${why}`, undefined, { connection: "close" }));
    });
  });
  const reading = read();
  // Once the 408 is answered the dropped connection fails the parse: that failure is nobody's.
  reading.catch(() => undefined);
  try {
    await Promise.race([reading, tooSlow]);
  } catch (err) {
    throw multipartError(err, limits.maxBytes);
  } finally {
    stopWatching();
  }
  return { fields, files };
}

async function streamToTemporaryFile(req: FastifyRequest, upload: MultipartFile, limits: UploadLimits): Promise<{ path: string; size: number }> {
  const incoming = limits.incoming;
  await mkdir(incoming, { recursive: true }).catch((err: Error) => {
    throw new AppError(500, "uploadFailed", err.message);
  });
  const path = join(incoming, `${randomUUID()}.part`);
  afterResponse(req, () => unlink(path).catch(() => undefined));
  let size = 0;
  upload.file.on("data", (chunk: Buffer) => {
    size += chunk.length;
  });
  await pipeline(upload.file, createWriteStream(path, { flags: "wx" }));
  if (upload.file.truncated || size > limits.maxBytes) throw fileTooLarge(limits.maxBytes);
  return { path, size };
}

/** Validates data with a shared schema, answering 400 in the same shape as route schema errors. */
export function parseBody<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fields = result.error.issues.map((i) => ({ field: i.path.join(".") || "body", code: i.code }));
  throw new AppError(400, "validation", "Validation errors", fields);
}

/** Checks an upload by its content (read from its temporary file) against the allowed SPEC §5 types;
 * anything else is 400 invalidFileType. */
export async function checkUpload(upload: RawUpload, allowed: readonly MediaKind[]): Promise<CheckedUpload> {
  const type = await detectMediaTypeOfFile(upload.path, upload.filename);
  if (!type || !allowed.includes(type.kind)) throw invalidFileType(allowed);
  return { path: upload.path, size: upload.size, type, originalName: cleanOriginalName(upload.filename) };
}

/** A JSON body, or a multipart form with text fields and an optional file: what comment and note
 * routes accept. The body is validated with schema either way. */
export async function readBodyWithFile<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
  limits: UploadLimits,
): Promise<{ data: z.infer<S>; file: RawUpload | null }> {
  if (!req.isMultipart()) return { data: parseBody(schema, req.body ?? {}), file: null };
  const form = await readUploadForm(req, limits);
  return { data: parseBody(schema, form.fields), file: form.file };
}
