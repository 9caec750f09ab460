import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { MediaKind } from "@atalaya/shared";
import { AppError, invalidField } from "../http/errors.js";
import { cleanOriginalName, type CheckedUpload } from "./file-store.js";
import { detectMediaType } from "./media-type.js";

/** A file as received, not yet checked. */
export interface RawUpload {
  buffer: Buffer;
  filename: string;
}

/** The text fields and the one file of a multipart form. */
export interface UploadForm {
  fields: Record<string, string>;
  file: RawUpload | null;
}

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 100) / 100;

/** 400 fileTooLarge naming the limit (SPEC §8 image upload: too big). */
export const fileTooLarge = (maxBytes: number) =>
  new AppError(400, "fileTooLarge", "fileTooLarge", [{ field: "file", code: "fileTooLarge" }], undefined, { max: megabytes(maxBytes) });

/** 400 invalidFileType listing what is accepted (SPEC §8 image upload: wrong type). */
export const invalidFileType = (allowed: readonly MediaKind[]) =>
  new AppError(400, "invalidFileType", "invalidFileType", [{ field: "file", code: "invalidFileType" }], undefined, { allowed: allowed.join(", ") });

// The multipart parser's own errors (fastify-error codes), as the API's 400s.
function multipartError(err: unknown, maxBytes: number): unknown {
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge(maxBytes);
  if (code === "FST_FILES_LIMIT") return invalidField("file", "tooManyFiles");
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") return invalidField("body", "tooManyParts");
  if (typeof code === "string" && code.startsWith("FST_")) return invalidField("body", code);
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) return invalidField("body", "malformedMultipart");
  return err;
}

/** Reads a multipart form holding at most one file (field `file`) no bigger than maxBytes, fully
 * buffered so its content can be checked before anything is written. */
export async function readUploadForm(req: FastifyRequest, maxBytes: number): Promise<UploadForm> {
  const fields: Record<string, string> = {};
  let file: RawUpload | null = null;
  try {
    const parts = req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 } });
    for await (const part of parts) {
      if (part.type === "file") {
        const upload = part as MultipartFile;
        if (upload.fieldname !== "file") throw invalidField(upload.fieldname, "unexpectedFile");
        file = { buffer: await upload.toBuffer(), filename: upload.filename };
      } else {
        if (part.valueTruncated) throw invalidField(part.fieldname, "too_big");
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw multipartError(err, maxBytes);
  }
  return { fields, file };
}

/** Validates data with a shared schema, answering 400 in the same shape as route schema errors. */
export function parseBody<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fields = result.error.issues.map((i) => ({ field: i.path.join(".") || "body", code: i.code }));
  throw new AppError(400, "validation", "Validation errors", fields);
}

/** Checks an upload by its content against the allowed SPEC §5 types; anything else is 400 invalidFileType. */
export async function checkUpload(upload: RawUpload, allowed: readonly MediaKind[]): Promise<CheckedUpload> {
  const type = await detectMediaType(upload.buffer, upload.filename);
  if (!type || !allowed.includes(type.kind)) throw invalidFileType(allowed);
  return { buffer: upload.buffer, type, originalName: cleanOriginalName(upload.filename) };
}

/** A JSON body, or a multipart form with text fields and an optional file: what comment and note
 * routes accept. The body is validated with schema either way. */
export async function readBodyWithFile<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
  maxBytes: number,
): Promise<{ data: z.infer<S>; file: RawUpload | null }> {
  if (!req.isMultipart()) return { data: parseBody(schema, req.body ?? {}), file: null };
  const form = await readUploadForm(req, maxBytes);
  return { data: parseBody(schema, form.fields), file: form.file };
}
