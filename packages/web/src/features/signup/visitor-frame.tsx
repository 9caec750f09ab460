import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { DEFAULT_SHELL_LANGUAGE } from "@atalaya/shared";
import { BrandLogo } from "../../components/brand-logo";
import { LanguageSegmented } from "../../components/language-switch";
import { chosenLanguage, switchLanguage } from "../../i18n/i18n";
import "./signup.css";

/** The visitor pages speak English unless the visitor chose a language before (SPEC §1: the sign-up and
 * app shell default to English, the portal to Spanish). */
export function useVisitorLanguage(): void {
  useEffect(() => {
    if (!chosenLanguage()) void switchLanguage(DEFAULT_SHELL_LANGUAGE);
  }, []);
}

/** The frame of the pages a visitor sees without an account: brand and language switch above the page's
 * own content. */
export function VisitorFrame({ children, wide = false, testId }: { children: ReactNode; wide?: boolean; testId?: string }): ReactNode {
  const { t } = useTranslation();
  useVisitorLanguage();
  return (
    <div className="visitor-screen" data-testid={testId}>
      <header className="visitor-header">
        <Link to="/" className="visitor-header__brand" aria-label={t("common.appName")}>
          <BrandLogo size={32} />
        </Link>
        <LanguageSegmented />
      </header>
      <main className={`visitor-main${wide ? " visitor-main--wide" : ""}`}>{children}</main>
    </div>
  );
}
