import core from "@atalaya/shared/locales/en/portal-core.json";
import portal from "@atalaya/shared/locales/en/portal.json";
import reportLife from "@atalaya/shared/locales/en/report-life.json";
import { withPortal, withReasons } from "./assemble";
import type { KeysMatch, Messages, SameKeys } from "./messages";

// `@atalaya/shared/locales/en/`: the login page's sections (portal-core.json) and the app-wide ones
// (portal.json), loaded together when English is chosen, with every feature's own (app/catalogues.ts).
const texts = withPortal(withReasons(core, reportLife), portal);

/** English catalogue's app part. */
export const en: Messages = texts;

/** A key Spanish lacks fails the type check too (the JSON is spread, so no excess-property check sees it). */
export type EnglishKeysMatch = KeysMatch<SameKeys<typeof texts, Messages>>;
