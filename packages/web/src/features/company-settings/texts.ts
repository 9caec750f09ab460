import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `companySettings` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/company-settings.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/company-settings.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/company-settings.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/company-settings.json").then((m) => m.default),
});
