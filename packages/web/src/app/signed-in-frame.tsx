import { useEffect, type ReactNode } from "react";
import { App } from "antd";
import dayjs from "dayjs";
import { TOAST_ERROR_SECONDS } from "@atalaya/shared";
import { useCurrentLanguage } from "../components/language-switch";
import { AppLayout } from "./shell/app-layout";
// Registers the dayjs locales (es, fr) that the global locale below may name.
import "../lib/dates";

/**
 * `/v3/*` (lazy): Ant Design's <App> for the toasts, notifications and confirmations of the signed-in
 * screens, dayjs in the interface language (date pickers), then the shell. Kept out of the first
 * download, which the login page does not need.
 */
export function SignedInFrame(): ReactNode {
  const lang = useCurrentLanguage();
  useEffect(() => {
    dayjs.locale(lang);
  }, [lang]);
  // Toasts go through useToast() (lib/use-toast.ts), which gives each kind its SPEC §8 time; the
  // duration here is only the default of Ant Design's message API.
  return (
    <App message={{ duration: TOAST_ERROR_SECONDS, maxCount: 3 }} notification={{ placement: "topRight" }}>
      <AppLayout />
    </App>
  );
}
