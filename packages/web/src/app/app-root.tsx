import { useEffect, type ReactNode } from "react";
import { App, ConfigProvider } from "antd";
import type { Locale } from "antd/es/locale";
import enUS from "antd/locale/en_US";
import esES from "antd/locale/es_ES";
import frFR from "antd/locale/fr_FR";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { I18nextProvider, useTranslation } from "react-i18next";
import dayjs from "dayjs";
import { TOAST_ERROR_SECONDS, type Language } from "@atalaya/shared";
import { i18n, isLanguage } from "../i18n/i18n";
import { queryClient } from "./query-client";
import { router } from "./router";
import { theme } from "./theme";

const ANTD_LOCALES: Record<Language, Locale> = { es: esES, en: enUS, fr: frFR };

function ThemedApp(): ReactNode {
  const { i18n: instance } = useTranslation();
  const current = instance.resolvedLanguage ?? instance.language;
  const lang: Language = isLanguage(current) ? current : "es";

  useEffect(() => {
    document.documentElement.lang = lang;
    dayjs.locale(lang);
  }, [lang]);

  // Toasts go through useToast() (app/use-toast.ts), which gives each kind its SPEC §8 time; the
  // duration here is only the default of Ant Design's message API.
  return (
    <ConfigProvider theme={theme} locale={ANTD_LOCALES[lang]}>
      <App message={{ duration: TOAST_ERROR_SECONDS, maxCount: 3 }} notification={{ placement: "topRight" }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </App>
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
