import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PresenceViewer, RealtimeMessage, Report } from "@atalaya/shared";
import { TEST_ORIGIN, body, buildCompany, buildUser, loginAs, testApp, testDb, type TestUser } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";
import { memoryPresence, redisPresence, type PresenceStore } from "./presence.js";

const REDIS = process.env.TEST_REDIS_URL;
const TTL = 45_000;

/** The same scenario for every store: a fake clock drives expiry. */
function storeContract(make: (now: () => number) => Promise<PresenceStore[]>) {
  it("adds, keeps on heartbeat, expires after the TTL and removes on leave, saying when the set changed", async () => {
    let t = 1_000_000;
    const [one, two] = await make(() => t);
    const other = two ?? one!;
    const key = { companyId: 1, reportUuid: crypto.randomUUID() };
    try {
      expect(await one!.open(key, { id: 1, name: "Zoe" })).toEqual({ viewers: [{ id: 1, name: "Zoe" }], changed: true });
      t += 20_000;
      expect(await one!.open(key, { id: 1, name: "Zoe" })).toEqual({ viewers: [{ id: 1, name: "Zoe" }], changed: false });
      expect(await other.open(key, { id: 2, name: "Ana" })).toEqual({ viewers: [{ id: 2, name: "Ana" }, { id: 1, name: "Zoe" }], changed: true });
      t += 30_000; // Zoe last heard 30 s ago, Ana 30 s ago
      expect(await one!.list(key)).toEqual([{ id: 2, name: "Ana" }, { id: 1, name: "Zoe" }]);
      expect(await other.open(key, { id: 2, name: "Ana" })).toMatchObject({ changed: false });
      t += 20_000; // Zoe silent for 50 s: gone
      expect(await other.open(key, { id: 2, name: "Ana" })).toEqual({ viewers: [{ id: 2, name: "Ana" }], changed: true });
      expect(await one!.leave(key, 2)).toEqual({ viewers: [], changed: true });
      expect(await one!.leave(key, 2)).toEqual({ viewers: [], changed: false });
      expect(await other.list({ companyId: 2, reportUuid: key.reportUuid })).toEqual([]);
    } finally {
      for (const s of new Set([one!, other])) await s.close();
    }
  });
}

describe("memory presence", () => {
  storeContract(async (now) => [memoryPresence(TTL, now)]);
});

describe.skipIf(!REDIS)("Redis presence (two processes share it)", () => {
  // Both on one prefix (one deployment, two processes); a prefix of its own per run.
  const prefix = `atalaya-test-${process.pid}-${Date.now()}:`;
  storeContract(async (now) => [await redisPresence(REDIS!, prefix, TTL, () => undefined, now), await redisPresence(REDIS!, prefix, TTL, () => undefined, now)]);

  it("keeps deployments that share a Redis apart", async () => {
    const key = { companyId: 1, reportUuid: "00000000-0000-0000-0000-000000000001" };
    const a = await redisPresence(REDIS!, `${prefix}a:`, TTL, () => undefined);
    const b = await redisPresence(REDIS!, `${prefix}b:`, TTL, () => undefined);
    try {
      await a.open(key, { id: 7, name: "Ana" });
      expect(await b.list(key)).toEqual([]);
      expect(await a.list(key)).toEqual([{ id: 7, name: "Ana" }]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("POST and GET /api/companies/:companyId/reports/:id/presence", () => {
  let app: FastifyInstance;
  let second: FastifyInstance;
  let companyId: number;
  let otherCompanyId: number;
  let reportId: number;
  let ana: TestUser;
  let bruno: TestUser;
  let anaToken: string;
  let brunoToken: string;
  let otherToken: string;

  beforeAll(async () => {
    // Two server processes; with TEST_REDIS_URL they share presence and events only through Redis.
    const env = { REDIS_URL: REDIS ?? "" };
    app = await testApp(env);
    second = await testApp(env);
    const db = await testDb();
    companyId = (await buildCompany(db)).id;
    otherCompanyId = (await buildCompany(db)).id;
    ana = await buildUser(db, { companyId });
    bruno = await buildUser(db, { companyId, role: "operator" });
    await db.query("update users set first_name = $2, last_name = 'Rojas' where id = $1", [ana.id, "Ana"]);
    await db.query("update users set first_name = $2, last_name = 'Soto' where id = $1", [bruno.id, "Bruno"]);
    anaToken = await loginAs(app, ana);
    brunoToken = await loginAs(app, bruno);
    otherToken = await loginAs(app, await buildUser(db, { companyId: otherCompanyId }));
    const res = await app.inject({
      method: "POST", url: `/api/companies/${companyId}/reports`, headers: { "access-token": anaToken },
      payload: { type: 0, description: "Ruidos molestos", latitude: -33.45, longitude: -70.65, informerType: "anonymous" },
    });
    reportId = body<{ report: Report }>(res).report.id;
  });
  afterAll(async () => {
    await app.close();
    await second.close();
  });

  const url = (cid = companyId, id: number | string = reportId) => `/api/companies/${cid}/reports/${id}/presence`;
  const h = (t: string) => ({ "access-token": t });
  const post = (target: FastifyInstance, t: string, open: boolean) => target.inject({ method: "POST", url: url(), headers: h(t), payload: { open } });
  const viewers = (res: { json: () => unknown }) => (res.json() as { viewers: PresenceViewer[] }).viewers;

  it("401, 404 for another company or report, 400 for bad input", async () => {
    expect((await app.inject({ method: "POST", url: url(), payload: { open: true } })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: url() })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: url(), headers: h(otherToken), payload: { open: true } })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: url(otherCompanyId), headers: h(otherToken) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: url(companyId, 999_999_999), headers: h(anaToken) })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: url(), headers: h(anaToken), payload: {} })).statusCode).toBe(400);
    expect((await app.inject({ method: "POST", url: url(), headers: h(anaToken), payload: { open: "yes" } })).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: url(companyId, "abc"), headers: h(anaToken) })).statusCode).toBe(400);
  });

  it("tells colleagues' sockets (on another process too) with unstored seq-0 presence messages, only when viewers change", async () => {
    const ticket = await app.inject({ method: "POST", url: "/api/realtime/ticket", headers: h(brunoToken), payload: { companyId } });
    await second.ready();
    const messages: RealtimeMessage[] = [];
    const ws: WebSocket = await second.injectWS(`/api/realtime?ticket=${encodeURIComponent(body<{ ticket: string }>(ticket).ticket)}`, { headers: { origin: TEST_ORIGIN } }, {
      onInit: (socket) => socket.on("message", (raw) => messages.push(JSON.parse(String(raw)) as RealtimeMessage)),
    });
    const presence = () => messages.filter((m) => m.type === "presence");
    const presenceCount = async (n: number) => {
      await waitFor(() => presence().length >= n);
      return presence();
    };
    try {
      await waitFor(() => messages.some((m) => m.type === "hello"));
      const seqBefore = (await (await testDb()).query<{ last_seq: number }>("select last_seq from company_event_seq where company_id = $1", [companyId]))[0]?.last_seq;

      expect(viewers(await post(app, anaToken, true))).toEqual([{ id: ana.id, name: "Ana Rojas" }]);
      expect(await presenceCount(1)).toEqual([{ type: "presence", seq: 0, companyId, data: { reportId, viewers: [{ id: ana.id, name: "Ana Rojas" }] } }]);

      // A heartbeat that changes nothing is not broadcast.
      expect(viewers(await post(app, anaToken, true))).toHaveLength(1);
      expect(viewers(await post(app, brunoToken, true))).toEqual([{ id: ana.id, name: "Ana Rojas" }, { id: bruno.id, name: "Bruno Soto" }]);
      const [, second2] = await presenceCount(2);
      expect(second2?.data.viewers).toEqual([{ id: ana.id, name: "Ana Rojas" }, { id: bruno.id, name: "Bruno Soto" }]);

      expect(viewers(await post(app, anaToken, false))).toEqual([{ id: bruno.id, name: "Bruno Soto" }]);
      const third = (await presenceCount(3))[2];
      expect(third?.data).toEqual({ reportId, viewers: [{ id: bruno.id, name: "Bruno Soto" }] });
      expect(presence()).toHaveLength(3);

      // Not stored: the company's sequence did not move and catch-up does not return it.
      const seqAfter = (await (await testDb()).query<{ last_seq: number }>("select last_seq from company_event_seq where company_id = $1", [companyId]))[0]?.last_seq;
      expect(seqAfter).toBe(seqBefore);
      expect((await post(app, brunoToken, false)).statusCode).toBe(200);
    } finally {
      ws.terminate();
    }
  });

  it.skipIf(!REDIS)("merges viewers from two processes", async () => {
    await post(app, anaToken, true);
    await post(second, brunoToken, true);
    for (const target of [app, second]) {
      const res = await target.inject({ method: "GET", url: url(), headers: h(anaToken) });
      expect(viewers(res).map((v) => v.id)).toEqual([ana.id, bruno.id]);
    }
    await post(second, anaToken, false);
    expect(viewers(await app.inject({ method: "GET", url: url(), headers: h(brunoToken) })).map((v) => v.id)).toEqual([bruno.id]);
    await post(app, brunoToken, false);
  });

  it("GET answers the current viewers", async () => {
    await post(app, anaToken, true);
    expect(viewers(await app.inject({ method: "GET", url: url(), headers: h(brunoToken) }))).toEqual([{ id: ana.id, name: "Ana Rojas" }]);
    await post(app, anaToken, false);
    expect(viewers(await app.inject({ method: "GET", url: url(), headers: h(brunoToken) }))).toEqual([]);
  });
});
