import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS, CLIENT_TEXT_CONTROL, CLIENT_STACK_CONTROL } from "./client-errors-scrub.js";

// Client error reporting (issue 18): the schemas of what the browser sends and of the provider's grouped
// listing; the kinds, bounds and scrubbing rule are in client-errors-scrub.ts.

const noControl = (keepLines: boolean) => (s: string) => !(keepLines ? CLIENT_STACK_CONTROL : CLIENT_TEXT_CONTROL).test(s);

/** One error (or one failed call) as the browser reports it; `count` is how many times the client
 * saw it within the batch's window. */
export const clientErrorSchema = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message).refine(noControl(false), "control_characters"),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).refine(noControl(true), "control_characters").optional(),
  route: z
    .string()
    .min(1)
    .max(CLIENT_ERROR_LIMITS.route)
    .refine(noControl(false), "control_characters")
    .refine((s) => s.startsWith("/") && !/[?#\s]/.test(s), "invalid_route"),
  /** A failed call's HTTP status (0: no response) and method. */
  status: z.number().int().min(0).max(599).optional(),
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).optional(),
  count: z.number().int().min(1).max(CLIENT_ERROR_LIMITS.count).default(1),
  /** When the client first saw it (ISO 8601); the server keeps its own receipt time. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type ClientErrorInput = z.input<typeof clientErrorSchema>;

/** A batch: the portal's release, the selected company (recorded only when the caller is signed in
 * and a member of it), the errors. Who the user is comes from the access token, never the body. */
export const clientErrorReportSchema = z.object({
  release: z.string().min(1).max(CLIENT_ERROR_LIMITS.release).regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/, "invalid_release"),
  companyId: z.number().int().positive().max(MAX_ID).nullable().optional(),
  errors: z.array(clientErrorSchema).min(1).max(CLIENT_ERROR_LIMITS.batch),
});
export type ClientErrorReport = z.input<typeof clientErrorReportSchema>;

export const clientErrorReportResponseSchema = z.object({ success: z.literal(true), stored: z.number().int() });

/** The provider's listing: filter by release, paged. */
export const clientErrorGroupsQuerySchema = z.object({
  release: z.string().min(1).max(CLIENT_ERROR_LIMITS.release).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** One group: the same message in the same release. */
export const clientErrorGroupSchema = z.object({
  /** Stable id of the group (a digest of message and release), for its detail. */
  id: z.string(),
  message: z.string(),
  release: z.string(),
  kinds: z.array(z.enum(CLIENT_ERROR_KINDS)),
  count: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  routes: z.array(z.string()),
  users: z.number().int(),
});
export type ClientErrorGroup = z.infer<typeof clientErrorGroupSchema>;

export const clientErrorGroupsResponseSchema = z.object({
  success: z.literal(true),
  groups: z.array(clientErrorGroupSchema),
  total: z.number().int(),
  /** Every release seen in the kept window, newest first, for the filter. */
  releases: z.array(z.string()),
});
export type ClientErrorGroupsResponse = z.infer<typeof clientErrorGroupsResponseSchema>;

/** A group's id (32 hex digits); any other text is a group that does not exist (404), so a caller
 * who is not a provider administrator hears 403 before anything about the id. */
export const clientErrorGroupParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** One occurrence of a group, newest first. */
export const clientErrorOccurrenceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CLIENT_ERROR_KINDS),
  route: z.string(),
  status: z.number().int().nullable(),
  method: z.string().nullable(),
  stack: z.string().nullable(),
  count: z.number().int(),
  userId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  userAgent: z.string().nullable(),
  receivedAt: z.string(),
});
export type ClientErrorOccurrence = z.infer<typeof clientErrorOccurrenceSchema>;

export const clientErrorGroupResponseSchema = z.object({
  success: z.literal(true),
  group: clientErrorGroupSchema,
  occurrences: z.array(clientErrorOccurrenceSchema),
});
export type ClientErrorGroupResponse = z.infer<typeof clientErrorGroupResponseSchema>;
