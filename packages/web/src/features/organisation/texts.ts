import { featureTexts, withRules } from "../../lib/feature";

/** This feature's texts, in each language: the `organisation` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/organisation.json`), with the rule texts the server answers with too
 * (`<lang>/organisation.json`) under its `rules`. */
export const texts = featureTexts({
  es: () => withRules("organisation", import("@atalaya/shared/locales/es/portal/organisation.json"), import("@atalaya/shared/locales/es/organisation.json")),
  en: () => withRules("organisation", import("@atalaya/shared/locales/en/portal/organisation.json"), import("@atalaya/shared/locales/en/organisation.json")),
  fr: () => withRules("organisation", import("@atalaya/shared/locales/fr/portal/organisation.json"), import("@atalaya/shared/locales/fr/organisation.json")),
});
