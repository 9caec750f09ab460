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

/** Language switch as a segmented control (ES | EN | FR), used on public screens. These have no toasts
 * (Ant Design's <App> is the signed-in frame's): a language whose texts could not be downloaded is said
 * under the control. */
export function LanguageSegmented(): ReactNode {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const [failed, setFailed] = useState<Language | null>(null);
  const choose = (value: Language) => {
    setFailed(null);
    changeLanguage(value).catch(() => setFailed(value));
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
          {t("common.languageFailed", { name: t(`languages.${failed}`) })}
        </p>
      )}
    </div>
  );
}
