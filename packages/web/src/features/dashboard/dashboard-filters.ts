import {
  DASHBOARD_MAX_WINDOW_DAYS,
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  MAX_ID,
  REPORT_STATUSES,
  TIME_OF_DAY_PATTERN,
  isDashboardDate,
  type DashboardPeriod,
  type ReportStatus,
} from "@atalaya/shared";

// The dashboard's filter lives in the address under the API's own names (SPEC §3 dashboard filter:
// period, start_date, start_time, end_date, end_time, types, status, zones_id), so a reload, the back
// button and a shared link keep it, and the API query is the address's filter once checked.

/** A window of dates as the company's clock reads it: MM-DD-YYYY and HH:mm:ss. */
export interface DashboardWindow {
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
}

/** What the dashboard shows: a period in days ending now, or a window of dates (which wins), and the
 * report types, statuses and zones it is limited to (none: all). */
export interface DashboardFilterState {
  period: DashboardPeriod;
  window: DashboardWindow | null;
  types: number[];
  status: ReportStatus[];
  zones: number[];
}

/** The dashboard's tabs, in order; `apps` only for the companies of the SPEC §6 gate. */
export const DASHBOARD_TABS = ["summary", "reports", "operators", "users", "timelapse", "apps"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

const DAY_MS = 86_400_000;

function ids(value: string | null): number[] {
  if (!value) return [];
  const list = value
    .split(",")
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((n) => n <= MAX_ID);
  return [...new Set(list)].slice(0, 200);
}

function statuses(value: string | null): ReportStatus[] {
  if (!value) return [];
  const known = new Set<string>(REPORT_STATUSES);
  return [...new Set(value.split(","))].filter((s): s is ReportStatus => known.has(s));
}

const time = (value: string | null, fallback: string): string => (value && TIME_OF_DAY_PATTERN.test(value) ? value : fallback);

/** MM-DD-YYYY HH:mm:ss as a comparable UTC instant (the wall clock read as UTC: only order and span matter). */
function wallClock(date: string, clock: string): number {
  const [m, d, y] = date.split("-").map(Number) as [number, number, number];
  const [h, min, s] = clock.split(":").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, h, min, s);
}

/** Why a window cannot be asked for (the server's field codes), or null when it can. */
export function windowProblem(w: DashboardWindow): "before_start" | "window_too_long" | null {
  const from = wallClock(w.start_date, w.start_time);
  const to = wallClock(w.end_date, w.end_time) + 1000;
  if (to <= from) return "before_start";
  if (to - from > DASHBOARD_MAX_WINDOW_DAYS * DAY_MS) return "window_too_long";
  return null;
}

/** The filter the address stands for; anything malformed is left out (the default period instead of a
 * broken window), so a hand-edited link never sends a 400. */
export function dashboardFilterOf(params: URLSearchParams): DashboardFilterState {
  const rawPeriod = Number(params.get("period"));
  const period = (DASHBOARD_PERIODS as readonly number[]).includes(rawPeriod) ? (rawPeriod as DashboardPeriod) : DEFAULT_DASHBOARD_PERIOD;
  const start = params.get("start_date");
  const end = params.get("end_date");
  let window: DashboardWindow | null = null;
  if (start && end && isDashboardDate(start) && isDashboardDate(end)) {
    const candidate = {
      start_date: start,
      start_time: time(params.get("start_time"), "00:00:00"),
      end_date: end,
      end_time: time(params.get("end_time"), "23:59:59"),
    };
    if (windowProblem(candidate) === null) window = candidate;
  }
  return { period, window, types: ids(params.get("types")), status: statuses(params.get("status")), zones: ids(params.get("zones_id")) };
}

/** The query of `GET …/dashboard/*` for a filter: the window's dates, else the period; lists comma separated. */
export function dashboardQuery(f: DashboardFilterState): Record<string, string> {
  const query: Record<string, string> = f.window ? { ...f.window } : { period: String(f.period) };
  if (f.types.length) query.types = [...f.types].sort((a, b) => a - b).join(",");
  if (f.status.length) query.status = REPORT_STATUSES.filter((s) => f.status.includes(s)).join(",");
  if (f.zones.length) query.zones_id = [...f.zones].sort((a, b) => a - b).join(",");
  return query;
}

/** The address for a filter, keeping what is not the filter's (the tab); the default period is left out. */
export function paramsWithFilter(params: URLSearchParams, f: DashboardFilterState): URLSearchParams {
  const next = new URLSearchParams();
  const tab = params.get("tab");
  if (tab) next.set("tab", tab);
  for (const [key, value] of Object.entries(dashboardQuery(f))) {
    if (key === "period" && Number(value) === DEFAULT_DASHBOARD_PERIOD) continue;
    next.set(key, value);
  }
  return next;
}

/** True when the filter is the dashboard's default (the last 6 days, everything). */
export function isDefaultFilter(f: DashboardFilterState): boolean {
  return f.window === null && f.period === DEFAULT_DASHBOARD_PERIOD && !f.types.length && !f.status.length && !f.zones.length;
}

/** The tab of the address (the summary when missing, unknown or not allowed). */
export function tabOf(params: URLSearchParams, allowed: readonly DashboardTab[]): DashboardTab {
  const tab = params.get("tab");
  return (allowed as readonly string[]).includes(tab ?? "") ? (tab as DashboardTab) : "summary";
}
