import type { ReactNode } from "react";
import { Button, Dropdown, Segmented } from "antd";
import { GlobalOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "@atalaya/shared";
import { changeLanguage, isLanguage } from "../i18n/i18n";

function useCurrentLanguage(): Language {
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
      onChange={(value) => changeLanguage(value)}
      options={LANGUAGES.map((code) => ({ value: code, label: code.toUpperCase(), title: t(`languages.${code}`) }))}
    />
  );
}

/** Language switch as a header dropdown. */
export function LanguageMenu(): ReactNode {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGUAGES.map((code) => ({ key: code, label: t(`languages.${code}`) })),
        onClick: ({ key }) => {
          if (isLanguage(key)) changeLanguage(key);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t("common.language")} data-testid="language-switch">
        {lang.toUpperCase()}
      </Button>
    </Dropdown>
  );
}
