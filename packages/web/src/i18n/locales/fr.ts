import { ASSET_MESSAGES, FORMS_MESSAGES, ORGANISATION_MESSAGES, REPORT_LIFE_REASON_TEXTS } from "@atalaya/shared";
import core from "@atalaya/shared/locales/fr/portal-core.json";
import portal from "@atalaya/shared/locales/fr/portal.json";
import type { KeysMatch, Messages, SameKeys } from "./messages";

// `@atalaya/shared/locales/fr/`: the login page's sections (portal-core.json) and the rest (portal.json),
// loaded together when French is chosen; the shared tables of the server's texts merged in as in es.ts.
const texts = {
  ...core,
  errors: { ...core.errors, reasons: { ...REPORT_LIFE_REASON_TEXTS.fr, ...core.errors.reasons } },
  ...portal,
  organisation: { ...portal.organisation, rules: ORGANISATION_MESSAGES.fr },
  forms: { ...portal.forms, rules: FORMS_MESSAGES.fr },
  assets: { ...portal.assets, rules: ASSET_MESSAGES.fr },
};

/** French catalogue. */
export const fr: Messages = texts;

/** A key Spanish lacks fails the type check too (the JSON is spread, so no excess-property check sees it). */
export type FrenchKeysMatch = KeysMatch<SameKeys<typeof texts, Messages>>;
