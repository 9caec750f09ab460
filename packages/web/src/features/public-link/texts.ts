import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `publicLink` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/public-link.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/public-link.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/public-link.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/public-link.json").then((m) => m.default),
});
