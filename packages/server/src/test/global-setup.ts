import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { seedCatalogue } from "../catalogue/catalogue.seed.js";
import { migrate } from "../db/migrate.js";
import { pgliteExtensions, wrapPglite } from "../db/pglite.js";
import { openPostgres } from "../db/postgres.js";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

/** Migrates one database for the whole run: a fresh PostgreSQL schema, or a PGlite dumped to a file. */
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const db = openPostgres(url, 2);
    await db.exec("drop schema if exists public cascade; create schema public;");
    await migrate(db);
    await seedCatalogue(db);
    await db.close();
    project.provide("pgliteDump", "");
    return;
  }
  const pg = await PGlite.create({ extensions: pgliteExtensions });
  const db = wrapPglite(pg);
  await migrate(db);
  await seedCatalogue(db);
  const dump = await pg.dumpDataDir("none");
  const file = join(tmpdir(), `atalaya-test-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await pg.close();
  project.provide("pgliteDump", file);
}
