import core from "@atalaya/shared/locales/en/portal-core.json";
import portal from "@atalaya/shared/locales/en/portal.json";
import assets from "@atalaya/shared/locales/en/assets.json";
import forms from "@atalaya/shared/locales/en/forms.json";
import organisation from "@atalaya/shared/locales/en/organisation.json";
import reportLife from "@atalaya/shared/locales/en/report-life.json";
import { withPortal, withReasons } from "./assemble";
import type { KeysMatch, Messages, SameKeys } from "./messages";

// `@atalaya/shared/locales/en/`: the login page's sections (portal-core.json) and the rest (portal.json),
// loaded together when English is chosen; the catalogues of the server's texts merged in as in es.ts.
const texts = withPortal(withReasons(core, reportLife), portal, { organisation, forms, assets });

/** English catalogue. */
export const en: Messages = texts;

/** A key Spanish lacks fails the type check too (the JSON is spread, so no excess-property check sees it). */
export type EnglishKeysMatch = KeysMatch<SameKeys<typeof texts, Messages>>;
