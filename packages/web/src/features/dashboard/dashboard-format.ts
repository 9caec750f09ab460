import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDuration } from "../../lib/dates";

/** Number, share, day and duration formats of the dashboard in the interface language. */
export interface DashboardFormat {
  lang: string;
  number(n: number): string;
  /** A share 0..1 as a percentage. */
  share(x: number): string;
  /** A change in % (absolute value, one decimal at most). */
  pct(x: number): string;
  /** A calendar day YYYY-MM-DD, short ("24 nov") or long ("martes, 24 de noviembre"). */
  day(iso: string): string;
  longDay(iso: string): string;
  duration(seconds: number | null): string;
  weekday(n: number): string;
  weekdayShort(n: number): string;
}

const utcDay = (iso: string): number => Date.parse(`${iso}T12:00:00Z`);

/** The dashboard's formats, for the current language. */
export function useDashboardFormat(): DashboardFormat {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(lang);
    const share = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 1 });
    const pct = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
    const short = new Intl.DateTimeFormat(lang, { day: "numeric", month: "short", timeZone: "UTC" });
    const long = new Intl.DateTimeFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
    return {
      lang,
      number: (n) => number.format(n),
      share: (x) => share.format(x),
      pct: (x) => pct.format(Math.abs(x)),
      day: (iso) => short.format(utcDay(iso)),
      longDay: (iso) => long.format(utcDay(iso)),
      duration: (seconds) => formatDuration(seconds, { empty: t("common.noValue") }),
      weekday: (n) => t(`dashboard.weekdays.${n}` as "dashboard.weekdays.1"),
      weekdayShort: (n) => t(`dashboard.weekdaysShort.${n}` as "dashboard.weekdaysShort.1"),
    };
  }, [lang, t]);
}

/** The largest entry of a list by a count (the first one on ties), or null for an empty list. */
export function largest<T>(list: readonly T[], count: (item: T) => number): T | null {
  let best: T | null = null;
  for (const item of list) if (best === null || count(item) > count(best)) best = item;
  return best;
}
