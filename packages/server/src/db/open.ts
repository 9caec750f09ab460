import { createWriteStream, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.js";
import type { Db } from "./db.js";
import { startEmbeddedPostgres } from "./embedded-postgres.js";
import { openPostgres } from "./postgres.js";

/** Opens PostgreSQL on DATABASE_URL when set, else the embedded PostgreSQL in <data dir>/pg (started
 * here, stopped by the Db's close), its own log in <data dir>/logs/postgres.log. */
export async function openDatabase(config: Pick<Config, "databaseUrl" | "dataDir">): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const logs = join(config.dataDir, "logs");
  mkdirSync(logs, { recursive: true });
  const log = createWriteStream(join(logs, "postgres.log"), { flags: "a" });
  const server = await startEmbeddedPostgres(join(config.dataDir, "pg"), { log: (line) => log.write(`${line}\n`) });
  return openPostgres(server.url(), 10, server);
}
