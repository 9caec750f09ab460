import { featureTexts, withRules } from "../../lib/feature";

/** This feature's texts, in each language: the `forms` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/forms.json`), with the rule texts the server answers with too
 * (`<lang>/forms.json`) under its `rules`. */
export const texts = featureTexts({
  es: () => withRules("forms", import("@atalaya/shared/locales/es/portal/forms.json"), import("@atalaya/shared/locales/es/forms.json")),
  en: () => withRules("forms", import("@atalaya/shared/locales/en/portal/forms.json"), import("@atalaya/shared/locales/en/forms.json")),
  fr: () => withRules("forms", import("@atalaya/shared/locales/fr/portal/forms.json"), import("@atalaya/shared/locales/fr/forms.json")),
});
