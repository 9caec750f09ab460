import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `massMessages` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/messages.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/messages.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/messages.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/messages.json").then((m) => m.default),
});
