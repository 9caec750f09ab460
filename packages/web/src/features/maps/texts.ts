import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `maps` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/maps.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/maps.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/maps.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/maps.json").then((m) => m.default),
});
