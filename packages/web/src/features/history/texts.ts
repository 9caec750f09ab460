import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `history` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/history.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/history.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/history.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/history.json").then((m) => m.default),
});
