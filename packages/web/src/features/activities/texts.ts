import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `activities` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/activities.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/activities.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/activities.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/activities.json").then((m) => m.default),
});
