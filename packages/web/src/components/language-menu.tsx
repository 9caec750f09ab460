import type { ReactNode } from "react";
import { Button, Dropdown } from "antd";
import { GlobalOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "@atalaya/shared";
import { isLanguage } from "../lib/i18n";
import { useToast } from "../lib/use-toast";
import { useChooseLanguage, useCurrentLanguage } from "./language-switch";

/** Language switch as a header dropdown (its own module: the login page's switch has no menu to load). */
export function LanguageMenu(): ReactNode {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const toast = useToast();
  // A catalogue that cannot be downloaded leaves the interface as it was: say so, the choice can be made again.
  const chooseLanguage = useChooseLanguage((message) => void toast.error(message));
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGUAGES.map((code) => ({ key: code, label: t(`languages.${code}`) })),
        onClick: ({ key }) => {
          if (isLanguage(key)) chooseLanguage(key);
        },
      }}
    >
      {/* The name starts with the code shown ("ES — Idioma: Español"), so someone who says what they see
          (speech input, WCAG 2.5.3) reaches it, and a screen reader still hears what it is for. */}
      <Button
        type="text"
        icon={<GlobalOutlined aria-hidden />}
        aria-label={t("common.languageButton", { code: lang.toUpperCase(), name: t(`languages.${lang}`) })}
        data-testid="language-switch"
      >
        {lang.toUpperCase()}
      </Button>
    </Dropdown>
  );
}
