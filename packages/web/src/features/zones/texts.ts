import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `zones` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/zones.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/zones.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/zones.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/zones.json").then((m) => m.default),
});
