import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `replies` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/replies.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/replies.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/replies.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/replies.json").then((m) => m.default),
});
