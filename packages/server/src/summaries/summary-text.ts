import { LANGUAGES, localizedName, reportTypeById, type Language } from "@atalaya/shared";
import { t } from "../http/texts.js";

// The words of a summary e-mail's sections, in the user's language (the mail template holds the rest):
// the `summaries` catalogue's (locales/<lang>/summaries.json, read by http/texts.ts).

/** The statuses a section counts, in the order it lists them. */
const SUMMARY_STATUSES = ["pending", "in_progress", "solved", "false", "in_observation"] as const;

/** The figures of one company for a period, as the summary shows them. */
export interface CompanySummary {
  companyName: string;
  counts: Record<string, number>;
  overdue: number;
  topTypes: { typeId: number; count: number }[];
}

/** The user's language when it is one of the portal's, Spanish otherwise. */
export const summaryLanguage = (lang: string): Language => ((LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : "es");

/** One company's section of the mail: received total, counts per status, overdue, top types. */
export function sectionText(lang: Language, s: CompanySummary): string {
  const total = Object.values(s.counts).reduce((a, b) => a + b, 0);
  const statuses = SUMMARY_STATUSES.map((k) => `${t(lang, `summaries:statuses.${k}`)}: ${s.counts[k] ?? 0}`).join(" · ");
  const types = s.topTypes.length
    ? s.topTypes.map((top) => `${reportTypeById(top.typeId) ? localizedName(reportTypeById(top.typeId)!.nameLocalized, lang) : `#${top.typeId}`} (${top.count})`).join(", ")
    : t(lang, "summaries:none");
  return [
    s.companyName,
    `  ${t(lang, "summaries:received")}: ${total}`,
    `  ${t(lang, "summaries:byStatus")}: ${statuses}`,
    `  ${t(lang, "summaries:overdue")}: ${s.overdue}`,
    `  ${t(lang, "summaries:topTypes")}: ${types}`,
  ].join("\n");
}

/** How the period reads in the mail: a long date for a day, month and year for a month. */
export function periodText(lang: Language, period: "daily" | "monthly", key: string): string {
  const date = new Date(period === "daily" ? `${key}T12:00:00Z` : `${key}-15T12:00:00Z`);
  const options: Intl.DateTimeFormatOptions = period === "daily" ? { dateStyle: "long", timeZone: "UTC" } : { month: "long", year: "numeric", timeZone: "UTC" };
  return new Intl.DateTimeFormat(lang, options).format(date);
}

/** The user's time zone when the runtime knows it, else the product's default. */
export function validTimezone(tz: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz;
  } catch {
    return "America/Santiago";
  }
}

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(at: Date, tz: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** The period a run at `at` summarises for a user in `tz`: the local day before, or the local month before. */
export function previousPeriod(at: Date, tz: string, period: "daily" | "monthly"): { key: string; from: string; to: string } {
  const today = localDate(at, tz);
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  if (period === "daily") {
    const prev = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
    return { key: prev, from: prev, to: today };
  }
  const first = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const thisMonth = `${today.slice(0, 7)}-01`;
  return { key: first.slice(0, 7), from: first, to: thisMonth };
}
