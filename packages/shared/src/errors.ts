import { z } from "zod";

/** Error codes the API answers with; the web client translates each one. */
export const ERROR_CODES = [
  "validation",
  "generalError",
  "notAuthenticated",
  "forbidden",
  "notFound",
  "userNotFound",
  "wrongPassword",
  "invalidRole",
  "fieldMissing",
  "tooManyAttempts",
  "accountLocked",
  "invalidTicket",
  "alreadyTaken",
  "invalidTransition",
  "conflict",
  // Address change (SPEC §8 geocoding).
  "overQueryLimit",
  "unknow",
  "noResults",
  "noRegisteredAddress",
  "notInZone",
  // Uploads (SPEC §8 image upload: wrong type, too big, unknown).
  "invalidFileType",
  "fileTooLarge",
  "uploadFailed",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldErrorSchema = z.object({ field: z.string(), code: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The body of every failed API call. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string().optional(),
    fields: z.array(fieldErrorSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Exact text of SPEC §8 for calls without a valid token. */
export const NOT_AUTHENTICATED_MESSAGE = "user not authenticated";
