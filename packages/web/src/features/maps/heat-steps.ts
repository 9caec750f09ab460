import { HEAT_MAP_INTERVAL_HOURS } from "@atalaya/shared";
import type { HeatWindow } from "./maps-api";

const STEP_MS = HEAT_MAP_INTERVAL_HOURS * 60 * 60 * 1000;

/** The wall-clock parts of an instant in a time zone. */
function parts(instant: Date, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  const format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
  for (const p of format.formatToParts(instant)) out[p.type] = p.value;
  return out;
}

/** MM-DD-YYYY and HH:mm:ss of an instant on the company's clock (the dashboard filter's format). */
export function dashboardDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  const p = parts(instant, timeZone);
  return { date: `${p.month}-${p.day}-${p.year}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

const HOUR_MS = 60 * 60 * 1000;

/** The starts of the 4-hour windows (SPEC §9 heat map interval) covering a window (ISO instants), oldest
 * first, on whole hours: the last one ends at the first full hour at or after the window's end. */
export function heatStepStarts(window: { from: string; to: string }): Date[] {
  const end = Math.ceil(Date.parse(window.to) / HOUR_MS) * HOUR_MS;
  const count = Math.max(1, Math.ceil((end - Date.parse(window.from)) / STEP_MS));
  return Array.from({ length: count }, (_, i) => new Date(end - (count - i) * STEP_MS));
}

/** The filter window of the 4-hour step starting at `start` (its last second included). */
export function heatWindow(start: Date, timeZone: string): HeatWindow {
  const from = dashboardDateTime(start, timeZone);
  const to = dashboardDateTime(new Date(start.getTime() + STEP_MS - 1000), timeZone);
  return { start_date: from.date, start_time: from.time, end_date: to.date, end_time: to.time };
}
