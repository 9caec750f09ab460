// Before any worker starts: one embedded PostgreSQL for the whole run (in a temporary directory) and on it
// one database migrated and seeded with the demo organisation, the template every worker's database is
// copied from (support/test.ts: `create database … template`), so no worker's server migrates or seeds.
// Returns the teardown that stops the server and removes its directory (and so every database on it).
// Uses the built server (`npm run build` comes first, as for the servers the workers start).
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const DIST = fileURLToPath(new URL("../../packages/server/dist/", import.meta.url));
/** The template's name; the workers read it and the server's URL from these variables. */
export const TEMPLATE_DATABASE = "atalaya_e2e_template";
export const SERVER_URL_VARIABLE = "E2E_DATABASE_SERVER";
export const TEMPLATE_VARIABLE = "E2E_TEMPLATE_DATABASE";

/** A module of the built server, typed here by what this file uses of it (importing the server's sources'
 * types would pull the whole server into the e2e type check). */
const built = <T>(path: string): Promise<T> => import(pathToFileURL(join(DIST, path)).href) as Promise<T>;
interface Db {
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
interface PasswordCost {
  memoryKib: number;
  passes: number;
  parallelism: number;
}
interface EmbeddedServer {
  url(database?: string): string;
  stop(): Promise<void>;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const since = performance.now();
  const [{ startTemporaryPostgres }, { openPostgres }, { migrate }, { seedCatalogue }, { seedDemo }, { loadConfig }] = await Promise.all([
    built<{ startTemporaryPostgres(): Promise<EmbeddedServer> }>("db/embedded-postgres.js"),
    built<{ openPostgres(url: string, max: number): Db }>("db/postgres.js"),
    built<{ migrate(db: Db): Promise<string[]> }>("db/migrate.js"),
    built<{ seedCatalogue(db: Db): Promise<void> }>("catalogue/index.js"),
    built<{ seedDemo(db: Db, cost: PasswordCost): Promise<boolean> }>("seed/index.js"),
    built<{ loadConfig(env: NodeJS.ProcessEnv): { passwordCost: PasswordCost } }>("config.js"),
  ]);
  const server = await startTemporaryPostgres();
  try {
    const admin = openPostgres(server.url(), 1);
    await admin.exec(`create database ${TEMPLATE_DATABASE}`);
    await admin.close();
    const db = openPostgres(server.url(TEMPLATE_DATABASE), 2);
    try {
      await migrate(db);
      await seedCatalogue(db);
      // The demo's passwords at the cost the portal servers will check them with (playwright.config.ts).
      await seedDemo(db, loadConfig(process.env).passwordCost);
    } finally {
      await db.close();
    }
  } catch (err) {
    await server.stop();
    throw err;
  }
  process.env[SERVER_URL_VARIABLE] = server.url();
  process.env[TEMPLATE_VARIABLE] = TEMPLATE_DATABASE;
  console.log(`e2e: embedded PostgreSQL with a migrated and seeded template database in ${((performance.now() - since) / 1000).toFixed(1)} s`);
  return () => server.stop();
}
