import { createHash } from "node:crypto";
import pg from "pg";
import type { Db } from "./db.js";

// int8 (counts, sums) as numbers: every such value here is far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// numeric as numbers too (averages, coordinates computed in SQL).
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

// Every statement is prepared once per connection under a name derived from its text: PostgreSQL then
// parses it once and, after a few runs, reuses a generic plan instead of planning the report view
// (joins and subqueries) on every call, which cost more than running it.
const names = new Map<string, string>();
function prepared(sql: string, params: readonly unknown[] | undefined): pg.QueryConfig {
  let name = names.get(sql);
  if (!name) {
    name = `a${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`;
    names.set(sql, name);
  }
  return { name, text: sql, values: params as unknown[] | undefined };
}

/** The statement with its $n parameters written in as literals, for the simple protocol (which carries
 * several statements in one message but no parameters). */
function inline(client: pg.PoolClient, sql: string, params: readonly unknown[] = []): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null || value === undefined) return "null";
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new Error(`parameter $${n} is not a finite number`);
      return String(value);
    }
    if (typeof value === "boolean") return value ? "true" : "false";
    return client.escapeLiteral(typeof value === "string" ? value : JSON.stringify(value));
  });
}

/** A transaction's client; onCommitted is set only for the outermost one, which may commit itself. */
function wrapClient(client: pg.PoolClient, onCommitted?: () => void): Db {
  return {
    kind: "postgres",
    async query<T>(sql: string, params?: readonly unknown[]) {
      return (await client.query(prepared(sql, params))).rows as T[];
    },
    async queryAndCommit<T>(sql: string, params?: readonly unknown[]) {
      if (!onCommitted) return (await client.query(prepared(sql, params))).rows as T[];
      // One message, two statements: the commit follows without waiting for this process's event loop.
      const results = (await client.query(`${inline(client, sql, params)};\ncommit`)) as unknown as pg.QueryResult[];
      onCommitted();
      return (results[0]?.rows ?? []) as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    transaction: (fn) => fn(wrapClient(client)),
    ping: async () => undefined,
    close: async () => undefined,
  };
}

/** Opens a pool on DATABASE_URL. */
export function openPostgres(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  return {
    kind: "postgres",
    async query<T>(sql: string, params?: readonly unknown[]) {
      return (await pool.query(prepared(sql, params))).rows as T[];
    },
    async queryAndCommit<T>(sql: string, params?: readonly unknown[]) {
      return (await pool.query(prepared(sql, params))).rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      let committed = false;
      try {
        await client.query("begin");
        const result = await fn(wrapClient(client, () => (committed = true)));
        if (!committed) await client.query("commit");
        return result;
      } catch (err) {
        await client.query("rollback").catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}
