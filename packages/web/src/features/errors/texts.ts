import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `statusPages` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/errors.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/errors.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/errors.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/errors.json").then((m) => m.default),
});
