import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `answers` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/answers.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/answers.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/answers.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/answers.json").then((m) => m.default),
});
