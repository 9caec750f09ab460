import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabaseUrl } from "../test/harness.js";
import { openTestPostgres } from "../test/test-database.js";
import { committingTransaction, type Db } from "./db.js";
import { IDLE_CONNECTION_MS } from "./postgres.js";

// A pool of ONE connection, so "the connection is fine afterwards" is about the very connection the
// failed statement ran on.
let db: Db;
const table = `commit_with_${process.pid}`;

beforeAll(async () => {
  db = await openTestPostgres(await testDatabaseUrl(), 1);
  await db.exec(`
    drop table if exists ${table};
    create table ${table} (
      id serial primary key,
      label text not null,
      doc jsonb not null default '{}',
      n integer not null default 0 check (n >= 0),
      code text unique deferrable initially deferred
    )`);
});
afterAll(async () => {
  await db.exec(`drop table if exists ${table}`);
  await db.close();
});

const INSERT = `insert into ${table} (label, doc, n, code) values ($1, $2::jsonb, $3, $4) returning id, label, doc, n`;
const labels = async (like: string) =>
  (await db.query<{ label: string }>(`select label from ${table} where label like $1 order by id`, [like])).map((r) => r.label);

describe("committingTransaction: the last statement carries the commit, with bound parameters", () => {
  it("sends any value as it is: quotes, backslashes, dollar signs, unicode, jsonb", async () => {
    const label = `ok: O'Higgins \\ "comillas" $1 $$ ; commit; -- ñandú 中 🚨 \n\t\\x00`;
    const doc = { text: label, list: [1, null, true, "'; drop table events; --", { back: "\\\\" }], emoji: "🚨" };
    const rows = await committingTransaction(db, async (tx) => {
      await tx.query(`insert into ${table} (label) values ($1)`, ["ok: before"]);
      return tx.commitWith<{ id: number; label: string; doc: unknown; n: number }>(INSERT, [label, JSON.stringify(doc), 7, null]);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ label, doc, n: 7 });
    // Committed: visible from outside the transaction, both statements.
    expect(await labels("ok:%")).toEqual(["ok: before", label]);
  });

  it("a failing statement rolls everything back and throws; the connection is reused fine afterwards", async () => {
    await expect(
      committingTransaction(db, async (tx) => {
        await tx.query(`insert into ${table} (label) values ($1)`, ["fail: kept?"]);
        return tx.commitWith(INSERT, ["fail: negative", "{}", -1, null]);
      }),
    ).rejects.toThrow(/check constraint/);
    expect(await labels("fail:%")).toEqual([]);

    // The same statement (already prepared on this connection) runs and commits.
    await committingTransaction(db, (tx) => tx.commitWith(INSERT, ["fail: then fine", "{}", 1, null]));
    expect(await labels("fail:%")).toEqual(["fail: then fine"]);
    // A statement that does not even parse fails alone too.
    await expect(committingTransaction(db, (tx) => tx.commitWith(`insert into ${table} (label) valuez ($1)`, ["x"]))).rejects.toThrow(
      /syntax/,
    );
    // Plain queries and transactions on the connection are fine.
    expect(await db.query<{ one: number }>("select 1 as one")).toEqual([{ one: 1 }]);
    await db.transaction(async (tx) => tx.query(`insert into ${table} (label) values ($1)`, ["fail: plain"]));
    expect(await labels("fail:%")).toEqual(["fail: then fine", "fail: plain"]);
  });

  it("a commit that fails (deferred constraint) throws and leaves nothing", async () => {
    await committingTransaction(db, (tx) => tx.commitWith(INSERT, ["deferred: first", "{}", 0, "same"]));
    await expect(
      committingTransaction(db, async (tx) => {
        await tx.query(`insert into ${table} (label) values ($1)`, ["deferred: kept?"]);
        return tx.commitWith(INSERT, ["deferred: second", "{}", 0, "same"]);
      }),
    ).rejects.toThrow(/duplicate key|unique/);
    expect(await labels("deferred:%")).toEqual(["deferred: first"]);
    expect(await db.query<{ one: number }>("select 1 as one")).toEqual([{ one: 1 }]);
  });

  it("nothing runs on the transaction after its commit", async () => {
    await expect(
      committingTransaction(db, async (tx) => {
        await tx.commitWith(INSERT, ["after: committed", "{}", 0, null]);
        await tx.query(`insert into ${table} (label) values ($1)`, ["after: too late"]);
      }),
    ).rejects.toThrow(/already committed/);
    expect(await labels("after:%")).toEqual(["after: committed"]);
  });

  it("without commitWith, the transaction commits (or rolls back) by itself", async () => {
    await committingTransaction(db, (tx) => tx.query(`insert into ${table} (label) values ($1)`, ["self: committed"]));
    await expect(
      committingTransaction(db, async (tx) => {
        await tx.query(`insert into ${table} (label) values ($1)`, ["self: rolled back"]);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await labels("self:%")).toEqual(["self: committed"]);
  });
});

describe("a committing transaction with genericPlans", () => {
  // The plans node-postgres' prepared statement of this text got on the pool's one connection.
  const plans = async (text: string) =>
    (await db.query<{ generic: number; custom: number }>(
      "select generic_plans as generic, custom_plans as custom from pg_prepared_statements where statement = $1",
      [text],
    ))[0];

  it("plans its statements generically from their first run, for that transaction only", async () => {
    const generic = `select count(*) as n from ${table} where label like $1 /* generic */`;
    const custom = `select count(*) as n from ${table} where label like $1 /* custom */`;
    await committingTransaction(db, async (tx) => {
      await tx.query(generic, ["plans:%"]);
      return tx.commitWith(INSERT, ["plans: generic", "{}", 0, null]);
    }, { genericPlans: true });
    await committingTransaction(db, (tx) => tx.commitWith(custom, ["plans:%"]));
    expect(await plans(generic)).toEqual({ generic: 1, custom: 0 });
    expect(await plans(custom)).toEqual({ generic: 0, custom: 1 });
    // The setting was the transaction's own.
    expect(await db.query("show plan_cache_mode")).toEqual([{ plan_cache_mode: "auto" }]);
    await db.transaction((tx) => tx.exec("select 1"));
    expect(await labels("plans:%")).toEqual(["plans: generic"]);
  });
});

describe("a transaction's begin travels with its first statement", () => {
  /** Messages node-postgres hands the server while fn runs (each one round trip). */
  async function roundTrips(fn: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(pg.Client.prototype, "query");
    try {
      await fn();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it("n statements take n round trips (plus the commit, unless the last statement carries it)", async () => {
    const two = (tx: { query: (sql: string, params?: unknown[]) => Promise<unknown> }) =>
      Promise.all([tx.query(`insert into ${table} (label) values ($1)`, ["trips: 1"]), tx.query(`select count(*) from ${table}`)]);
    expect(await roundTrips(() => db.transaction(two))).toBe(3);
    expect(await roundTrips(() => committingTransaction(db, (tx) => tx.commitWith(INSERT, ["trips: 2", "{}", 0, null])))).toBe(1);
    // A transaction that runs nothing sends nothing.
    expect(await roundTrips(() => db.transaction(async () => undefined))).toBe(0);
    expect(await labels("trips:%")).toEqual(["trips: 1", "trips: 2"]);
  });

  it("the first statement is inside the transaction, whichever way it goes, and a failure leaves the connection fine", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.exec(`insert into ${table} (label) values ('first: exec')`);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    // A first statement that does not parse: nothing began, nothing is left open.
    await expect(db.transaction((tx) => tx.query(`selectt label from ${table} where label = $1`, ["x"]))).rejects.toThrow(/syntax/);
    await expect(db.transaction((tx) => tx.query(`insert into ${table} (label, n) values ($1, -1)`, ["first: negative"]))).rejects.toThrow(
      /check constraint/,
    );
    expect(await labels("first:%")).toEqual([]);
    expect(await db.query<{ one: number }>("select 1 as one")).toEqual([{ one: 1 }]);
  });
});

describe("an idle pooled connection", () => {
  it("is kept past node-postgres' 10 s (a new one parses and plans every statement again), then closed", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const pool = await openTestPostgres(await testDatabaseUrl(), 1);
    try {
      const pid = async () => (await pool.query<{ pid: number }>("select pg_backend_pid() as pid"))[0]!.pid;
      const first = await pid();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await pid()).toBe(first);
      await vi.advanceTimersByTimeAsync(IDLE_CONNECTION_MS + 1000);
      expect(await pid()).not.toBe(first);
    } finally {
      vi.useRealTimers();
      await pool.close();
    }
  });
});
