import { useEffect, type ReactNode } from "react";
import { ConfigProvider } from "antd";
import type { Locale } from "antd/es/locale";
import enUS from "antd/es/locale/en_US";
import esES from "antd/es/locale/es_ES";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { I18nextProvider } from "react-i18next";
import type { Language } from "@atalaya/shared";
import { useCurrentLanguage } from "../components/language-switch";
import { i18n, loadWithLanguage } from "../lib/i18n";
import { useMediaQuery } from "../lib/use-media-query";
import { queryClient } from "../lib/query-client";
import { router } from "./router";
import { theme } from "./theme";

// Ant Design's own texts: Spanish (the default) and English (Ant Design's built-in default, in the
// first download anyway) are at hand; French loads with the French catalogue.
const ANTD_LOCALES: Partial<Record<Language, Locale>> = { es: esES, en: enUS };
loadWithLanguage(async (lang) => {
  if (lang === "fr") ANTD_LOCALES.fr ??= (await import("antd/es/locale/fr_FR")).default;
});

// People who ask their system for less motion (vestibular disorders, WCAG 2.3.3) get drawers, modals
// and menus that appear without Ant Design's zoom and slide; the portal's own animations stop in CSS.
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const motionlessTheme = { ...theme, token: { ...theme.token, motion: false } };

function ThemedApp(): ReactNode {
  const lang = useCurrentLanguage();
  const reducedMotion = useMediaQuery(REDUCED_MOTION);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  // The signed-in screens add Ant Design's <App> (toasts, notifications, confirmations) in their frame
  // (app/signed-in-frame.tsx): the login page does without it.
  return (
    <ConfigProvider theme={reducedMotion ? motionlessTheme : theme} locale={ANTD_LOCALES[lang] ?? esES}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}

/** The whole portal: translations, Ant Design theme and locale, server-state cache and routes. */
export function AppRoot(): ReactNode {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedApp />
    </I18nextProvider>
  );
}
