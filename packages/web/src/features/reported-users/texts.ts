import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `reportedUsers` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/reported-users.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/reported-users.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/reported-users.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/reported-users.json").then((m) => m.default),
});
