import { useTranslation } from "react-i18next";
import type { Language, SignupMessage } from "@atalaya/shared";
import es from "@atalaya/shared/locales/es/signup.json";
import en from "@atalaya/shared/locales/en/signup.json";
import fr from "@atalaya/shared/locales/fr/signup.json";
import { isLanguage } from "../../lib/i18n";

/** The sign-up rules' texts in every language: the `signup` catalogue, which the API answers with too. */
const RULE_TEXTS: Readonly<Record<Language, Readonly<Record<string, string>>>> = { es, en, fr };

/** The text of a shared sign-up rule (the API answers the same text for the same code). */
export function useRuleText(): (code: SignupMessage) => string {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const texts = RULE_TEXTS[isLanguage(lang) ? lang : "en"];
  return (code) => (Object.hasOwn(texts, code) ? texts[code] : undefined) ?? code;
}
