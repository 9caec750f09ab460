import { randomUUID } from "node:crypto";
import type { TestProject } from "vitest/node";
import { seedCatalogue } from "../catalogue/catalogue.seed.js";
import type { Db } from "../db/db.js";
import { startTemporaryPostgres, type EmbeddedServer } from "../db/embedded-postgres.js";
import { migrate } from "../db/migrate.js";
import { createTestDatabase, dropRunDatabases, openTestPostgres, TestDatabaseRefused, type CreatedTestDatabase } from "./test-database.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A URL of the run's PostgreSQL server (its database only names where to connect: see
     * test-database.ts). */
    testServerUrl: string;
    /** The run's migrated database, with no session open on it: each worker's database is a copy of it
     * (harness.ts's testDb), and so is that of a test file that needs one of its own. */
    testTemplateDatabase: string;
    /** Marks every database this run creates, so that its teardown drops the workers' too. */
    testRunId: string;
  }
}

/**
 * Prepares the run's PostgreSQL and returns the teardown that removes what it made. The server is the one
 * of TEST_DATABASE_URL when set (never its own database: see test-database.ts), else an embedded
 * PostgreSQL started for this run in a temporary directory. On it one database is migrated, the
 * template; each worker copies it (`create database … template`) when it first needs a database, so
 * nothing migrates twice. A worker's own database keeps what runs in the background of one worker's
 * apps (the outbox relay, the job worker: a mail job sent through another test's SMTP capture) from
 * reaching into another worker's tests, as each process of a deployment may.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedServer | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL || (embedded = await startTemporaryPostgres()).url();
  const run = randomUUID();
  const teardown = async () => {
    await dropRunDatabases(serverUrl, run).catch(() => undefined);
    await embedded?.stop();
  };
  try {
    const template = await create(serverUrl, run);
    const db = await openTestPostgres(template.url, 2);
    try {
      await migrate(db);
      await seedCatalogue(db);
      await clearOfGatedIds(db);
    } finally {
      await db.close();
    }
    project.provide("testServerUrl", serverUrl);
    project.provide("testTemplateDatabase", template.name);
    project.provide("testRunId", run);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}

/** A new, empty test database on the server, or stops the run with the one line that says why not. */
async function create(serverUrl: string, run: string): Promise<CreatedTestDatabase> {
  try {
    return await createTestDatabase(serverUrl, undefined, run);
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
