import { featureTexts, withRules } from "../../lib/feature";

/** This feature's texts, in each language: the `assets` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/assets.json`), with the rule texts the server answers with too
 * (`<lang>/assets.json`) under its `rules`. */
export const texts = featureTexts({
  es: () => withRules("assets", import("@atalaya/shared/locales/es/portal/assets.json"), import("@atalaya/shared/locales/es/assets.json")),
  en: () => withRules("assets", import("@atalaya/shared/locales/en/portal/assets.json"), import("@atalaya/shared/locales/en/assets.json")),
  fr: () => withRules("assets", import("@atalaya/shared/locales/fr/portal/assets.json"), import("@atalaya/shared/locales/fr/assets.json")),
});
