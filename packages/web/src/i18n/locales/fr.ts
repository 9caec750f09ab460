import core from "@atalaya/shared/locales/fr/portal-core.json";
import portal from "@atalaya/shared/locales/fr/portal.json";
import assets from "@atalaya/shared/locales/fr/assets.json";
import forms from "@atalaya/shared/locales/fr/forms.json";
import organisation from "@atalaya/shared/locales/fr/organisation.json";
import reportLife from "@atalaya/shared/locales/fr/report-life.json";
import { withPortal, withReasons } from "./assemble";
import type { KeysMatch, Messages, SameKeys } from "./messages";

// `@atalaya/shared/locales/fr/`: the login page's sections (portal-core.json) and the rest (portal.json),
// loaded together when French is chosen; the catalogues of the server's texts merged in as in es.ts.
const texts = withPortal(withReasons(core, reportLife), portal, { organisation, forms, assets });

/** French catalogue. */
export const fr: Messages = texts;

/** A key Spanish lacks fails the type check too (the JSON is spread, so no excess-property check sees it). */
export type FrenchKeysMatch = KeysMatch<SameKeys<typeof texts, Messages>>;
