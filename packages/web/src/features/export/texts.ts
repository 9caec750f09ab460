import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `export` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/export.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/export.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/export.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/export.json").then((m) => m.default),
});
