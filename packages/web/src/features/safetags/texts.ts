import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `safetags` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/safetags.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/safetags.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/safetags.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/safetags.json").then((m) => m.default),
});
