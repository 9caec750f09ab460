import type { ReactNode } from "react";
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

/** Language switch as a segmented control (ES | EN | FR), used on public screens. */
export function LanguageSegmented(): ReactNode {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  return (
    <Segmented<Language>
      size="small"
      aria-label={t("common.language")}
      value={lang}
      onChange={(value) => void changeLanguage(value)}
      options={LANGUAGES.map((code) => ({ value: code, label: code.toUpperCase(), title: t(`languages.${code}`) }))}
    />
  );
}
