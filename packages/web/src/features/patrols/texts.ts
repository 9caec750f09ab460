import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `patrols` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/patrols.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/patrols.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/patrols.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/patrols.json").then((m) => m.default),
});
