import type { ErrorCode, FieldError } from "@atalaya/shared";

/** An error the client caused or may see: it carries the HTTP status and the code the UI translates. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Values for the placeholders of the translated message. */
    readonly vars?: Record<string, string | number>,
  ) {
    super(message ?? code);
  }
}

/** 404 for anything missing or belonging to another company: the two must look the same. */
export const notFound = () => new AppError(404, "notFound", "Not found");
export const forbidden = () => new AppError(403, "forbidden", "Forbidden");
/** 400 with one field error, in the same shape as schema validation errors. */
export const invalidField = (field: string, code: string) =>
  new AppError(400, "validation", "Validation errors", [{ field, code }]);
