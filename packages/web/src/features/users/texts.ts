import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `users` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/users.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/users.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/users.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/users.json").then((m) => m.default),
});
