import { DASHBOARD_MAX_WINDOW_DAYS, DEFAULT_DASHBOARD_PERIOD, dashboardDateToIso, type DashboardQuery } from "@atalaya/shared";
import { invalidField } from "../http/errors.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The wall-clock ends of a window of dates, as the company's clock reads them (`YYYY-MM-DD HH:mm:ss`):
 * what the database turns into instants in the company's timezone. Null: the end is now, or the start
 * is a period before the end. */
export interface LocalWindow {
  start: string | null;
  /** The last second the window includes. */
  end: string | null;
  period: number | null;
}

/** The filter's window in the company's clock; 400 for a time without its date. Dates win over a
 * period; without dates, the period (6 days by default) ends now. */
export function localWindow(q: DashboardQuery): LocalWindow {
  if (q.start_time !== undefined && q.start_date === undefined) throw invalidField("start_date", "required");
  if (q.end_time !== undefined && q.end_date === undefined) throw invalidField("end_date", "required");
  const custom = q.start_date !== undefined || q.end_date !== undefined;
  return {
    start: q.start_date ? `${dashboardDateToIso(q.start_date)} ${q.start_time ?? "00:00:00"}` : null,
    end: q.end_date ? `${dashboardDateToIso(q.end_date)} ${q.end_time ?? "23:59:59"}` : null,
    period: custom ? null : (q.period ?? DEFAULT_DASHBOARD_PERIOD),
  };
}

/** The window as instants, `to` exclusive: a given end includes its last second; without a start, the
 * window is the period (or the default one) before the end. 400 when it ends before it starts or is
 * longer than a year. */
export function instantWindow(local: LocalWindow, start: Date | null, end: Date | null, now = new Date()): { from: Date; to: Date } {
  const to = end ? new Date(end.getTime() + 1000) : now;
  const from = start ?? new Date(to.getTime() - (local.period ?? DEFAULT_DASHBOARD_PERIOD) * DAY_MS);
  if (to <= from) throw invalidField("end_date", "before_start");
  if (to.getTime() - from.getTime() > DASHBOARD_MAX_WINDOW_DAYS * DAY_MS) throw invalidField("start_date", "window_too_long");
  return { from, to };
}

/** The same length of time just before the window (statistics v2 compares with it). */
export function previousWindow(w: { from: Date; to: Date }): { from: Date; to: Date } {
  return { from: new Date(w.from.getTime() - (w.to.getTime() - w.from.getTime())), to: w.from };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day (YYYY-MM-DD) an instant falls on in the timezone. */
export function localDay(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** Every day of the company's calendar the window touches, first to last (a chart needs the empty ones). */
export function windowDays(w: { from: Date; to: Date }, timeZone: string): string[] {
  const last = localDay(new Date(w.to.getTime() - 1), timeZone);
  const days: string[] = [];
  for (let day = localDay(w.from, timeZone); day <= last; ) {
    days.push(day);
    day = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  }
  return days;
}

/** The change from previous to current in %, one decimal; null when there is nothing to compare with. */
export function changePct(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
