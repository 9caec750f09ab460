import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `notifications` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/notifications.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/notifications.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/notifications.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/notifications.json").then((m) => m.default),
});
