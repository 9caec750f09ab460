import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionLog, OperatorStatus, RealtimeMessage, Reply } from "@atalaya/shared";
import { TEST_ORIGIN, body, buildUser, loginAs, testApp } from "../test/harness.js";
import { h, interactionWorld, type World } from "../test/interactions.js";
import { waitFor } from "../test/wait-for.js";

let w: World;
let second: FastifyInstance;
let adminA: string;
let patrolA: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  w = await interactionWorld();
  second = await testApp();
  await second.ready();
  adminA = await loginAs(w.app, await buildUser(w.db, { companyId: w.companyA, role: "company_admin" }));
  patrolA = await loginAs(w.app, await buildUser(w.db, { companyId: w.companyA, role: "patrol" }));
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await second.close();
  await w.close();
});

async function socketOf(target: FastifyInstance, token: string, companyId: number): Promise<{ ws: WebSocket; messages: RealtimeMessage[] }> {
  const t = await target.inject({ method: "POST", url: "/api/realtime/ticket", headers: h(token), payload: { companyId } });
  const messages: RealtimeMessage[] = [];
  const ws = await target.injectWS(`/api/realtime?ticket=${encodeURIComponent(body<{ ticket: string }>(t).ticket)}`, { headers: { origin: TEST_ORIGIN } }, {
    onInit: (socket) => socket.on("message", (raw) => messages.push(JSON.parse(String(raw)) as RealtimeMessage)),
  });
  sockets.push(ws);
  await waitFor(() => messages.some((m) => m.type === "hello"));
  return { ws, messages };
}

const operators = async (token: string, companyId = w.companyA) => {
  const res = await w.app.inject({ method: "GET", url: `/api/companies/${companyId}/operators`, headers: h(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ operators: OperatorStatus[] }>(res).operators;
};

describe("GET /api/companies/:companyId/operators", () => {
  it("401, 404 for another company, 403 for patrols, 400 for a malformed company id", async () => {
    expect((await w.app.inject({ method: "GET", url: `/api/companies/${w.companyA}/operators` })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "GET", url: `/api/companies/${w.companyB}/operators`, headers: h(w.tokens.opA) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: `/api/companies/${w.companyA}/operators`, headers: h(patrolA) })).statusCode).toBe(403);
    expect((await w.app.inject({ method: "GET", url: "/api/companies/abc/operators", headers: h(w.tokens.opA) })).statusCode).toBe(400);
  });

  it("shows who is online on any process, the report each has open and their open reports; a closed socket goes offline", async () => {
    const watcher = await socketOf(w.app, adminA, w.companyA);
    // opA connects to the other process: this one reads it from the database.
    const { ws } = await socketOf(second, w.tokens.opA, w.companyA);
    await waitFor(async () => (await operators(adminA)).find((o) => o.id === w.opA.id)?.online === true);
    await waitFor(() => watcher.messages.some((m) => m.type === "operators"));
    expect((await operators(adminA)).find((o) => o.id === w.opA2.id)?.online).toBe(false);

    const report = await w.communityReport();
    const take = await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${report.id}/take`, headers: h(w.tokens.opA) });
    expect(take.statusCode).toBe(200);
    const open = await second.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${report.id}/presence`, headers: h(w.tokens.opA), payload: { open: true } });
    expect(open.statusCode, open.body).toBe(200);
    const me = (await operators(adminA)).find((o) => o.id === w.opA.id)!;
    expect(me).toMatchObject({ online: true, viewing: { id: report.id, uuid: report.uuid }, workingTotal: 1 });
    expect(me.working[0]).toMatchObject({ id: report.id, status: "in_progress" });

    await second.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${report.id}/presence`, headers: h(w.tokens.opA), payload: { open: false } });
    expect((await operators(adminA)).find((o) => o.id === w.opA.id)?.viewing).toBeNull();
    // The connection drops (an injected client's polite close waits for a handshake the test transport never ends).
    ws.terminate();
    await waitFor(async () => (await operators(adminA)).find((o) => o.id === w.opA.id)?.online === false);
  });

  it("counts a socket whose process stopped refreshing it as offline after a minute", async () => {
    await socketOf(second, w.tokens.opA2, w.companyA);
    await waitFor(async () => (await operators(adminA)).find((o) => o.id === w.opA2.id)?.online === true);
    await w.db.query("update online_sockets set seen_at = now() - interval '61 seconds' where user_id = $1", [w.opA2.id]);
    expect((await operators(adminA)).find((o) => o.id === w.opA2.id)).toMatchObject({ online: false, lastSeenAt: expect.any(String) });
  });

  it("keeps a zone-restricted caller from seeing reports outside their zones", async () => {
    const report = await w.communityReport();
    await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${report.id}/take`, headers: h(w.tokens.opA2) });
    const restricted = await buildUser(w.db, { companyId: w.companyA, role: "operator" });
    const [zone] = await w.db.query<{ id: number }>("select id from zones where company_id = $1 and name = 'Centro'", [w.companyA]);
    await w.db.query("update memberships set zone_ids = $3 where company_id = $1 and user_id = $2", [w.companyA, restricted.id, [zone!.id]]);
    const seen = (await operators(await loginAs(w.app, restricted))).find((o) => o.id === w.opA2.id)!;
    expect(seen.working.map((r) => r.id)).not.toContain(report.id);
    expect((await operators(adminA)).find((o) => o.id === w.opA2.id)!.working.map((r) => r.id)).toContain(report.id);
  });
});

describe("GET /api/companies/:companyId/connections", () => {
  const url = (q = "", cid = w.companyA) => `/api/companies/${cid}/connections${q}`;
  const push = (token: string, companyId: number, type: string) =>
    w.app.inject({ method: "POST", url: `/api/logs-pusher?route=statusConnection&type=${type}`, headers: h(token), payload: { type, company_id: companyId, events: [{ date: new Date().toISOString(), event: type }] } });

  it("401, 404 for another company, 403 for operators, 400 for bad dates, pages and ids", async () => {
    expect((await w.app.inject({ method: "GET", url: url() })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "GET", url: url("", w.companyB), headers: h(adminA) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: url(), headers: h(w.tokens.opA) })).statusCode).toBe(403);
    for (const q of ["?start_date=2026-02-30", "?end_date=ayer", "?page=0", "?pageSize=101", "?user_id=abc", "?user_id=2147483648", "?start_date=2026-05-02&end_date=2026-05-01"])
      expect((await w.app.inject({ method: "GET", url: url(q), headers: h(adminA) })).statusCode, q).toBe(400);
  });

  it("lists the members' logs newest first, by operator and dates, paged; never another company's", async () => {
    expect((await push(w.tokens.opA, w.companyA, "connected")).statusCode).toBe(200);
    expect((await push(w.tokens.opA2, w.companyA, "disconnected")).statusCode).toBe(200);
    expect((await push(w.tokens.opB, w.companyB, "connected")).statusCode).toBe(200);
    const all = body<{ logs: ConnectionLog[]; total: number }>(await w.app.inject({ method: "GET", url: url(), headers: h(adminA) }));
    expect(all.logs.map((l) => l.user.id)).toEqual(expect.arrayContaining([w.opA.id, w.opA2.id]));
    expect(all.logs.map((l) => l.user.id)).not.toContain(w.opB.id);
    expect(all.logs[0]!.receivedAt >= all.logs[all.logs.length - 1]!.receivedAt).toBe(true);
    const one = body<{ logs: ConnectionLog[]; total: number }>(await w.app.inject({ method: "GET", url: url(`?user_id=${w.opA2.id}`), headers: h(adminA) }));
    expect(one.logs.every((l) => l.user.id === w.opA2.id)).toBe(true);
    expect(one.logs[0]).toMatchObject({ type: "disconnected", events: [{ event: "disconnected" }] });
    const paged = body<{ logs: ConnectionLog[]; total: number }>(await w.app.inject({ method: "GET", url: url("?pageSize=1"), headers: h(adminA) }));
    expect(paged.logs).toHaveLength(1);
    expect(paged.total).toBe(all.total);
    const today = new Date().toISOString().slice(0, 10);
    const inWindow = body<{ total: number }>(await w.app.inject({ method: "GET", url: url(`?start_date=${today}&end_date=${today}`), headers: h(adminA) }));
    expect(inWindow.total).toBe(all.total);
    const before = body<{ total: number }>(await w.app.inject({ method: "GET", url: url("?end_date=2020-01-01"), headers: h(adminA) }));
    expect(before.total).toBe(0);
  });
});

describe("GET /api/companies/:companyId/replies", () => {
  const url = (q = "", cid = w.companyA) => `/api/companies/${cid}/replies${q}`;
  it("401, 404 for another company, 403 for patrols, 400 for bad queries", async () => {
    expect((await w.app.inject({ method: "GET", url: url() })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "GET", url: url("", w.companyC), headers: h(w.tokens.opA) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: url(), headers: h(patrolA) })).statusCode).toBe(403);
    for (const q of ["?unanswered=yes", "?page=-1", "?pageSize=0"]) expect((await w.app.inject({ method: "GET", url: url(q), headers: h(w.tokens.opA) })).statusCode, q).toBe(400);
  });

  it("lists community comments newest first, unanswered until the company comments after them", async () => {
    const report = await w.communityReport();
    const say = (token: string, text: string) => w.app.inject({ method: "POST", url: `/api/app/reports/${report.uuid}/comments`, headers: h(token), payload: { body: text } });
    expect((await say(w.tokens.community[0]!, "Primero")).statusCode).toBe(200);
    expect((await say(w.tokens.community[1]!, "Segundo")).statusCode).toBe(200);
    const read = async (q = "") => body<{ replies: Reply[]; total: number; unanswered: number }>(await w.app.inject({ method: "GET", url: url(q), headers: h(w.tokens.opA) }));
    let page = await read();
    const ours = page.replies.filter((r) => r.report.id === report.id);
    expect(ours.map((r) => [r.comment.body, r.answered])).toEqual([["Segundo", false], ["Primero", false]]);
    expect(ours[0]!.report).toMatchObject({ uuid: report.uuid, status: "pending" });
    const unansweredBefore = page.unanswered;

    // Company A answers through the report's comment route: both earlier comments are answered for A, not for B.
    const answer = await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${report.id}/comments`, headers: h(w.tokens.opA), payload: { body: "Ya enviamos ayuda" } });
    expect(answer.statusCode).toBe(200);
    page = await read();
    expect(page.replies.filter((r) => r.report.id === report.id).map((r) => r.answered)).toEqual([true, true]);
    expect(page.replies.map((r) => r.comment.body)).not.toContain("Ya enviamos ayuda");
    expect(page.unanswered).toBe(unansweredBefore - 2);
    expect((await read("?unanswered=true")).replies.some((r) => r.report.id === report.id)).toBe(false);
    const forB = body<{ replies: Reply[] }>(await w.app.inject({ method: "GET", url: url("", w.companyB), headers: h(w.tokens.opB) }));
    expect(forB.replies.filter((r) => r.report.id === report.id).map((r) => r.answered)).toEqual([false, false]);

    // A later community comment is unanswered again.
    await say(w.tokens.community[2]!, "Tercero");
    expect((await read("?unanswered=true")).replies.find((r) => r.report.id === report.id)?.comment.body).toBe("Tercero");
    expect((await read("?pageSize=1")).replies).toHaveLength(1);
  });
});
