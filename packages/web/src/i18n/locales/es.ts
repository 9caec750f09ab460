import type { ModuleName } from "@atalaya/shared";
import texts from "@atalaya/shared/locales/es/portal.json";
import { withPortal } from "./assemble";
import { esCore } from "./es-core";

/** Spanish catalogue's app part: the reference every other language must match key for key. The sections
 * the login page needs are in es-core.ts (the first download); the app-wide ones
 * (`@atalaya/shared/locales/es/portal.json`) load with any other route, with every feature's own
 * (app/catalogues.ts). */
export const es = {
  ...withPortal(esCore, texts),
  // Every company module by its SPEC §6 name (the settings, the provider's organisations, the menu).
  modules: texts.modules satisfies Record<ModuleName, string>,
};
