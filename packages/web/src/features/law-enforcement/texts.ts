import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `lawEnforcement` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/law-enforcement.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/law-enforcement.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/law-enforcement.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/law-enforcement.json").then((m) => m.default),
});
