import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { BrandLogo } from "../../components/brand-logo";
import { LanguageSegmented } from "../../components/language-switch";
import { switchLanguage, visitorLanguage } from "../../lib/i18n";
import "./signup.css";

/** The visitor pages speak the visitor's language: the one chosen before, else the browser's when the
 * portal speaks it, else English (SPEC §1: the sign-up and app shell default to English, the portal to
 * Spanish). */
export function useVisitorLanguage(): void {
  useEffect(() => {
    void switchLanguage(visitorLanguage());
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
