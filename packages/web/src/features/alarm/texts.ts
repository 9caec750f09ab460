import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `alarm` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/alarm.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/alarm.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/alarm.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/alarm.json").then((m) => m.default),
});
