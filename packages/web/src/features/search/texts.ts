import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `search` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/search.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/search.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/search.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/search.json").then((m) => m.default),
});
