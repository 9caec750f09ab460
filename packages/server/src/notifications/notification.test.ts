import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification, NotificationsResponse, RealtimeMessage } from "@atalaya/shared";
import { TEST_ORIGIN, body, buildUser, loginAs, testApp } from "../test/harness.js";
import { h, interactionWorld, type World } from "../test/interactions.js";
import { waitFor } from "../test/wait-for.js";
import { notify } from "./index.js";

let w: World;
let second: FastifyInstance;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  w = await interactionWorld();
  // A second server process on the same database: with TEST_REDIS_URL the two meet only through Redis.
  second = await testApp();
  await second.ready();
  await w.db.query("update users set first_name = 'Ana', last_name = 'Pérez' where id = $1", [w.opA.id]);
  await w.db.query("update users set first_name = 'Luis', last_name = 'Soto' where id = $1", [w.opA2.id]);
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await second.close();
  await w.close();
});

const list = async (token: string, query = "") => {
  const res = await w.app.inject({ method: "GET", url: `/api/notifications${query}`, headers: h(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<NotificationsResponse>(res);
};

/** Opens a real-time socket for the token's user on the given process; collects every message but seq tails. */
async function socketOf(target: FastifyInstance, token: string, companyId: number): Promise<RealtimeMessage[]> {
  const t = await target.inject({ method: "POST", url: "/api/realtime/ticket", headers: h(token), payload: { companyId } });
  expect(t.statusCode).toBe(200);
  const messages: RealtimeMessage[] = [];
  const ws = await target.injectWS(`/api/realtime?ticket=${encodeURIComponent(body<{ ticket: string }>(t).ticket)}`, { headers: { origin: TEST_ORIGIN } }, {
    onInit: (socket) =>
      socket.on("message", (raw) => {
        const m = JSON.parse(String(raw)) as RealtimeMessage;
        if (m.type !== "seq") messages.push(m);
      }),
  });
  sockets.push(ws);
  await waitFor(() => messages.some((m) => m.type === "hello"));
  return messages;
}

const take = async (reportId: number, token = w.tokens.opA2) => {
  const res = await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${reportId}/take`, headers: h(token) });
  expect(res.statusCode, res.body).toBe(200);
};

describe("routes of /api/notifications", () => {
  it("answer 401 without a session", async () => {
    for (const [method, url] of [["GET", "/api/notifications"], ["GET", "/api/notifications/unread-count"], ["POST", "/api/notifications/1/read"], ["POST", "/api/notifications/read-all"]] as const)
      expect((await w.app.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) })).statusCode, url).toBe(401);
  });

  it("answer 400 to malformed ids, pages and company ids", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "2147483648", "%00"])
      expect((await w.app.inject({ method: "POST", url: `/api/notifications/${id}/read`, headers: h(w.tokens.opA), payload: {} })).statusCode, id).toBe(400);
    for (const q of ["?page=0", "?pageSize=1000", "?companyId=abc", "?unread=maybe", "?companyId=2147483648"])
      expect((await w.app.inject({ method: "GET", url: `/api/notifications${q}`, headers: h(w.tokens.opA) })).statusCode, q).toBe(400);
    const junk = await w.app.inject({ method: "POST", url: "/api/notifications/read-all", headers: h(w.tokens.opA), payload: { companyId: "x", extra: 1 } });
    expect(junk.statusCode).toBe(400);
  });

  it("answer 404 for a company the user does not belong to", async () => {
    expect((await w.app.inject({ method: "GET", url: `/api/notifications?companyId=${w.companyB}`, headers: h(w.tokens.opA) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: `/api/notifications/unread-count?companyId=${w.companyB}`, headers: h(w.tokens.opA) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "POST", url: "/api/notifications/read-all", headers: h(w.tokens.opA), payload: { companyId: w.companyB } })).statusCode).toBe(404);
  });
});

describe("notifications of report work", () => {
  it("tell the assignee live, on another process, and nobody else (colleague, other company)", async () => {
    const recipient = await socketOf(second, w.tokens.opA, w.companyA);
    const colleague = await socketOf(second, w.tokens.opA2, w.companyA);
    const stranger = await socketOf(w.app, w.tokens.opB, w.companyB);
    const report = await w.communityReport();
    await take(report.id);
    const res = await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${report.id}/assign`, headers: h(w.tokens.opA2), payload: { userId: w.opA.id } });
    expect(res.statusCode, res.body).toBe(200);

    await waitFor(() => recipient.some((m) => m.type === "notification"));
    const live = recipient.find((m) => m.type === "notification")!;
    expect(live.companyId).toBe(w.companyA);
    expect(live.data.notification).toMatchObject({ kind: "assigned", reportId: report.id, reportUuid: report.uuid, actor: { id: w.opA2.id, name: "Luis Soto" }, read: false });
    expect(live.data).not.toHaveProperty("recipientUserId");
    // The colleague saw the report change but no notification; the other company neither.
    await waitFor(() => colleague.some((m) => m.type === "updateReport"));
    expect(colleague.filter((m) => m.type === "notification")).toEqual([]);
    expect(stranger.filter((m) => m.type === "notification")).toEqual([]);

    const mine = await list(w.tokens.opA);
    expect(mine.notifications[0]).toMatchObject({ kind: "assigned", reportId: report.id });
    expect(mine.unread).toBeGreaterThanOrEqual(1);
    // The one who assigned is not told of their own action.
    expect((await list(w.tokens.opA2)).notifications.filter((n) => n.reportId === report.id && n.kind === "assigned")).toEqual([]);
  });

  it("tell every member of a team a report is assigned to", async () => {
    const [team] = await w.db.query<{ id: number }>("insert into teams (company_id, name) values ($1, $2) returning id", [w.companyA, `Equipo${Date.now()}`]);
    await w.db.query("insert into team_members (company_id, team_id, user_id) values ($1, $2, $3), ($1, $2, $4)", [w.companyA, team!.id, w.opA.id, w.opA2.id]);
    const report = await w.communityReport();
    await take(report.id);
    const res = await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${report.id}/assign`, headers: h(w.tokens.opA2), payload: { teamId: team!.id } });
    expect(res.statusCode, res.body).toBe(200);
    const got = (await list(w.tokens.opA)).notifications.find((n) => n.reportId === report.id && n.kind === "teamAssigned");
    expect(got?.data.teamName).toMatch(/^Equipo/);
    expect((await list(w.tokens.opA2)).notifications.filter((n) => n.reportId === report.id)).toEqual([]);
  });

  it("tell a member mentioned by @Full Name in a note, and not one merely named", async () => {
    const report = await w.communityReport();
    const note = await w.app.inject({
      method: "POST",
      url: `/api/companies/${w.companyA}/reports/${report.id}/notes`,
      headers: h(w.tokens.opA2),
      payload: { body: "@ana perez revisa la cámara; Luis Soto ya llamó" },
    });
    expect(note.statusCode, note.body).toBe(200);
    const got = (await list(w.tokens.opA)).notifications.find((n) => n.reportId === report.id && n.kind === "mention");
    expect(got).toMatchObject({ actor: { id: w.opA2.id }, data: { excerpt: "@ana perez revisa la cámara; Luis Soto ya llamó" } });
    expect((await list(w.tokens.opA2)).notifications.filter((n) => n.reportId === report.id)).toEqual([]);
  });

  it("tell followers of a comment and of a status change, not the one who did it", async () => {
    const report = await w.communityReport();
    const follow = await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${report.id}/follow`, headers: h(w.tokens.opA) });
    expect(follow.statusCode, follow.body).toBe(200);
    // A community comment reaches the follower.
    const comment = await w.app.inject({ method: "POST", url: `/api/app/reports/${report.uuid}/comments`, headers: h(w.tokens.community[0]!), payload: { body: "Sigue pasando" } });
    expect(comment.statusCode, comment.body).toBe(200);
    await take(report.id);
    const mine = (await list(w.tokens.opA)).notifications.filter((n) => n.reportId === report.id);
    expect(mine.map((n) => n.kind).sort()).toEqual(["followedComment", "followedStatus"]);
    expect(mine.find((n) => n.kind === "followedStatus")?.data.status).toBe("in_progress");
    expect(mine.find((n) => n.kind === "followedComment")?.data.excerpt).toBe("Sigue pasando");
    // The follower's own comment does not notify them.
    await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${report.id}/comments`, headers: h(w.tokens.opA), payload: { body: "Vamos en camino" } });
    expect((await list(w.tokens.opA)).notifications.filter((n) => n.reportId === report.id)).toHaveLength(2);
  });
});

describe("notifications of a followed report's other changes (issue 15)", () => {
  it("tell followers which fields changed when the status stays, and nothing when nothing changed", async () => {
    const report = await w.communityReport();
    await take(report.id);
    const follow = await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${report.id}/follow`, headers: h(w.tokens.opA) });
    expect(follow.statusCode, follow.body).toBe(200);
    const update = (payload: object) => w.app.inject({ method: "PUT", url: `/api/companies/${w.companyA}/reports/${report.id}`, headers: h(w.tokens.opA2), payload });
    const res = await update({ priority: "highest", observations: "Cámara revisada" });
    expect(res.statusCode, res.body).toBe(200);
    const got = (await list(w.tokens.opA)).notifications.filter((n) => n.reportId === report.id && n.kind === "followedUpdate");
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ actor: { id: w.opA2.id } });
    expect([...(got[0]!.data.changes ?? [])].sort()).toEqual(["observations", "priority"]);
    // The same values again change nothing and tell nobody.
    expect((await update({ priority: "highest" })).statusCode).toBe(200);
    expect((await list(w.tokens.opA)).notifications.filter((n) => n.reportId === report.id && n.kind === "followedUpdate")).toHaveLength(1);
    // The one who changed it is not told, even when following.
    expect((await list(w.tokens.opA2)).notifications.filter((n) => n.reportId === report.id && n.kind === "followedUpdate")).toEqual([]);
  });
});

describe("reading notifications", () => {
  it("marks one read, refuses another user's with 404, marks all read and pages", async () => {
    const report = await w.communityReport();
    await notify(w.app.ctx, [1, 2, 3].map(() => ({ userId: w.opA.id, companyId: w.companyA, kind: "followedComment" as const, reportId: report.id, data: { excerpt: "x" } })));
    const page = await list(w.tokens.opA, "?pageSize=2");
    expect(page.notifications).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const first = page.notifications[0]!;
    const second2 = await list(w.tokens.opA, "?pageSize=2&page=2");
    expect(second2.notifications[0]!.id).toBeLessThan(page.notifications[1]!.id);

    const others = await w.app.inject({ method: "POST", url: `/api/notifications/${first.id}/read`, headers: h(w.tokens.opA2), payload: {} });
    expect(others.statusCode).toBe(404);
    const missing = await w.app.inject({ method: "POST", url: "/api/notifications/2147483647/read", headers: h(w.tokens.opA), payload: {} });
    expect(missing.statusCode).toBe(404);

    const before = page.unread;
    const read = await w.app.inject({ method: "POST", url: `/api/notifications/${first.id}/read`, headers: h(w.tokens.opA), payload: {} });
    expect(read.statusCode, read.body).toBe(200);
    expect(body<{ notification: Notification; unread: number }>(read)).toMatchObject({ notification: { id: first.id, read: true }, unread: before - 1 });
    const count = await w.app.inject({ method: "GET", url: `/api/notifications/unread-count?companyId=${w.companyA}`, headers: h(w.tokens.opA) });
    expect(body(count)).toEqual({ success: true, unread: before - 1 });
    expect((await list(w.tokens.opA, "?unread=true")).notifications.map((n) => n.id)).not.toContain(first.id);

    const all = await w.app.inject({ method: "POST", url: "/api/notifications/read-all", headers: h(w.tokens.opA), payload: { companyId: w.companyA } });
    expect(body(all)).toEqual({ success: true, updated: before - 1, unread: 0 });
    // Another user's notifications were left alone.
    const theirs = await w.db.query<{ n: number }>("select count(*)::int as n from notifications where user_id <> $1 and read_at is not null", [w.opA.id]);
    expect(theirs[0]!.n).toBe(0);
  });

  it("notify leaves out users who are not members of the company", async () => {
    const outsider = await buildUser(w.db);
    const stored = await notify(w.app.ctx, [{ userId: outsider.id, companyId: w.companyA, kind: "upgradeAnswered", data: { accepted: true } }]);
    expect(stored).toEqual([]);
    const member = await notify(w.app.ctx, [{ userId: w.opB.id, companyId: w.companyB, kind: "upgradeAnswered", data: { accepted: true } }]);
    expect(member).toHaveLength(1);
    const token = await loginAs(w.app, w.opB);
    expect((await list(token)).notifications[0]).toMatchObject({ kind: "upgradeAnswered", reportId: null, data: { accepted: true } });
  });
});
