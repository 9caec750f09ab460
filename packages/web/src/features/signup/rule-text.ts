import { useTranslation } from "react-i18next";
import { signupMessage, type SignupMessage } from "@atalaya/shared";
import { isLanguage } from "../../lib/i18n";

/** The text of a shared sign-up rule (the API answers the same text for the same code). */
export function useRuleText(): (code: SignupMessage) => string {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (code) => signupMessage(isLanguage(lang) ? lang : "en", code) ?? code;
}
