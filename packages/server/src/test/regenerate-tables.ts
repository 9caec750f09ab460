// `npm run db:types -w @atalaya/server` (packages/server/scripts/db-types.mjs runs this): migrates a
// fresh database, as the test run does (global-setup.ts), and writes src/db/tables.ts from its schema
// (db/generate-tables.ts). The database is created on TEST_DATABASE_URL's server when set, else on an
// embedded PostgreSQL started for the command in a temporary directory, and dropped at the end.
import { readFile, writeFile } from "node:fs/promises";
import { startTemporaryPostgres, type EmbeddedServer } from "../db/embedded-postgres.js";
import { generateTables } from "../db/generate-tables.js";
import { migrate } from "../db/migrate.js";
import { createTestDatabase, openTestPostgres } from "./test-database.js";

export interface RegenerateOptions {
  /** The migrations folder (the bundle this runs from is not where migrate.ts's default points). */
  migrationsDir: string;
  /** Where tables.ts goes. */
  outFile: string;
  /** A server to create the database on; else an embedded temporary one. */
  serverUrl?: string;
}

/** Writes tables.ts from a freshly migrated database; answers whether its text changed. */
export async function regenerateTables({ migrationsDir, outFile, serverUrl }: RegenerateOptions): Promise<boolean> {
  let embedded: EmbeddedServer | undefined;
  try {
    const url = serverUrl || (embedded = await startTemporaryPostgres()).url();
    const created = await createTestDatabase(url);
    try {
      const db = await openTestPostgres(created.url, 1);
      let text: string;
      try {
        await migrate(db, migrationsDir);
        text = await generateTables(db);
      } finally {
        await db.close();
      }
      const before = await readFile(outFile, "utf8").catch(() => undefined);
      if (before === text) return false;
      await writeFile(outFile, text);
      return true;
    } finally {
      await created.drop();
    }
  } finally {
    await embedded?.stop();
  }
}
