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

/** Formats an instant in a time zone and language; invalid input gives null. */
export function formatInstant(
  value: string | number | Date,
  zone: string,
  lang: string,
  pattern: string = DATE_TIME_FORMAT,
): string | null {
  const parsed = dayjs(value);
  if (!parsed.isValid()) return null;
  try {
    return parsed.tz(zone).locale(lang).format(pattern);
  } catch {
    // An unknown zone name from the server must not break the screen.
    return parsed.tz(DEFAULT_TIMEZONE).locale(lang).format(pattern);
  }
}

/** Time zone used for every date on screen: the operator's, else America/Santiago. */
export const TimezoneContext = createContext<string>(DEFAULT_TIMEZONE);

/** A formatter bound to the current time zone and language. */
export function useDateFormatter(): (value: string | number | Date, pattern?: string) => string | null {
  const zone = useContext(TimezoneContext);
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return useCallback((value, pattern) => formatInstant(value, zone, lang, pattern), [zone, lang]);
}
