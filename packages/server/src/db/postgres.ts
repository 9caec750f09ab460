import { createHash } from "node:crypto";
import pg from "pg";
import type { Db } from "./db.js";

// int8 (counts, sums) as numbers: every such value here is far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// numeric as numbers too (averages, coordinates computed in SQL).
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

type Queryable = Pick<pg.PoolClient, "query">;

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

function wrapClient(client: Queryable): Db {
  return {
    kind: "postgres",
    async query<T>(sql: string, params?: readonly unknown[]) {
      return (await client.query(prepared(sql, params))).rows as T[];
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
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await fn(wrapClient(client));
        await client.query("commit");
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
