import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `operators`, `connections` sections of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/operators.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/operators.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/operators.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/operators.json").then((m) => m.default),
});
