import { join } from "node:path";
import type { Config } from "../config.js";
import type { Db } from "./db.js";
import { openPglite } from "./pglite.js";
import { openPostgres } from "./postgres.js";

/** Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite in <data dir>/pg. */
export async function openDatabase(config: Pick<Config, "databaseUrl" | "dataDir">): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(join(config.dataDir, "pg"));
}
