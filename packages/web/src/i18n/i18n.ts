import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_PORTAL_LANGUAGE, LANGUAGES, type Language } from "@atalaya/shared";
import { STORAGE_KEYS, localStore, safeGet, safeSet } from "../lib/storage";
import { es } from "./locales/es";
import { en } from "./locales/en";
import { fr } from "./locales/fr";

/** The catalogues by language, also used by the completeness test. */
export const catalogues = { es, en, fr } as const;

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
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    es: { translation: es },
    en: { translation: en },
    fr: { translation: fr },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_PORTAL_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // React already escapes rendered text.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The current interface language. */
export function currentLanguage(): Language {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_PORTAL_LANGUAGE;
}

/** Switches the interface language and remembers it for the next visit. */
export function changeLanguage(lang: Language): void {
  safeSet(localStore(), STORAGE_KEYS.language, lang);
  void i18n.changeLanguage(lang);
}

/** A wait such as "45 segundos" or "5 minutos" in the current language. */
export function formatWait(seconds: number, lang: Language = currentLanguage()): string {
  const minutes = Math.ceil(seconds / 60);
  const [value, unit] = seconds >= 60 ? [minutes, "minute"] : [Math.max(1, seconds), "second"];
  return new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" }).format(value);
}

/** Translation of an API error code, or null when the portal has none (the caller then shows `Error {status}`). */
export function translateErrorCode(code: string, retryAfterSeconds: number | null = null): string | null {
  if (code === "tooManyAttempts") {
    return retryAfterSeconds !== null
      ? i18n.t("errors.tooManyAttempts", { wait: formatWait(retryAfterSeconds) })
      : i18n.t("errors.tooManyAttemptsLater");
  }
  const key = `errors.${code}`;
  return i18n.exists(key) ? i18n.t(key) : null;
}
