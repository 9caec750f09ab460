import core from "@atalaya/shared/locales/fr/portal-core.json";
import portal from "@atalaya/shared/locales/fr/portal.json";
import reportLife from "@atalaya/shared/locales/fr/report-life.json";
import { withPortal, withReasons } from "./assemble";
import type { KeysMatch, Messages, SameKeys } from "./messages";

// `@atalaya/shared/locales/fr/`: the login page's sections (portal-core.json) and the app-wide ones
// (portal.json), loaded together when French is chosen, with every feature's own (app/catalogues.ts).
const texts = withPortal(withReasons(core, reportLife), portal);

/** French catalogue's app part. */
export const fr: Messages = texts;

/** A key Spanish lacks fails the type check too (the JSON is spread, so no excess-property check sees it). */
export type FrenchKeysMatch = KeysMatch<SameKeys<typeof texts, Messages>>;
