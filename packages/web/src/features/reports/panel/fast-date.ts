const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * "20 nov 2026, 12:05" in a time zone and language, with a cached Intl formatter: cheap enough to run
 * for every row of a long list (dayjs' time zone plugin costs about a millisecond per call).
 */
export function formatShortDateTime(value: string | null, zone: string, lang: string): string | null {
  if (value === null) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  const key = `${zone}|${lang}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: zone });
    } catch {
      // An unknown zone name from the server must not break the list.
      format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
    }
    formats.set(key, format);
  }
  return format.format(time);
}
