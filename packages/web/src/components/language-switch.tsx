import { useState, type ReactNode } from "react";
import { Segmented } from "antd";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "@atalaya/shared";
import { changeLanguage, isLanguage } from "../lib/i18n";

/** The interface language as React sees it. */
export function useCurrentLanguage(): Language {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : "es";
}

/** Chooses an interface language (lib/i18n.ts's changeLanguage); `onFailed` gets the message, in the
 * language still shown, when the chosen one's texts could not be downloaded. */
export function useChooseLanguage(onFailed: (message: string) => void): (lang: Language) => void {
  const { t } = useTranslation();
  return (lang) => void changeLanguage(lang).catch(() => onFailed(t("common.languageFailed", { name: t(`languages.${lang}`) })));
}

/** Language switch as a segmented control (ES | EN | FR), used on public screens. These have no toasts
 * (Ant Design's <App> is the signed-in frame's): a language whose texts could not be downloaded is said
 * under the control. */
export function LanguageSegmented(): ReactNode {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const [failed, setFailed] = useState<string | null>(null);
  const chooseLanguage = useChooseLanguage(setFailed);
  const choose = (value: Language) => {
    setFailed(null);
    chooseLanguage(value);
  };
  return (
    <div className="language-switch">
      <Segmented<Language>
        size="small"
        aria-label={t("common.language")}
        value={lang}
        onChange={choose}
        options={LANGUAGES.map((code) => ({ value: code, label: code.toUpperCase(), title: t(`languages.${code}`) }))}
      />
      {/* A plain element: the login page, the first download, does without Ant Design's Typography. */}
      {failed && (
        <p role="alert" className="language-switch__failed">
          {failed}
        </p>
      )}
    </div>
  );
}
