import type { es } from "./es";

type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

/** Shape of every catalogue: the Spanish keys, each a string; a missing or extra key fails the type check. */
export type Messages = Catalogue<typeof es>;
