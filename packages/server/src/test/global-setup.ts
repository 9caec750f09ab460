import type { TestProject } from "vitest/node";
import { seedCatalogue } from "../catalogue/catalogue.seed.js";
import type { Db } from "../db/db.js";
import { startTemporaryPostgres, type EmbeddedServer } from "../db/embedded-postgres.js";
import { migrate } from "../db/migrate.js";
import { createTestDatabase, openTestPostgres, TestDatabaseRefused, type CreatedTestDatabase } from "./test-database.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A URL of the run's PostgreSQL server (its database only names where to connect: see
     * test-database.ts), for a test that creates an empty database of its own. */
    testServerUrl: string;
    /** The databases this run created on that server, one a worker. */
    testDatabaseUrls: string[];
    /** The run's migrated database the workers' ones are copies of, with no session open on it: a test
     * file that needs a database of its own copies it too. */
    testTemplateDatabase: string;
  }
}

/**
 * Prepares the run's PostgreSQL and returns the teardown that removes what it made. The server is the one
 * of TEST_DATABASE_URL when set (never its own database: see test-database.ts), else an embedded
 * PostgreSQL started for this run in a temporary directory. On it, one database is migrated (the
 * template) and each worker gets a copy (`create database … template`), so nothing migrates twice. A
 * worker's own database keeps what runs in the background of one worker's apps (the outbox relay, the
 * job worker: a mail job sent through another test's SMTP capture) from reaching into the other
 * worker's tests, as each process of a deployment may.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedServer | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL || (embedded = await startTemporaryPostgres()).url();
  const made: CreatedTestDatabase[] = [];
  const teardown = async () => {
    for (const database of made.reverse()) await database.drop().catch(() => undefined);
    await embedded?.stop();
  };
  try {
    const template = await create(serverUrl);
    made.push(template);
    const db = await openTestPostgres(template.url, 2);
    try {
      await migrate(db);
      await seedCatalogue(db);
      await clearOfGatedIds(db);
    } finally {
      await db.close();
    }
    // One a worker: VITEST_POOL_ID runs from 1 to maxWorkers.
    const copies: CreatedTestDatabase[] = [];
    for (let worker = 0; worker < project.config.maxWorkers; worker++) {
      const copy = await create(serverUrl, template.name);
      made.push(copy);
      copies.push(copy);
      // Its own deployment id, so its apps publish on their own Redis prefix (company ids repeat
      // across the copies).
      const db = await openTestPostgres(copy.url, 1);
      try {
        await db.query("update deployment set uuid = gen_random_uuid()");
      } finally {
        await db.close();
      }
    }
    project.provide("testServerUrl", serverUrl);
    project.provide("testDatabaseUrls", copies.map((c) => c.url));
    project.provide("testTemplateDatabase", template.name);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}

/** A new test database on the server, or stops the run with the one line that says why not. */
async function create(serverUrl: string, template?: string): Promise<CreatedTestDatabase> {
  try {
    return await createTestDatabase(serverUrl, template);
  } catch (err) {
    if (err instanceof TestDatabaseRefused) refuse(err);
    throw err;
  }
}

/** Test companies are numbered from 1000: the SPEC §6 gates name companies 1, 11, 110, 268 and 365, and a
 * worker's database lives through all its files, so an ordinary test company could otherwise land on one
 * of those ids and get a gate it did not ask for. A test that needs a gated company inserts its id. */
async function clearOfGatedIds(db: Db): Promise<void> {
  await db.query("select setval('companies_id_seq', 1000)");
}

/** Stops the run with the one line that says why (Vitest would print a stack trace and go on to the
 * other projects). */
function refuse(err: TestDatabaseRefused): never {
  console.error(`✖ ${err.message}`);
  process.exit(1);
}
