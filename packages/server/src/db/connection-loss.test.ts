import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { TEST_ORIGIN, testBus, testDatabaseUrl, testDb } from "../test/harness.js";
import { openTestPostgres } from "../test/test-database.js";
import type { Db } from "./db.js";
import { openPostgres } from "./postgres.js";
import { isDatabaseUnavailable } from "./unavailable.js";

const url = await testDatabaseUrl();

// Issue 14, cases 1 and 2: a backend terminated under an open transaction used to emit an unheard
// 'error' on the checked-out client and end the process; an unreachable database answered 500.
describe("PostgreSQL connection loss", () => {
  let db: Db;
  let admin: pg.Client;
  beforeAll(async () => {
    db = await openTestPostgres(url, 4);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await db.close();
  });

  it("a backend terminated inside a transaction fails that transaction only; the pool goes on", async () => {
    for (let round = 0; round < 5; round++) {
      const failed = db.transaction(async (tx) => {
        const [me] = await tx.query<{ pid: number }>("select pg_backend_pid() as pid");
        await admin.query("select pg_terminate_backend($1)", [me!.pid]);
        // The connection is gone: this statement fails, and the client emits 'error' meanwhile.
        await tx.query("select pg_sleep(0.2)");
      });
      await expect(failed).rejects.toSatisfy(isDatabaseUnavailable);
      // A little later the same pool serves new statements and transactions on fresh connections.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await db.query<{ one: number }>("select 1 as one")).toEqual([{ one: 1 }]);
      expect(await db.transaction((tx) => tx.query<{ two: number }>("select 2 as two"))).toEqual([{ two: 2 }]);
    }
  });

  it("a client whose backend dies as it is handed over (the FATAL in the same packet) does not end the process", async () => {
    // pg-pool hands a new client over from the socket's data handler and goes on parsing the packet:
    // a backend terminated as it finished starting sends its FATAL (57P01) in that same packet, so the
    // client emits 'error' right after the hand-over, before an awaiting caller can listen. Replayed
    // here for the first client a fresh pool opens; unheard, the emit throws out of the data handler.
    const original = pg.Pool.prototype.connect;
    let armed = true;
    const fatal = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    const patched = function (this: pg.Pool, callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void) {
      const handOver = (client: pg.PoolClient | undefined) => {
        if (client && armed) {
          armed = false;
          client.emit("error", fatal());
        }
      };
      if (callback) {
        return original.call(this, (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => {
          callback(err, client, done);
          handOver(client);
        });
      }
      return new Promise((resolve, reject) => {
        original.call(this, (err: Error | undefined, client: pg.PoolClient | undefined) => {
          if (err) return reject(err);
          resolve(client);
          handOver(client);
        });
      });
    };
    pg.Pool.prototype.connect = patched as typeof original;
    const fresh = openPostgres(url, 1);
    try {
      const outcome = await fresh.transaction((tx) => tx.query<{ one: number }>("select 1 as one")).then(
        (rows) => rows,
        (err: unknown) => (isDatabaseUnavailable(err) ? "unavailable" : err),
      );
      expect([[{ one: 1 }], "unavailable"]).toContainEqual(outcome);
      expect(armed).toBe(false);
      // The client that emitted left the pool; the next transaction gets a fresh one.
      expect(await fresh.transaction((tx) => tx.query<{ two: number }>("select 2 as two"))).toEqual([{ two: 2 }]);
    } finally {
      pg.Pool.prototype.connect = original;
      await fresh.close();
    }
  });
});

/** A Db that is the test database until `down` is set, then a pool on a port nothing listens on. */
function switchableDb(real: Db, dead: Db): Db & { down: boolean } {
  const pick = (s: { down: boolean }) => (s.down ? dead : real);
  const s = {
    down: false,
    kind: real.kind,
    query: <T>(sql: string, params?: readonly unknown[]) => pick(s).query<T>(sql, params),
    exec: (sql: string) => pick(s).exec(sql),
    transaction: <T>(fn: Parameters<Db["transaction"]>[0]) => pick(s).transaction(fn) as Promise<T>,
    ping: () => pick(s).ping(),
    close: async () => undefined,
  };
  return s as Db & { down: boolean };
}

describe("an unreachable database", () => {
  let app: FastifyInstance;
  let db: Db & { down: boolean };
  let dead: Db;
  beforeAll(async () => {
    dead = openPostgres("postgres://nobody@127.0.0.1:9/none", 2);
    db = switchableDb(await testDb(), dead);
    app = await buildApp(loadConfig({ LOG_LEVEL: "silent", PUBLIC_URL: TEST_ORIGIN, WEB_DIST_DIR: "/nonexistent" }), { db, bus: await testBus() });
  });
  afterAll(async () => {
    await app.close();
    await dead.close();
  });

  it("answers 503 serviceUnavailable with Retry-After, /readyz goes red, and both recover with it", async () => {
    db.down = true;
    const login = await app.inject({ method: "POST", url: "/api/login", payload: { email: "someone@example.com", password: "whatever-123" }, headers: { "accept-language": "en" } });
    expect(login.statusCode).toBe(503);
    expect(login.headers["retry-after"]).toBe("5");
    expect(login.json()).toMatchObject({ success: false, error: { code: "serviceUnavailable", message: "The service is unavailable right now; please try again in a few seconds." } });
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);

    db.down = false;
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    const again = await app.inject({ method: "POST", url: "/api/login", payload: { email: "someone@example.com", password: "whatever-123" } });
    expect(again.statusCode).not.toBe(503);
    expect(again.statusCode).toBeLessThan(500);
  });
});

describe("isDatabaseUnavailable", () => {
  it("tells a lost or refused connection from a faulty statement", () => {
    const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
    expect(isDatabaseUnavailable(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("sorry, too many clients already", "53300"))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "all failed"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: new Error("timeout exceeded when trying to connect") }))).toBe(true);
    expect(isDatabaseUnavailable(withCode('relation "nope" does not exist', "42P01"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("duplicate key value violates unique constraint", "23505"))).toBe(false);
    expect(isDatabaseUnavailable("not an error")).toBe(false);
  });
});
