import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { TEST_ORIGIN, testBus, testDb } from "../test/harness.js";
import { openTestPostgres } from "../test/test-database.js";
import type { Db } from "./db.js";
import { openPostgres } from "./postgres.js";
import { isDatabaseUnavailable } from "./unavailable.js";

const url = inject("testDatabaseUrl");

// Issue 14, cases 1 and 2: a backend terminated under an open transaction used to emit an unheard
// 'error' on the checked-out client and end the process; an unreachable database answered 500.
describe.runIf(url)("PostgreSQL connection loss", () => {
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
