import { CLIENT_ERROR_MESSAGES, LANGUAGES, FORMS_MESSAGES, ORGANISATION_MESSAGES, PLATE_MESSAGES, REPORT_LIFE_REASON_TEXTS, isClientErrorProblem, ROLE_CHANGE_FORBIDDEN_MESSAGES, USER_FIELD_MESSAGES, isUserFieldProblem, type ConflictReason, type Language } from "@atalaya/shared";
import { hasText, t, type TextVars } from "./texts.js";

// The API's messages in the user's language (the portal has its own texts for the same codes): the
// server's own are the `errors` catalogue (locales/<lang>/errors.json, read by texts.ts); the few the
// portal shows too stay @atalaya/shared constants, which both read.

/** The codes whose text the portal shares. */
const sharedCodes = (lang: Language): Readonly<Record<string, string>> => ({ ...PLATE_MESSAGES[lang], roleChangeForbidden: ROLE_CHANGE_FORBIDDEN_MESSAGES[lang] });
const SHARED_CODES = Object.fromEntries(LANGUAGES.map((lang) => [lang, sharedCodes(lang)])) as Record<Language, Readonly<Record<string, string>>>;

/** The 409 reasons (CONFLICT_REASONS) whose text the portal shares. */
const sharedReasons = (lang: Language) => ({
  teamNameTaken: ORGANISATION_MESSAGES[lang].teamNameTaken,
  tagNameTaken: ORGANISATION_MESSAGES[lang].tagNameTaken,
  sourceNameTaken: ORGANISATION_MESSAGES[lang].sourceNameTaken,
  ...REPORT_LIFE_REASON_TEXTS[lang],
  categoryNameTaken: FORMS_MESSAGES[lang].categoryNameTaken,
});
type SharedReason = keyof ReturnType<typeof sharedReasons>;
const SHARED_REASONS = Object.fromEntries(LANGUAGES.map((lang) => [lang, sharedReasons(lang)])) as Record<Language, ReturnType<typeof sharedReasons>>;
const isSharedReason = (reason: ConflictReason): reason is SharedReason => Object.hasOwn(SHARED_REASONS.es, reason);

/** The first supported language of an Accept-Language header, Spanish when none matches. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return "es";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim().slice(0, 2).toLowerCase();
    if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return "es";
}

/** The text for an error code in lang, with {{name}} placeholders filled; undefined when unknown. */
export function translate(lang: Language, code: string, vars: TextVars = {}): string | undefined {
  if (Object.hasOwn(SHARED_CODES[lang], code)) return SHARED_CODES[lang][code];
  const key = `errors:codes.${code}`;
  return hasText(key) ? t(lang, key, vars) : undefined;
}

/** The text of a 409's reason in lang, with {{name}} placeholders filled. A reason without a text in the
 * Spanish catalogue (nor a shared one) is a compile error; texts.test.ts holds en and fr to es. */
export function translateReason(lang: Language, reason: ConflictReason, vars: TextVars = {}): string {
  return isSharedReason(reason) ? SHARED_REASONS[lang][reason] : t(lang, `errors:reasons.${reason}`, vars);
}

/** The text of a field problem that has one (the user forms' SPEC §5 rules, a client error report's), else undefined. */
export function translateFieldProblem(lang: Language, code: string): string | undefined {
  if (isClientErrorProblem(code)) return CLIENT_ERROR_MESSAGES[lang][code];
  return isUserFieldProblem(code) ? USER_FIELD_MESSAGES[lang][code] : undefined;
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
