import type { Catalogue } from "../../lib/i18n";
import type { es } from "./es";

/** Shape of every catalogue: the Spanish keys, each a string; a missing key fails the type check. */
export type Messages = Catalogue<typeof es>;

/** Whether a catalogue has exactly the reference's keys (a catalogue spread from JSON escapes
 * TypeScript's excess-property check, which would otherwise catch an extra key). */
export type SameKeys<T, Reference> = [Catalogue<T>] extends [Reference] ? ([Reference] extends [Catalogue<T>] ? true : false) : false;

/** Fails the type check unless given `true`: `KeysMatch<SameKeys<…>>`. */
export type KeysMatch<T extends true> = T;
