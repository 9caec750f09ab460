import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `mailOutbox` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/mail.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/mail.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/mail.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/mail.json").then((m) => m.default),
});
