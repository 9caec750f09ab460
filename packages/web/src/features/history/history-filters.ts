import { HISTORY_PAGE_SIZE, MAX_ID, isIsoDate, type ActivityFeedQuery, type ReportHistoryFilter } from "@atalaya/shared";

/** The activity feed's query as the portal sends it. */
export type ActivityFilter = Partial<Pick<ActivityFeedQuery, "operator" | "action" | "from" | "to">> & Pick<ActivityFeedQuery, "limit" | "offset">;

// The filters live in the address (back, forward and a shared link keep them); these read and write it.

const MAX_PAGE = Math.floor(1_000_000 / HISTORY_PAGE_SIZE);

function positiveInt(value: string | null, max = MAX_ID): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
}

const isoOrUndefined = (value: string | null): string | undefined => (value && isIsoDate(value) ? value : undefined);

/** The page number of the address (1 when missing or not a page). */
export function pageOf(params: URLSearchParams): number {
  return positiveInt(params.get("page"), MAX_PAGE) ?? 1;
}

/** The history filter the address stands for; anything malformed is left out rather than sent. */
export function historyFilterOf(params: URLSearchParams): ReportHistoryFilter {
  const identifier = (params.get("id") ?? "").trim().slice(0, 64);
  const types = (params.get("types") ?? "")
    .split(",")
    .filter((part) => /^\d{1,4}$/.test(part))
    .map(Number)
    .slice(0, 200);
  const userId = positiveInt(params.get("user"));
  const start = isoOrUndefined(params.get("from"));
  const end = isoOrUndefined(params.get("to"));
  const page = pageOf(params);
  return {
    ...(identifier ? { identifier } : {}),
    ...(types.length ? { types } : {}),
    ...(start ? { start_date: start } : {}),
    ...(end ? { end_date: end } : {}),
    ...(userId ? { user_id: userId } : {}),
    limit: HISTORY_PAGE_SIZE,
    offset: (page - 1) * HISTORY_PAGE_SIZE,
  };
}

/** The activity feed filter the address stands for. */
export function activityFilterOf(params: URLSearchParams): ActivityFilter {
  const operator = positiveInt(params.get("operator"));
  const action = params.get("action");
  const from = isoOrUndefined(params.get("from"));
  const to = isoOrUndefined(params.get("to"));
  const page = pageOf(params);
  return {
    ...(operator ? { operator } : {}),
    ...(action && /^[A-Za-z_]{1,40}$/.test(action) ? { action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    limit: HISTORY_PAGE_SIZE,
    offset: (page - 1) * HISTORY_PAGE_SIZE,
  };
}

/** The address's parameters with some changed (undefined or "" removes one); any change but the page
 * goes back to the first page. */
export function withParams(params: URLSearchParams, changes: Record<string, string | number | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  if (!("page" in changes)) next.delete("page");
  return next;
}
