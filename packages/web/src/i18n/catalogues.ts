import { registerCatalogues } from "../lib/i18n";
import { esCore } from "./locales/es-core";

// The portal's catalogues, registered with the i18n runtime (lib/i18n.ts) as this module is imported:
// first by main.tsx, the build's prerender and the tests that read texts. They gather every feature's
// texts (locales/), so they sit here, above the features, and the runtime the features use imports none.
registerCatalogues({
  core: esCore,
  portal: () => import("./locales/es").then((m) => m.es),
  others: {
    en: () => import("./locales/en").then((m) => m.en),
    fr: () => import("./locales/fr").then((m) => m.fr),
  },
});
