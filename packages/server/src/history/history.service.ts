import { HISTORY_DEFAULT_WINDOW_MS, MAX_ID, isoDateToInstant, type ActivityFeedQuery, type Report, type ReportHistoryQuery } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { invalidField } from "../http/errors.js";
import { listHistoryReports, type HistoryFilter } from "../reports/index.js";
import { listActivityFeed, type ActivityFeedRow } from "./activity.repository.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_PREFIX = /^[0-9a-f-]{4,35}$/i;

/** What the identifier box means: a report id (digits, or `#` and digits), its uuid, or the first
 * characters of the uuid (the report's `code`); null when it can match nothing. Four or more digits may
 * be either: a code is all digits one time in 40 (`20261129`), so both are looked for. */
export function parseIdentifier(text: string): HistoryFilter["identifier"] | null {
  const value = text.trim();
  if (/^#\d{1,10}$/.test(value) || /^\d{1,3}$/.test(value)) {
    const id = Number(value.replace("#", ""));
    return id >= 1 && id <= MAX_ID ? { id } : null;
  }
  if (/^\d{4,10}$/.test(value)) {
    const id = Number(value);
    return id >= 1 && id <= MAX_ID ? { id, uuidPrefix: value } : { uuidPrefix: value };
  }
  if (UUID.test(value)) return { uuid: value.toLowerCase() };
  if (UUID_PREFIX.test(value)) return { uuidPrefix: value.toLowerCase() };
  return null;
}

/** The window of a filter: the given ISO 8601 dates (a day is a UTC day; end day included), else the
 * last day in UTC (SPEC §9) ending now; with only one end given, one day from or to it. 400 when the
 * end is not after the start. */
export function historyWindow(startDate: string | undefined, endDate: string | undefined, now = new Date()): { from: Date; to: Date } {
  const to = endDate ? isoDateToInstant(endDate, true) : startDate ? null : now;
  const from = startDate ? isoDateToInstant(startDate) : new Date(to!.getTime() - HISTORY_DEFAULT_WINDOW_MS);
  const end = to ?? (now > from ? now : new Date(from.getTime() + HISTORY_DEFAULT_WINDOW_MS));
  if (end <= from) throw invalidField("end_date", "before_start");
  return { from, to: end };
}

/** POST …/reports/history: a page of the SPEC §3 report filter, within the scope's restrictions. */
export async function reportHistory(
  ctx: AppContext,
  scope: CompanyScope,
  q: ReportHistoryQuery,
): Promise<{ reports: Report[]; total: number; from: string; to: string }> {
  const { from, to } = historyWindow(q.start_date, q.end_date);
  const identifier = q.identifier ? parseIdentifier(q.identifier) : undefined;
  const window = { from: from.toISOString(), to: to.toISOString() };
  // An identifier that cannot be a report's matches nothing (not 400: the box is free text).
  if (identifier === null) return { reports: [], total: 0, ...window };
  const page = await listHistoryReports(ctx, scope, {
    from,
    to,
    ...(identifier ? { identifier } : {}),
    ...(q.types?.length ? { typeIds: q.types } : {}),
    ...(q.user_id !== undefined ? { userId: q.user_id } : {}),
    limit: q.limit,
    offset: q.offset,
  });
  return { ...page, ...window };
}

/** GET …/activity: what operators did to the reports the scope may see, newest first. */
export async function activityFeed(ctx: AppContext, scope: CompanyScope, q: ActivityFeedQuery): Promise<{ rows: ActivityFeedRow[]; total: number }> {
  const from = q.from ? isoDateToInstant(q.from) : undefined;
  const to = q.to ? isoDateToInstant(q.to, true) : undefined;
  if (from && to && to <= from) throw invalidField("to", "before_start");
  return listActivityFeed(ctx.db, scope, {
    ...(q.operator !== undefined ? { operatorId: q.operator } : {}),
    ...(q.action !== undefined ? { action: q.action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    limit: q.limit,
    offset: q.offset,
  });
}
