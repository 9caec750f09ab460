import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { seedCatalogue } from "../catalogue/catalogue.seed.js";
import type { Db } from "../db/db.js";
import { migrate } from "../db/migrate.js";
import { pgliteExtensions, wrapPglite } from "../db/pglite.js";
import { createTestDatabase, openTestPostgres, TestDatabaseRefused, type CreatedTestDatabase } from "./test-database.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PGlite data directory dumped to a file ("" on the PostgreSQL run). */
    pgliteDump: string;
    /** The databases this run created on TEST_DATABASE_URL's server, one a worker (none on the PGlite run). */
    testDatabaseUrls: string[];
    /** The run's migrated database the workers' ones are copies of, with no session open on it: a test
     * file that needs a database of its own copies it too ("" on the PGlite run). */
    testTemplateDatabase: string;
  }
}

/**
 * Migrates one database for the whole run and returns the teardown that removes it: on PostgreSQL a
 * database created for this run on TEST_DATABASE_URL's server (never TEST_DATABASE_URL's own database,
 * see test-database.ts) and a copy of it for each worker; on PGlite a migrated data directory dumped to
 * a file that each worker loads. A worker's own database keeps what runs in the background of one
 * worker's apps (the outbox relay, the job worker: a mail job sent through another test's SMTP
 * capture) from reaching into the other worker's tests, as each process of a deployment may.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    let created;
    try {
      created = await createTestDatabase(serverUrl);
    } catch (err) {
      if (err instanceof TestDatabaseRefused) refuse(err);
      throw err;
    }
    try {
      const db = await openTestPostgres(created.url, 2);
      try {
        await migrate(db);
        await seedCatalogue(db);
        await clearOfGatedIds(db);
      } finally {
        await db.close();
      }
    } catch (err) {
      await created.drop().catch(() => undefined);
      throw err;
    }
    const copies: CreatedTestDatabase[] = [];
    try {
      // One a worker: VITEST_POOL_ID runs from 1 to maxWorkers.
      for (let worker = 0; worker < project.config.maxWorkers; worker++) {
        const copy = await createTestDatabase(serverUrl, created.name);
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
    } catch (err) {
      for (const database of [created, ...copies]) await database.drop().catch(() => undefined);
      throw err;
    }
    project.provide("pgliteDump", "");
    project.provide("testDatabaseUrls", copies.map((c) => c.url));
    project.provide("testTemplateDatabase", created.name);
    return async () => {
      for (const database of [created, ...copies]) await database.drop();
    };
  }
  const pg = await PGlite.create({ extensions: pgliteExtensions });
  const db = wrapPglite(pg);
  await migrate(db);
  await seedCatalogue(db);
  await clearOfGatedIds(db);
  const dump = await pg.dumpDataDir("none");
  const file = join(tmpdir(), `atalaya-test-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await pg.close();
  project.provide("pgliteDump", file);
  project.provide("testDatabaseUrls", []);
  project.provide("testTemplateDatabase", "");
  return () => rm(file, { force: true });
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
