import { createRequire } from "node:module";
import i18next from "i18next";
import { LANGUAGES, type Language } from "@atalaya/shared";

// The texts the server writes for people (API errors and the shared rules' field problems, mails, pushes,
// summaries, exported files, Open311 answers, inbox notices) are data: JSON catalogues in @atalaya/shared's locales/<lang>/<namespace>.json,
// one namespace per domain, read here through one i18next instance made at import with every language
// loaded at once (no backend, nothing asynchronous). Placeholders are i18next's {{name}}; a text that
// says one or many is a pair of keys `name_one` / `name_other` chosen by the `count` variable (the
// language's plural rules, Intl.PluralRules). Nothing is escaped here: every text is plain text (mails
// included), and a caller that puts one in HTML escapes it there.

/** The catalogues: one JSON file per namespace in each language. */
export const TEXT_NAMESPACES = [
  "errors",
  "mail",
  "push",
  "summaries",
  "open311",
  "exports",
  "inbox",
  // The texts of the shared rules' codes and 409 reasons (@atalaya/shared's schemas and CONFLICT_REASONS),
  // which the portal shows too: messages.ts and error-handler.ts answer with them.
  "activities",
  "assets",
  "client-errors",
  "collaborator-messages",
  "forms",
  "organisation",
  "plates",
  "report-life",
  "signup",
  "users",
] as const;
export type TextNamespace = (typeof TEXT_NAMESPACES)[number];

/** The Spanish catalogues' shapes: the keys every language has (texts.test.ts holds en and fr to them). */
interface Catalogues {
  errors: typeof import("@atalaya/shared/locales/es/errors.json", { with: { type: "json" } });
  mail: typeof import("@atalaya/shared/locales/es/mail.json", { with: { type: "json" } });
  push: typeof import("@atalaya/shared/locales/es/push.json", { with: { type: "json" } });
  summaries: typeof import("@atalaya/shared/locales/es/summaries.json", { with: { type: "json" } });
  open311: typeof import("@atalaya/shared/locales/es/open311.json", { with: { type: "json" } });
  exports: typeof import("@atalaya/shared/locales/es/exports.json", { with: { type: "json" } });
  inbox: typeof import("@atalaya/shared/locales/es/inbox.json", { with: { type: "json" } });
  activities: typeof import("@atalaya/shared/locales/es/activities.json", { with: { type: "json" } });
  assets: typeof import("@atalaya/shared/locales/es/assets.json", { with: { type: "json" } });
  "client-errors": typeof import("@atalaya/shared/locales/es/client-errors.json", { with: { type: "json" } });
  "collaborator-messages": typeof import("@atalaya/shared/locales/es/collaborator-messages.json", { with: { type: "json" } });
  forms: typeof import("@atalaya/shared/locales/es/forms.json", { with: { type: "json" } });
  organisation: typeof import("@atalaya/shared/locales/es/organisation.json", { with: { type: "json" } });
  plates: typeof import("@atalaya/shared/locales/es/plates.json", { with: { type: "json" } });
  "report-life": typeof import("@atalaya/shared/locales/es/report-life.json", { with: { type: "json" } });
  signup: typeof import("@atalaya/shared/locales/es/signup.json", { with: { type: "json" } });
  users: typeof import("@atalaya/shared/locales/es/users.json", { with: { type: "json" } });
}

/** A plural key's base: `reports_one` and `reports_other` are the text `reports` with a count. */
type PluralBase<K extends string> = K extends `${infer B}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? B : K;
/** The dotted paths of an object's texts. */
type TextPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? PluralBase<K> : T[K] extends readonly unknown[] ? never : `${K}.${TextPaths<T[K]>}`;
}[keyof T & string];

/** A text's key in one namespace, as its catalogue nests it ("codes.forbidden"). */
export type TextKeyIn<N extends TextNamespace> = TextPaths<Catalogues[N]>;
/** The keys under a path of a namespace: TextKeysUnder<"exports", "pdf.priority"> is "lowest" | "low" | …. */
export type TextKeysUnder<N extends TextNamespace, P extends string> = TextKeyIn<N> extends infer K ? (K extends `${P}.${infer R}` ? R : never) : never;
/** A text's key, namespace first: "errors:codes.forbidden", "mail:signupKey.subject". A key that is not in
 * the Spanish catalogue is a type error. */
export type TextKey = { [N in TextNamespace]: `${N}:${TextKeyIn<N>}` }[TextNamespace];
/** A text's {{placeholders}}; `count` also chooses the plural form of a text that has one. */
export type TextVars = Readonly<Record<string, string | number | null | undefined>>;

// Read with require: Node loads JSON synchronously and without an import attribute, from the sources
// (tests) and from dist/ alike; @atalaya/shared's package.json exports the folder as locales/*.json.
const require = createRequire(import.meta.url);

const texts = i18next.createInstance();
void texts.init({
  resources: Object.fromEntries(
    LANGUAGES.map((lang) => [lang, Object.fromEntries(TEXT_NAMESPACES.map((ns) => [ns, require(`@atalaya/shared/locales/${lang}/${ns}.json`) as object]))]),
  ),
  lng: "es",
  fallbackLng: "es",
  supportedLngs: [...LANGUAGES],
  ns: [...TEXT_NAMESPACES],
  defaultNS: false,
  // Everything is in memory: init finishes before it returns, so t works right after import.
  initAsync: false,
  interpolation: { escapeValue: false },
  // A placeholder without a value reads as nothing, as the tables' own fill did.
  missingInterpolationHandler: () => "",
  showSupportNotice: false,
});

/** The text of a key in lang, its {{placeholders}} filled from vars (a number `count` also picks the plural form). */
export function t(lang: Language, key: TextKey, vars: TextVars = {}): string {
  const count = vars.count;
  return texts.t(key, { lng: lang, replace: vars, ...(typeof count === "number" ? { count } : {}) });
}

/** Whether a key built at run time (an error code, a notification kind) names a text of the catalogues. */
export function hasText(key: string): key is TextKey {
  const at = key.indexOf(":");
  if (at < 0 || !(TEXT_NAMESPACES as readonly string[]).includes(key.slice(0, at))) return false;
  const [ns, path] = [key.slice(0, at), key.slice(at + 1)];
  return [path, `${path}_other`].some((k) => typeof texts.getResource("es", ns, k) === "string");
}
