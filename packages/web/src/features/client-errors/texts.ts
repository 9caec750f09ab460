import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `clientErrors` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/client-errors.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/client-errors.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/client-errors.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/client-errors.json").then((m) => m.default),
});
