import { LANGUAGES, REPORT_LIFE_REASON_CODES, isClientErrorProblem, isUserFieldProblem, type ConflictReason, type Language, type ReportLifeReason } from "@atalaya/shared";
import { hasText, t, type TextKey, type TextVars } from "./texts.js";

// The API's messages in the user's language (the portal has its own texts for the same codes): the
// server's own are the `errors` catalogue (locales/<lang>/errors.json, read by texts.ts); the few the
// portal shows too are catalogues of their own, which both read (plates, report-life, organisation,
// forms, users, client-errors…).

/** The 409 reasons (CONFLICT_REASONS) whose text the portal shares, by their key in its catalogue. */
const SHARED_REASONS = {
  teamNameTaken: "organisation:teamNameTaken",
  tagNameTaken: "organisation:tagNameTaken",
  sourceNameTaken: "organisation:sourceNameTaken",
  ...(Object.fromEntries(REPORT_LIFE_REASON_CODES.map((reason) => [reason, `report-life:${reason}`])) as { [R in ReportLifeReason]: `report-life:${R}` }),
  categoryNameTaken: "forms:categoryNameTaken",
} as const satisfies Partial<Record<ConflictReason, TextKey>>;
type SharedReason = keyof typeof SHARED_REASONS;
const isSharedReason = (reason: ConflictReason): reason is SharedReason => Object.hasOwn(SHARED_REASONS, reason);

/** The first supported language of an Accept-Language header, Spanish when none matches. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return "es";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim().slice(0, 2).toLowerCase();
    if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return "es";
}

/** The text for an error code in lang, with {{name}} placeholders filled; undefined when unknown. The
 * plate lookup's and the call's codes, whose texts the portal shares, are the `plates` catalogue. */
export function translate(lang: Language, code: string, vars: TextVars = {}): string | undefined {
  const key = [`plates:${code}`, `errors:codes.${code}`].find(hasText);
  return key ? t(lang, key, vars) : undefined;
}

/** The text of a 409's reason in lang, with {{name}} placeholders filled. A reason without a text in the
 * Spanish catalogue (nor a shared one) is a compile error; texts.test.ts holds en and fr to es. */
export function translateReason(lang: Language, reason: ConflictReason, vars: TextVars = {}): string {
  return isSharedReason(reason) ? t(lang, SHARED_REASONS[reason]) : t(lang, `errors:reasons.${reason}`, vars);
}

/** The text of a field problem that has one (the user forms' SPEC §5 rules, a client error report's), else undefined. */
export function translateFieldProblem(lang: Language, code: string): string | undefined {
  if (isClientErrorProblem(code)) return t(lang, `client-errors:${code}`);
  return isUserFieldProblem(code) ? t(lang, `users:${code}`) : undefined;
}

/** The language of a sign-up, reset or law-enforcement caller: the first supported one of its
 * Accept-Language header, English when it names none (SPEC §1: the sign-up and app shell default to
 * English). */
export function shellLanguage(header: string | undefined): Language {
  if (!header) return "en";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim().slice(0, 2).toLowerCase();
    if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return "en";
}
