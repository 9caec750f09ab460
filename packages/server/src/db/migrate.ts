import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./db.js";

/** Folder of the numbered SQL migrations (same relative place from src/ and dist/). */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "migrations");

/** Applies every migration not yet applied, in name order, in one transaction; returns their names. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    // Several processes may start together on one PostgreSQL: the first migrates, the others wait.
    await tx.query("select pg_advisory_xact_lock(7263541)");
    await tx.query(
      "create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())",
    );
    const done = new Set((await tx.query<{ version: string }>("select version from schema_migrations")).map((r) => r.version));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(await readFile(join(dir, file), "utf8"));
      await tx.query("insert into schema_migrations (version) values ($1)", [file]);
      applied.push(file);
    }
    return applied;
  });
}
