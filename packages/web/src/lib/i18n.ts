import i18next, { type i18n as I18n, type ResourceLanguage } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_PORTAL_LANGUAGE, DEFAULT_SHELL_LANGUAGE, LANGUAGES, type ConflictReason, type FieldError, type Language } from "@atalaya/shared";
import { STORAGE_KEYS, localStore, safeGet, safeSet } from "./storage";

/** Every catalogue's shape: the Spanish keys, each a string (a missing or extra key fails the type check). */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

/**
 * The texts the runtime loads. They gather every feature's texts, so the app registers them
 * (app/catalogues.ts) rather than this runtime, which features import, importing them. Spanish, the
 * default language (and the fallback), has the login page's texts in the first download (`core`) and
 * the rest with the first other route (loadPortalTexts); another language's whole catalogue loads when
 * it is chosen, so nobody downloads all three.
 */
export interface Catalogues {
  core: ResourceLanguage;
  portal: () => Promise<ResourceLanguage>;
  others: Record<Exclude<Language, "es">, () => Promise<ResourceLanguage>>;
}

let catalogues: Catalogues | null = null;

/** Registers the portal's catalogues, once, before anything is shown (main.tsx, the prerender, tests). */
export function registerCatalogues(registered: Catalogues): void {
  catalogues = registered;
  i18n.addResourceBundle("es", "translation", registered.core, true, true);
}

function registered(): Catalogues {
  if (!catalogues) throw new Error("registerCatalogues() first: import app/catalogues.ts before the portal renders");
  return catalogues;
}

/** True for the interface languages of SPEC §1. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language stored in localStorage `atalaya.lang`, or Spanish. */
export function storedLanguage(): Language {
  const stored = safeGet(localStore(), STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_PORTAL_LANGUAGE;
}

/** The portal's i18next instance. */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  // The stored language (its catalogue loaded first) is set by switchLanguage before the portal renders.
  partialBundledLanguages: true,
  lng: DEFAULT_PORTAL_LANGUAGE,
  fallbackLng: DEFAULT_PORTAL_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // React already escapes rendered text.
  interpolation: { escapeValue: false },
  initAsync: false,
  // Not i18next's advert for its paid service in every operator's console.
  showSupportNotice: false,
});

/** The language the visitor chose on an earlier visit, or null. */
export function chosenLanguage(): Language | null {
  const stored = safeGet(localStore(), STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : null;
}

/** The first of the browser's preferred languages (`navigator.languages`, the list its Accept-Language
 * header is made from: "es-CL", "fr", "en-US"…) that the portal speaks, or null. */
export function browserLanguage(preferred: readonly string[] = typeof navigator === "undefined" ? [] : navigator.languages): Language | null {
  for (const tag of preferred) {
    const primary = tag.split("-")[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/** The visitor pages' language (SPEC §1: English by default in the sign-up): the one chosen on an
 * earlier visit, else the browser's when the portal speaks it (a Chilean browser asks for es-CL), else
 * English. */
export function visitorLanguage(): Language {
  return chosenLanguage() ?? browserLanguage() ?? DEFAULT_SHELL_LANGUAGE;
}

/** The current interface language. */
export function currentLanguage(): Language {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_PORTAL_LANGUAGE;
}

/** Adds a language's catalogue to i18n, once. */
export async function loadCatalogue(lang: Language): Promise<void> {
  if (lang === "es" || i18n.hasResourceBundle(lang, "translation")) return;
  i18n.addResourceBundle(lang, "translation", await registered().others[lang]());
}

let portalTexts: Promise<void> | null = null;

/** Adds the rest of the Spanish catalogue (every section but the login page's), once: every route but
 * the login awaits it with its code (app/router.tsx), so no screen shows a key. */
export function loadPortalTexts(): Promise<void> {
  portalTexts ??= registered().portal().then(
    (es) => void i18n.addResourceBundle("es", "translation", es, true, true),
    (error: unknown) => {
      // A failed download is tried again by the next route.
      portalTexts = null;
      throw error;
    },
  );
  return portalTexts;
}

/** What else a language needs before it shows (Ant Design's own texts), registered by the app. */
const languageLoaders: ((lang: Language) => Promise<unknown>)[] = [];

/** Registers something to load with every language before it becomes the interface language. */
export function loadWithLanguage(loader: (lang: Language) => Promise<unknown>): void {
  languageLoaders.push(loader);
}

let requestedLanguage: Language | null = null;

/** Loads a language's catalogue (and what was registered with loadWithLanguage), then makes it the
 * interface language, unless another was asked for meanwhile: the last choice wins. */
export async function switchLanguage(lang: Language): Promise<void> {
  requestedLanguage = lang;
  await Promise.all([loadCatalogue(lang), ...languageLoaders.map((load) => load(lang))]);
  if (requestedLanguage === lang) await i18n.changeLanguage(lang);
}

/** Switches the interface language and, once it shows, remembers it for the next visit. Rejects when its
 * texts could not be downloaded: the interface stays as it was, and the caller says so. */
export async function changeLanguage(lang: Language): Promise<void> {
  await switchLanguage(lang);
  // A later choice may have won meanwhile (switchLanguage): remember the language that shows.
  if (currentLanguage() === lang) safeSet(localStore(), STORAGE_KEYS.language, lang);
}

/** A wait such as "45 segundos" or "5 minutos" in the current language. */
export function formatWait(seconds: number, lang: Language = currentLanguage()): string {
  const minutes = Math.ceil(seconds / 60);
  const [value, unit] = seconds >= 60 ? [minutes, "minute"] : [Math.max(1, seconds), "second"];
  return new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" }).format(value);
}

/** What the portal knows of a failed call when it words the error. */
export interface ErrorTextContext {
  retryAfterSeconds?: number | null;
  /** A 409's reason (CONFLICT_REASONS): its own text wins over the code's. */
  reason?: ConflictReason | null;
  /** The fields a 400 validation error names. */
  fields?: readonly FieldError[];
}

/** "Validation errors: " followed by the fields (SPEC §8), each by its portal name when it has one. */
export function validationErrorText(fields: readonly FieldError[]): string {
  const names = [...new Set(fields.map((f) => f.field))].map((field) => {
    const key = `errors.fields.${field}`;
    return i18n.exists(key) ? i18n.t(key) : field;
  });
  return i18n.t("errors.validationFields", { fields: names.join(", ") });
}

/**
 * Translation of an API error: the reason's text for a 409 that says why, the SPEC §8 "Validation
 * errors: …" for a validation error naming fields, else the code's text; null when the portal has
 * none (the API client then falls back to the SPEC §8 general texts).
 */
export function translateErrorCode(code: string, context: ErrorTextContext = {}): string | null {
  // A reason has its text in every catalogue (a test checks each of CONFLICT_REASONS).
  if (context.reason && i18n.exists(`errors.reasons.${context.reason}`)) return i18n.t(`errors.reasons.${context.reason}`);
  if (code === "tooManyAttempts") {
    const seconds = context.retryAfterSeconds ?? null;
    return seconds !== null
      ? i18n.t("errors.tooManyAttempts", { wait: formatWait(seconds) })
      : i18n.t("errors.tooManyAttemptsLater");
  }
  if (code === "validation" && context.fields && context.fields.length > 0) return validationErrorText(context.fields);
  const key = `errors.${code}`;
  return i18n.exists(key) ? i18n.t(key) : null;
}
