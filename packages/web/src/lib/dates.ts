import { createContext, useCallback, useContext } from "react";
import { useTranslation } from "react-i18next";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import timezone from "dayjs/plugin/timezone";
import "dayjs/locale/es";
import "dayjs/locale/fr";
import { DEFAULT_TIMEZONE } from "@atalaya/shared";

dayjs.extend(utc);
dayjs.extend(timezone);

/** Display patterns: a full timestamp and a time of day. */
export const DATE_TIME_FORMAT = "D MMM YYYY, HH:mm:ss";
export const TIME_FORMAT = "HH:mm:ss";

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** A zone's offset from UTC at an instant, in minutes, read from one cached Intl formatter per zone:
 * dayjs' time zone plugin builds a new formatter on every call (toLocaleString), about a millisecond
 * each, which lists of dates paid on every render. Throws a RangeError for an unknown zone. */
export function zoneOffsetMinutes(time: number, zone: string): number {
  let clock = zoneClocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    zoneClocks.set(zone, clock);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of clock.formatToParts(time)) part[type] = Number(value);
  const wall = Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day ?? 1, part.hour ?? 0, part.minute ?? 0, part.second ?? 0);
  return Math.round((wall - Math.floor(time / 1000) * 1000) / 60_000);
}

/** Formats an instant in a time zone and language; invalid input gives null. */
export function formatInstant(
  value: string | number | Date,
  zone: string,
  lang: string,
  pattern: string = DATE_TIME_FORMAT,
): string | null {
  const parsed = dayjs(value);
  if (!parsed.isValid()) return null;
  let offset: number;
  try {
    offset = zoneOffsetMinutes(parsed.valueOf(), zone);
  } catch {
    // An unknown zone name from the server must not break the screen.
    offset = zoneOffsetMinutes(parsed.valueOf(), DEFAULT_TIMEZONE);
  }
  // dayjs reads an offset of 16 or less as hours; no zone has one of a few minutes, UTC's is 0.
  return (offset === 0 ? parsed.utc() : parsed.utcOffset(offset)).locale(lang).format(pattern);
}

/** A calendar day stored as "YYYY-MM-DD" (no time, no zone: the same day everywhere) as the reader's
 * language writes it ("6 nov 2026"); anything else as it is. */
export function formatCalendarDay(day: string, lang: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && dayjs(day).isValid() ? dayjs(day).locale(lang).format("D MMM YYYY") : day;
}

/** The days of a period that starts at `start` and ends before `end` (exclusive, as periods are stored):
 * one day as "27 nov 2026", else "27 nov – 3 dic 2026", or with both years when they differ. */
export function formatDayRange(start: string | number | Date, end: string | number | Date, zone: string, lang: string): string | null {
  const last = dayjs(end).subtract(1, "millisecond").toDate();
  const [from, to] = [formatInstant(start, zone, lang, "YYYY-MM-DD"), formatInstant(last, zone, lang, "YYYY-MM-DD")];
  if (from === null || to === null) return null;
  if (from >= to) return formatInstant(start, zone, lang, "D MMM YYYY");
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${formatInstant(start, zone, lang, sameYear ? "D MMM" : "D MMM YYYY")} – ${formatInstant(last, zone, lang, "D MMM YYYY")}`;
}

/** Time zone used for every date on screen: the operator's, else America/Santiago. */
export const TimezoneContext = createContext<string>(DEFAULT_TIMEZONE);

/** The reader's language and time zone, which every date on screen is written in. */
export function useDateLocale(): { lang: string; zone: string } {
  const zone = useContext(TimezoneContext);
  const { i18n } = useTranslation();
  return { lang: i18n.resolvedLanguage ?? i18n.language, zone };
}

/** A formatter bound to the current time zone and language. */
export function useDateFormatter(): (value: string | number | Date, pattern?: string) => string | null {
  const { lang, zone } = useDateLocale();
  return useCallback((value, pattern) => formatInstant(value, zone, lang, pattern), [zone, lang]);
}

/** formatDayRange bound to the current time zone and language. */
export function useDayRangeFormatter(): (start: string, end: string) => string | null {
  const { lang, zone } = useDateLocale();
  return useCallback((start, end) => formatDayRange(start, end, zone, lang), [zone, lang]);
}

/** Labels of the units a duration is written in (SPEC §9: d h m s). */
export interface DurationUnits {
  d: string;
  h: string;
  m: string;
  s: string;
}

const SPEC_UNITS: DurationUnits = { d: "d", h: "h", m: "m", s: "s" };

/**
 * A duration in seconds as SPEC §9 shows it, "1 d 2 h 3 m 4 s": whole seconds (rounded), units with
 * nothing in them left out, "0 s" for none; `empty` when there is no duration (null, NaN, negative).
 * `largest` keeps only that many units from the first non-zero one (the last one rounded), for tight spots.
 */
export function formatDuration(
  seconds: number | null | undefined,
  { empty = "—", units = SPEC_UNITS, largest = 4 }: { empty?: string; units?: DurationUnits; largest?: number } = {},
): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return empty;
  const sizes: [keyof DurationUnits, number][] = [
    ["d", 86_400],
    ["h", 3_600],
    ["m", 60],
    ["s", 1],
  ];
  let rest = Math.round(seconds);
  const first = sizes.findIndex(([, size]) => rest >= size);
  if (first === -1) return `0 ${units.s}`;
  const kept = sizes.slice(first, first + Math.max(1, largest));
  const smallest = kept[kept.length - 1]![1];
  // Round to the smallest unit shown, so "1 h 59 m 59.6 s" in two units reads "2 h", not "1 h 59 m".
  rest = Math.round(rest / smallest) * smallest;
  const parts: string[] = [];
  for (const [unit, size] of sizes) {
    if (size < smallest) break;
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount > 0) parts.push(`${amount} ${units[unit]}`);
  }
  return parts.join(" ");
}

/** Units a due time's countdown keeps: "2 d 5 h 30 m", "5 h 30 m 26 s", "4 m 10 s". */
const COUNTDOWN_UNITS = 3;

/**
 * The time left until a due time (`msLeft` > 0) or past it (`late`), in SPEC §9's d h m s: the one way
 * the panel's rows and the report's detail both write it.
 */
export function formatTimeLeft(msLeft: number): { text: string; late: boolean } {
  return { text: formatDuration(Math.floor(Math.abs(msLeft) / 1000), { largest: COUNTDOWN_UNITS }), late: msLeft < 0 };
}
