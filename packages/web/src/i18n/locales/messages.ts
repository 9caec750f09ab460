import type { Catalogue } from "../../lib/i18n";
import type { es } from "./es";

/** Shape of every catalogue: the Spanish keys, each a string; a missing or extra key fails the type check. */
export type Messages = Catalogue<typeof es>;
