// The PostgreSQL tests run only in a database the run creates itself (named atalaya_…_test) and drops
// at the end. The URL they are given (TEST_DATABASE_URL, which `npm test` takes from DATABASE_URL) only
// says which server to connect to: nothing is ever read from, written to or dropped in its database.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import pg from "pg";
import type { Db } from "../db/db.js";
import { openPostgres } from "../db/postgres.js";

/** Why the tests will not use a PostgreSQL URL; its message is the one line to show. */
export class TestDatabaseRefused extends Error {
  override name = "TestDatabaseRefused";
}

/** The URL with its password hidden, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "<not a URL>";
  }
}

/** The database a postgres:// URL names, or undefined when it names none (the driver would then fall
 * back to PGDATABASE or the user's name, which the guard cannot vouch for). */
function databaseOf(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== "postgres:" && u.protocol !== "postgresql:") return undefined;
  // Read the way the pg driver reads it (pg-connection-string): the path, URI-decoded, wins over any
  // `database=` query parameter.
  const name = decodeURI(u.pathname.slice(1));
  return name === "" ? undefined : name;
}

/**
 * The guard every test connection goes through: returns the URL when it names a database ending in
 * `_test` (one a test run created), and throws otherwise, so no test code path can reach a
 * development or production database.
 */
export function assertTestDatabaseUrl(url: string): string {
  const name = databaseOf(url);
  if (name === undefined || !name.endsWith("_test"))
    throw new TestDatabaseRefused(
      `Refusing to run tests on ${redactUrl(url)}: tests only use a database they created, whose name ends in _test` +
        (name === undefined ? " (this URL names no database)" : ` (this one is "${name}")`),
    );
  return url;
}

/** Opens a pool on a test database, after the guard; refuses too if the server says it is connected
 * to another database than the URL named. */
export async function openTestPostgres(url: string, max: number): Promise<Db> {
  const db = openPostgres(assertTestDatabaseUrl(url), max);
  const [row] = await db.query<{ name: string }>("select current_database() as name");
  if (!row?.name.endsWith("_test")) {
    await db.close();
    throw new TestDatabaseRefused(`Refusing to run tests: ${redactUrl(url)} connected to database "${row?.name}", not a *_test one`);
  }
  return db;
}

const NAME = /^atalaya_(\d+)_([0-9a-z]+)_([0-9a-f]+)_test$/;
/** A database name no other run uses: atalaya_<pid>_<creation time, base 36 ms>_<random>_test. */
export const newTestDatabaseName = (now = Date.now()) => `atalaya_${process.pid}_${now.toString(36)}_${randomBytes(3).toString("hex")}_test`;

/** The given URL with another database. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A statement's SQLSTATE, when it is one. */
const sqlState = (err: unknown) => (err as { code?: unknown }).code;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether a leftover database of an earlier run may be dropped. A run drops its database in the global
 * teardown, but a run that was killed (or whose machine went down) cannot, so each setup sweeps:
 * - only names this module makes (atalaya_<pid>_<time>_<random>_test), at least 2 minutes old (a run
 *   that is starting may not have connected yet);
 * - made on this machine (the comment on the database says so) by a process that no longer exists,
 *   or made more than 24 hours ago on any machine (a pid cannot be checked across machines);
 * - and never in use: it is dropped without FORCE, so a database with a connected session (a run in
 *   progress, a watch-mode session) fails to drop and stays.
 */
export function isStale(name: string, comment: string | null, now = Date.now(), host = hostname()): boolean {
  const m = NAME.exec(name);
  if (!m) return false;
  const age = now - Number.parseInt(m[2]!, 36);
  if (!(age >= 2 * 60_000)) return false;
  if (age > 24 * 3600_000) return true;
  let owner: { host?: unknown } = {};
  try {
    owner = JSON.parse(comment ?? "{}") as { host?: unknown };
  } catch {
    /* not ours to judge: only the age rule applies */
  }
  return owner.host === host && !alive(Number(m[1]));
}

async function dropStale(admin: pg.Client): Promise<string[]> {
  const { rows } = await admin.query<{ name: string; comment: string | null }>(
    "select datname as name, shobj_description(oid, 'pg_database') as comment from pg_database where datname like 'atalaya\\_%\\_test'",
  );
  const dropped: string[] = [];
  for (const { name, comment } of rows) {
    if (!isStale(name, comment)) continue;
    try {
      await admin.query(`drop database if exists "${name}"`);
      dropped.push(name);
    } catch {
      /* in use, or not ours to drop (another role's): left alone */
    }
  }
  return dropped;
}

async function connectAdmin(serverUrl: string): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on("error", () => undefined);
  try {
    await admin.connect();
  } catch (err) {
    await admin.end().catch(() => undefined);
    throw new TestDatabaseRefused(`Cannot run the PostgreSQL tests: ${redactUrl(serverUrl)} does not answer (${(err as Error).message})`);
  }
  return admin;
}

export interface CreatedTestDatabase {
  url: string;
  name: string;
  /** Drops the database (closing any session still on it). */
  drop(): Promise<void>;
}

/**
 * Creates a fresh database on the server of `serverUrl` (connecting to the database that URL names only
 * to issue `create database`), empty or a copy of the test database `template`, after sweeping stale ones
 * of earlier runs; `run` marks it as one of that test run's (dropRunDatabases). Throws
 * TestDatabaseRefused, never falling back to the given database, when that is not possible.
 */
export async function createTestDatabase(serverUrl: string, template?: string, run?: string): Promise<CreatedTestDatabase> {
  if (databaseOf(serverUrl) === undefined)
    throw new TestDatabaseRefused(`Cannot run the PostgreSQL tests: ${redactUrl(serverUrl)} is not a postgres:// URL naming a database to connect to`);
  const admin = await connectAdmin(serverUrl);
  const name = newTestDatabaseName();
  try {
    await dropStale(admin);
    try {
      // A copy of another test database when told (the template must have no session open).
      if (template !== undefined && !NAME.test(template)) throw new Error(`not a test database: ${template}`);
      await admin.query(template === undefined ? `create database "${name}"` : `create database "${name}" template "${template}"`);
    } catch (err) {
      const why = sqlState(err) === "42501" ? `role "${admin.user}" may not create databases (grant it CREATEDB)` : (err as Error).message;
      throw new TestDatabaseRefused(`Cannot run the PostgreSQL tests on ${redactUrl(serverUrl)}: they run only in a database they create, and ${why}`);
    }
    try {
      // Who made it, for the sweep of a later run (see isStale).
      await admin.query(`comment on database "${name}" is ${admin.escapeLiteral(JSON.stringify({ host: hostname(), pid: process.pid, createdAt: new Date().toISOString(), ...(run ? { run } : {}) }))}`);
    } catch (err) {
      await admin.query(`drop database if exists "${name}"`).catch(() => undefined);
      throw err;
    }
  } finally {
    await admin.end().catch(() => undefined);
  }
  return {
    name,
    url: withDatabase(serverUrl, name),
    async drop() {
      if (!NAME.test(name)) throw new Error(`not a test database: ${name}`);
      const a = await connectAdmin(serverUrl);
      try {
        await a.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await a.end().catch(() => undefined);
      }
    },
  };
}

/** Drops every database the test run `run` created on the server (its workers' among them, which no
 * one else knows the names of), closing any session still on them. */
export async function dropRunDatabases(serverUrl: string, run: string): Promise<void> {
  const admin = await connectAdmin(serverUrl);
  try {
    const { rows } = await admin.query<{ name: string; comment: string | null }>(
      "select datname as name, shobj_description(oid, 'pg_database') as comment from pg_database where datname like 'atalaya\\_%\\_test'",
    );
    for (const { name, comment } of rows) {
      let owner: { run?: unknown } = {};
      try {
        owner = JSON.parse(comment ?? "{}") as { run?: unknown };
      } catch {
        /* not one of ours */
      }
      if (owner.run === run && NAME.test(name)) await admin.query(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await admin.end().catch(() => undefined);
  }
}
