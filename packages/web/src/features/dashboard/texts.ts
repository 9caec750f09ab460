import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `dashboard` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/dashboard.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/dashboard.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/dashboard.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/dashboard.json").then((m) => m.default),
});
