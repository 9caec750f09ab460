import { ASSET_MESSAGES, FORMS_MESSAGES, ORGANISATION_MESSAGES, type AssetMessage, type FormsMessage, type ModuleName, type OrganisationMessage } from "@atalaya/shared";
import texts from "@atalaya/shared/locales/es/portal.json";
import { esCore } from "./es-core";

/** Spanish catalogue: the reference every other language must match key for key. The sections the
 * login page needs are in es-core.ts (the first download); the rest (`@atalaya/shared/locales/es/portal.json`)
 * loads with any other route. The organisation's, forms' and assets' validation texts are the shared
 * tables the server answers with too. */
export const es = {
  ...esCore,
  ...texts,
  // Every company module by its SPEC §6 name (the settings, the provider's organisations, the menu).
  modules: texts.modules satisfies Record<ModuleName, string>,
  organisation: { ...texts.organisation, rules: { ...ORGANISATION_MESSAGES.es } as Record<OrganisationMessage, string> },
  forms: { ...texts.forms, rules: { ...FORMS_MESSAGES.es } as Record<FormsMessage, string> },
  assets: { ...texts.assets, rules: { ...ASSET_MESSAGES.es } as Record<AssetMessage, string> },
};
