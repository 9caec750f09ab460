import { ASSET_MESSAGES, FORMS_MESSAGES, ORGANISATION_MESSAGES, REPORT_LIFE_REASON_TEXTS } from "@atalaya/shared";
import core from "@atalaya/shared/locales/en/portal-core.json";
import portal from "@atalaya/shared/locales/en/portal.json";
import type { KeysMatch, Messages, SameKeys } from "./messages";

// `@atalaya/shared/locales/en/`: the login page's sections (portal-core.json) and the rest (portal.json),
// loaded together when English is chosen; the shared tables of the server's texts merged in as in es.ts.
const texts = {
  ...core,
  errors: { ...core.errors, reasons: { ...REPORT_LIFE_REASON_TEXTS.en, ...core.errors.reasons } },
  ...portal,
  organisation: { ...portal.organisation, rules: ORGANISATION_MESSAGES.en },
  forms: { ...portal.forms, rules: FORMS_MESSAGES.en },
  assets: { ...portal.assets, rules: ASSET_MESSAGES.en },
};

/** English catalogue. */
export const en: Messages = texts;

/** A key Spanish lacks fails the type check too (the JSON is spread, so no excess-property check sees it). */
export type EnglishKeysMatch = KeysMatch<SameKeys<typeof texts, Messages>>;
