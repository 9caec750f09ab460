import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { reportSchema } from "./reports.js";

/** Largest id a body or query may carry (PostgreSQL integer). */
/** How far back the history looks when no dates are given (SPEC §9: the last 1 day, in UTC). */
export const HISTORY_DEFAULT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Rows of one history or activity page unless the client asks for another size. */
export const HISTORY_PAGE_SIZE = 20;

// ISO 8601: a day (read as a UTC day) or an instant with its offset (Z or ±hh:mm).
const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const ISO_INSTANT = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;

/** True for an ISO 8601 day (`2026-11-23`) or instant with offset (`2026-11-23T23:30:00-03:00`) that exists. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DAY.test(value) && !ISO_INSTANT.test(value)) return false;
  const day = value.slice(0, 10);
  // 2026-02-30 matches the pattern but is not a day.
  return !Number.isNaN(Date.parse(value)) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}

/** The instant a filter date stands for: a day starts at 00:00 UTC (`end` true: the next day's 00:00, exclusive). */
export function isoDateToInstant(value: string, end = false): Date {
  if (ISO_DAY.test(value)) {
    const start = new Date(`${value}T00:00:00Z`);
    return end ? new Date(start.getTime() + 24 * 60 * 60 * 1000) : start;
  }
  return new Date(value);
}

const isoDate = z.string().max(40).refine(isIsoDate, { message: "invalid_date" });
// No control characters: an identifier is an id, a uuid or the start of one.
const identifier = z.string().trim().max(64).regex(/^[^\p{Cc}]*$/u, { message: "invalid_identifier" });

/** SPEC §3 report filter of `POST /api/companies/{companyId}/reports/history`: identifier (report id,
 * uuid or its first characters), report types, a window of creation dates (ISO 8601; the last day in UTC
 * when absent) and an operator (reports assigned to or closed by them); paged. */
export const reportHistoryFilterSchema = z
  .object({
    identifier: identifier.optional(),
    types: z.array(z.number().int().min(0).max(MAX_ID)).max(200).optional(),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    user_id: z.number().int().positive().max(MAX_ID).optional(),
    limit: z.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
    offset: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export type ReportHistoryFilter = z.input<typeof reportHistoryFilterSchema>;
export type ReportHistoryQuery = z.output<typeof reportHistoryFilterSchema>;

export const reportHistoryResponseSchema = z.object({
  success: z.literal(true),
  reports: z.array(reportSchema),
  total: z.number(),
  /** The window read (ISO instants): the given dates, or the default last day. */
  from: z.string(),
  to: z.string(),
});
export type ReportHistoryResponse = z.infer<typeof reportHistoryResponseSchema>;

const ACTION = /^[A-Za-z_]{1,40}$/;

/** `GET /api/companies/{companyId}/activity`: what operators did, newest first. */
export const activityFeedQuerySchema = z.object({
  operator: z.coerce.number().int().positive().max(MAX_ID).optional(),
  action: z.string().regex(ACTION).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ActivityFeedFilter = z.input<typeof activityFeedQuerySchema>;
export type ActivityFeedQuery = z.output<typeof activityFeedQuerySchema>;

/** One entry of the activity feed: the action, who did it, and the report it was done to. */
export const activityFeedEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  report: z.object({ id: z.number(), uuid: z.string(), type: z.number() }),
});
export type ActivityFeedEntry = z.infer<typeof activityFeedEntrySchema>;

export const activityFeedResponseSchema = z.object({
  success: z.literal(true),
  activity: z.array(activityFeedEntrySchema),
  total: z.number(),
});
export type ActivityFeedResponse = z.infer<typeof activityFeedResponseSchema>;
