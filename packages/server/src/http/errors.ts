import type { ConflictReason, ErrorCode, FieldError } from "@atalaya/shared";

/** The third argument of an AppError: for a 409, its reason (CONFLICT_REASONS); otherwise a message for the log. */
type MessageOrReason<S extends number> = S extends 409 ? ConflictReason : string;

/** An error the client caused or may see: it carries the HTTP status and the code the UI translates. */
export class AppError<S extends number = number> extends Error {
  /** Why a 409 refused the action; the error body carries it as `reason` and the message is its text. */
  readonly reason: ConflictReason | undefined;

  constructor(
    readonly status: S,
    readonly code: ErrorCode,
    message?: MessageOrReason<S>,
    readonly fields?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Values for the placeholders of the translated message. */
    readonly vars?: Record<string, string | number>,
  ) {
    super(message ?? code);
    this.reason = status === 409 ? (message as ConflictReason | undefined) : undefined;
  }
}

/** 404 for anything missing or belonging to another company: the two must look the same. */
export const notFound = () => new AppError(404, "notFound", "Not found");
export const forbidden = () => new AppError(403, "forbidden", "Forbidden");
/** 400 with one field error, in the same shape as schema validation errors. */
export const invalidField = (field: string, code: string) =>
  new AppError(400, "validation", "Validation errors", [{ field, code }]);
