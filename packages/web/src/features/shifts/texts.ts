import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `shifts` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/shifts.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/shifts.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/shifts.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/shifts.json").then((m) => m.default),
});
