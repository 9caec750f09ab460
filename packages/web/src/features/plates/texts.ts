import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `plates` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/plates.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/plates.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/plates.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/plates.json").then((m) => m.default),
});
