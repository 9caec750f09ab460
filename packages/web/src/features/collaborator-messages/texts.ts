import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `collaboratorMessages` section of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/collaborator-messages.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/collaborator-messages.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/collaborator-messages.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/collaborator-messages.json").then((m) => m.default),
});
