import type { ModuleName } from "@atalaya/shared";
import texts from "@atalaya/shared/locales/es/portal.json";
import assets from "@atalaya/shared/locales/es/assets.json";
import forms from "@atalaya/shared/locales/es/forms.json";
import organisation from "@atalaya/shared/locales/es/organisation.json";
import { withPortal } from "./assemble";
import { esCore } from "./es-core";

/** Spanish catalogue: the reference every other language must match key for key. The sections the
 * login page needs are in es-core.ts (the first download); the rest (`@atalaya/shared/locales/es/portal.json`)
 * loads with any other route. The organisation's, forms' and assets' validation texts are the catalogues
 * the server answers with too (`organisation.json`, `forms.json`, `assets.json`). */
export const es = {
  ...withPortal(esCore, texts, { organisation, forms, assets }),
  // Every company module by its SPEC §6 name (the settings, the provider's organisations, the menu).
  modules: texts.modules satisfies Record<ModuleName, string>,
};
