import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `signup` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/signup.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/signup.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/signup.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/signup.json").then((m) => m.default),
});
