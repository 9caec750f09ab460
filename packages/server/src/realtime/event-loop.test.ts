import type { FastifyInstance } from "fastify";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";
import { LiveSockets } from "../test/live.js";
import { waitFor } from "../test/wait-for.js";
import { changeWithEvents } from "./publish.js";

// No SQL runs on the server's event loop (issue 31): while one statement waits in PostgreSQL, the same
// process answers other requests and delivers live events as usual. An engine that runs SQL in-process
// (as PGlite did) stalls all of them for the statement's whole time, which is what this would catch.
const SLEEP_MS = 2000;
// "As usual", relative to the wait: a stalled loop would make each answer wait most of the 2 s.
const PROMPT_MS = SLEEP_MS / 4;

let app: FastifyInstance;
let companyId: number;
let token: string;
const sockets = new LiveSockets();

describe("a statement waiting in PostgreSQL", () => {
  beforeAll(async () => {
    app = await testApp();
    await app.ready();
    const db = await testDb();
    companyId = (await buildCompany(db)).id;
    token = await loginAs(app, await buildUser(db, { companyId, role: "company_admin" }));
  });
  afterAll(async () => {
    sockets.closeAll();
    await app.close();
  });

  it("leaves requests and live events of the same process answering", async () => {
    const events = await sockets.collect(app, token, companyId, "updateReport", (data) => data.marker);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const sleepStarted = performance.now();
    let sleepEnded = Number.POSITIVE_INFINITY;
    const sleeping = app.ctx.db.query("select pg_sleep($1)", [SLEEP_MS / 1000]).then(() => {
      sleepEnded = performance.now();
    });
    // Measured only once PostgreSQL is running the statement, as another session of the pool sees it.
    await waitFor(async () => (await app.ctx.db.query("select 1 from pg_stat_activity where datname = current_database() and state = 'active' and query like 'select pg_sleep%'")).length > 0);

    const timed = async (what: () => Promise<unknown>) => {
      const since = performance.now();
      await what();
      return performance.now() - since;
    };
    const health = await timed(async () => expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200));
    const list = await timed(async () => {
      const res = await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports`, headers: { "access-token": token } });
      expect(res.statusCode, res.body).toBe(200);
    });
    const live = await timed(async () => {
      await changeWithEvents(app.ctx.db, app.ctx.bus, async (_tx, emit) =>
        emit(companyId, "updateReport", { marker: "during-sleep" }, { zoneIds: [], typeId: 1, assignedUserId: null }),
      );
      await waitFor(() => events.includes("during-sleep"));
    });
    const answeredAt = performance.now();
    await sleeping;
    loop.disable();

    // All three answered while the statement still slept, each promptly, and the loop never stalled.
    expect(sleepEnded - sleepStarted).toBeGreaterThanOrEqual(SLEEP_MS - 50);
    expect(answeredAt).toBeLessThan(sleepEnded);
    for (const [what, ms] of Object.entries({ health, list, live })) expect(ms, what).toBeLessThan(PROMPT_MS);
    expect(loop.max / 1e6, "longest event-loop delay (ms)").toBeLessThan(PROMPT_MS);
  });
});
