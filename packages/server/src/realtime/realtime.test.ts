import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RealtimeMessage } from "@atalaya/shared";
import { TEST_ORIGIN, body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";
import type { ReportAudience } from "../auth/restrictions.js";
import { setUserLocked } from "../users/user.repository.js";
import { changeWithEvents, changeWithEventsDetailed } from "./publish.js";

let app: FastifyInstance;
let second: FastifyInstance;
let companyId: number;
let otherCompanyId: number;
let token: string;
let userId: number;

beforeAll(async () => {
  app = await testApp();
  // A second server process on the same database: with TEST_REDIS_URL the two only meet through Redis.
  second = await testApp();
  const db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  const user = await buildUser(db, { companyId });
  userId = user.id;
  token = await loginAs(app, user);
});
afterAll(async () => {
  await app.close();
  await second.close();
});

const auth = () => ({ "access-token": token });

async function ticket(companyIdArg = companyId): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/realtime/ticket", headers: auth(), payload: { companyId: companyIdArg } });
  expect(res.statusCode).toBe(200);
  const b = body<{ ticket: string; expiresIn: number }>(res);
  expect(b.expiresIn).toBe(30);
  return b.ticket;
}

/** Opens a socket and collects its messages from the very first one; `messages` leaves out the `seq`
 * tails a heartbeat may add at any time (the `seq` placeholders of a restricted socket stay) and the
 * unstored `operators` refreshes any socket's coming or going sends. */
async function open(
  target: FastifyInstance,
  t: string,
  origin = TEST_ORIGIN,
): Promise<{ ws: WebSocket; messages: RealtimeMessage[]; all: RealtimeMessage[]; next: (n: number) => Promise<RealtimeMessage[]> }> {
  await target.ready();
  const messages: RealtimeMessage[] = [];
  const all: RealtimeMessage[] = [];
  const ws = await target.injectWS(`/api/realtime?ticket=${encodeURIComponent(t)}`, { headers: { origin } }, {
    onInit: (socket) =>
      socket.on("message", (raw) => {
        const message = JSON.parse(String(raw)) as RealtimeMessage;
        all.push(message);
        if (message.type === "operators") return;
        if (message.type !== "seq" || "from" in message.data) messages.push(message);
      }),
  });
  const next = async (n: number) => {
    await waitFor(() => messages.length >= n);
    return messages;
  };
  return { ws, messages, all, next };
}

/** The audience of a report in no zone (an unrestricted user sees it; a zone-restricted one does not). */
const ANYWHERE: ReportAudience = { zoneIds: [], typeId: 1, assignedUserId: null };

async function emitTestEvent(target: FastifyInstance, cid: number, data: Record<string, unknown>, audience: ReportAudience = ANYWHERE) {
  const { events } = await changeWithEventsDetailed(target.ctx.db, target.ctx.bus, async (_tx, emit) => emit(cid, "updateReport", data, audience));
  return events[0]!;
}

describe("POST /api/realtime/ticket", () => {
  it("401 without a token", async () => {
    expect((await app.inject({ method: "POST", url: "/api/realtime/ticket", payload: {} })).statusCode).toBe(401);
  });
  it("404 for another company", async () => {
    const res = await app.inject({ method: "POST", url: "/api/realtime/ticket", headers: auth(), payload: { companyId: otherCompanyId } });
    expect(res.statusCode).toBe(404);
  });
  it("400 for a malformed company id", async () => {
    const res = await app.inject({ method: "POST", url: "/api/realtime/ticket", headers: auth(), payload: { companyId: "abc" } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ error: { code: "validation", fields: [{ field: "companyId" }] } });
  });
});

describe("GET /api/realtime (WebSocket)", () => {
  it("refuses a wrong origin, a missing, reused or expired ticket", async () => {
    await expect(open(app, await ticket(), "http://evil.test")).rejects.toThrow("403");
    await expect(open(app, "not-a-ticket")).rejects.toThrow("401");
    const t = await ticket();
    const first = await open(app, t);
    first.ws.close();
    await expect(open(app, t)).rejects.toThrow("401");
    const old = await ticket();
    await app.ctx.db.query("update realtime_tickets set expires_at = now() - interval '1 second' where used_at is null and user_id = $1", [userId]);
    await expect(open(app, old)).rejects.toThrow("401");
  });

  it("greets with the last seq and delivers committed events, seq increasing by one", async () => {
    const { ws, next } = await open(app, await ticket());
    const [hello] = await next(1);
    expect(hello).toMatchObject({ type: "hello", companyId });
    const a = await emitTestEvent(app, companyId, { n: 1 });
    const b = await emitTestEvent(app, companyId, { n: 2 });
    expect(b.seq).toBe(a.seq + 1);
    const messages = await next(3);
    expect(messages.slice(1)).toEqual([a, b]);
    ws.close();
  });

  it("keeps nothing of the upgrade request while the socket is open (memory per idle socket)", async () => {
    const { ws, next } = await open(app, await ticket());
    await next(1);
    // The server's side of every open socket: its TCP stream no longer holds the unsent HTTP response
    // (which holds the request), and its one error listener is the route's, not the plugin's (which
    // held the request and reply).
    const server = [...app.websocketServer.clients] as unknown as { _socket: { _httpMessage?: unknown }; listeners(e: string): unknown[] }[];
    expect(server.length).toBeGreaterThan(0);
    for (const socket of server) {
      expect(socket._socket._httpMessage ?? null).toBeNull();
      expect(socket.listeners("error")).toHaveLength(1);
    }
    ws.close();
  });

  it("does not deliver another company's events, nor events of a rolled-back change", async () => {
    const { ws, next, messages } = await open(app, await ticket());
    await next(1);
    await emitTestEvent(app, otherCompanyId, { secret: true });
    await expect(
      changeWithEvents(app.ctx.db, app.ctx.bus, async (_tx, emit) => {
        await emit(companyId, "updateReport", { rolledBack: true }, ANYWHERE);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const mine = await emitTestEvent(app, companyId, { mine: true });
    await next(2);
    expect(messages.slice(1)).toEqual([mine]);
    ws.close();
  });

  it("reaches sockets held by another server process", async () => {
    const t = await ticket();
    const { ws, next } = await open(second, t);
    await next(1);
    const sent = await emitTestEvent(app, companyId, { across: true });
    const messages = await next(2);
    expect(messages[1]).toEqual(sent);
    ws.close();
  });

  it("closes the sockets of a token at logout", async () => {
    const db = await testDb();
    const user = await buildUser(db, { companyId });
    const t2 = await loginAs(app, user);
    const res = await app.inject({ method: "POST", url: "/api/realtime/ticket", headers: { "access-token": t2 }, payload: { companyId } });
    const { ws } = await open(app, body<{ ticket: string }>(res).ticket);
    const closed = new Promise<number>((r) => ws.on("close", (code) => r(code)));
    await app.inject({ method: "GET", url: "/api/logout", headers: { "access-token": t2 } });
    expect(await closed).toBe(4001);
  });

  // Issue 14, case 4: logout closed that token's sockets on its own process only, locking a user left
  // their socket open, and a ticket minted before logout still opened a socket afterwards.
  async function sessionSocket(on: FastifyInstance) {
    const db = await testDb();
    const user = await buildUser(db, { companyId });
    const t = await loginAs(app, user);
    const res = await app.inject({ method: "POST", url: "/api/realtime/ticket", headers: { "access-token": t }, payload: { companyId } });
    const { ws } = await open(on, body<{ ticket: string }>(res).ticket);
    const closed = new Promise<number>((r) => ws.on("close", (code) => r(code)));
    return { user, token: t, ws, closed };
  }

  it("a logout on one process closes the token's sockets on every other within a second, over the bus (no heartbeat)", async () => {
    const s = await sessionSocket(second);
    const other = await sessionSocket(second);
    const started = performance.now();
    expect((await app.inject({ method: "GET", url: "/api/logout", headers: { "access-token": s.token } })).statusCode).toBe(200);
    const code = await Promise.race([s.closed, new Promise<string>((r) => setTimeout(() => r("still open after 1 s"), 1000))]);
    expect(code).toBe(4001);
    expect(performance.now() - started).toBeLessThan(1000);
    // Only that session's: another user's socket on the same process stays open.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.ws.readyState).toBe(other.ws.OPEN);
    other.ws.close();
  });

  it("a lock on one process closes the user's sockets on every other within a second", async () => {
    const db = await testDb();
    const admin = await loginAs(app, await buildUser(db, { companyId, role: "company_admin" }));
    const s = await sessionSocket(second);
    const started = performance.now();
    expect((await app.inject({ method: "POST", url: `/api/companies/${companyId}/users/${s.user.id}/lock`, headers: { "access-token": admin } })).statusCode).toBe(200);
    const code = await Promise.race([s.closed, new Promise<string>((r) => setTimeout(() => r("still open after 1 s"), 1000))]);
    expect(code).toBe(4001);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("locking a user closes their open sockets", async () => {
    const s = await sessionSocket(second);
    const db = await testDb();
    await setUserLocked(db, s.user.id, true);
    await second.ctx.hub.closeEndedSessions();
    expect(await s.closed).toBe(4001);
  });

  it("an open session's socket stays open through the check", async () => {
    const s = await sessionSocket(second);
    await second.ctx.hub.closeEndedSessions();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    s.ws.close();
  });

  it("a ticket issued before its session ended opens nothing afterwards", async () => {
    const db = await testDb();
    const user = await buildUser(db, { companyId });
    const t = await loginAs(app, user);
    const res = await app.inject({ method: "POST", url: "/api/realtime/ticket", headers: { "access-token": t }, payload: { companyId } });
    await app.inject({ method: "GET", url: "/api/logout", headers: { "access-token": t } });
    await expect(open(second, body<{ ticket: string }>(res).ticket)).rejects.toThrow();
  });
});

describe("GET /api/companies/:companyId/events", () => {
  it("401, 404 for another company, 400 for a bad after", async () => {
    expect((await app.inject({ method: "GET", url: `/api/companies/${companyId}/events?after=0` })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: `/api/companies/${otherCompanyId}/events?after=0`, headers: auth() })).statusCode).toBe(404);
    const bad = await app.inject({ method: "GET", url: `/api/companies/${companyId}/events?after=-1`, headers: auth() });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ error: { code: "validation", fields: [{ field: "after" }] } });
  });

  it("stores event data exactly, whatever characters it holds (it travels with the commit)", async () => {
    const data = { text: "O'Higgins \\ \"comillas\" ñandú 🚨 $1 $$ \n línea", nested: { list: [1, null, true, "'; drop table events; --"] } };
    const sent = await emitTestEvent(app, companyId, data);
    const res = await app.inject({ method: "GET", url: `/api/companies/${companyId}/events?after=${sent.seq - 1}`, headers: auth() });
    expect(body<{ events: RealtimeMessage[] }>(res).events[0]).toEqual({ type: "updateReport", seq: sent.seq, companyId, data });
  });

  it("returns what a reconnecting client missed, in order", async () => {
    const first = await emitTestEvent(app, companyId, { k: "a" });
    const second2 = await emitTestEvent(app, companyId, { k: "b" });
    const res = await app.inject({ method: "GET", url: `/api/companies/${companyId}/events?after=${first.seq - 1}`, headers: auth() });
    expect(res.statusCode).toBe(200);
    const b = body<{ events: RealtimeMessage[]; lastSeq: number }>(res);
    expect(b.events.slice(0, 2)).toEqual([first, second2]);
    expect(b.lastSeq).toBeGreaterThanOrEqual(second2.seq);
  });
});

describe("a user restricted to a zone (SPEC §6), on the stream and in the catch-up", () => {
  let cid: number;
  let inZone: ReportAudience;
  let elsewhere: ReportAudience;
  let restrictedToken: string;
  let plainToken: string;

  beforeAll(async () => {
    const db = await testDb();
    const company = await buildCompany(db);
    cid = company.id;
    inZone = { zoneIds: [company.zoneId], typeId: 1, assignedUserId: null };
    elsewhere = { zoneIds: [(await buildCompany(db)).zoneId], typeId: 1, assignedUserId: null };
    const restricted = await buildUser(db, { companyId: cid });
    await db.query("update memberships set zone_ids = $1 where company_id = $2 and user_id = $3", [[company.zoneId], cid, restricted.id]);
    restrictedToken = await loginAs(app, restricted);
    plainToken = await loginAs(app, await buildUser(db, { companyId: cid }));
  });

  const ticketFor = async (t: string) => {
    const res = await app.inject({ method: "POST", url: "/api/realtime/ticket", headers: { "access-token": t }, payload: { companyId: cid } });
    return body<{ ticket: string }>(res).ticket;
  };
  const catchUp = async (t: string, after: number, limit?: number) => {
    const res = await app.inject({
      method: "GET",
      url: `/api/companies/${cid}/events?after=${after}${limit ? `&limit=${limit}` : ""}`,
      headers: { "access-token": t },
    });
    expect(res.statusCode).toBe(200);
    return body<{ events: RealtimeMessage[]; lastSeq: number }>(res);
  };

  it("gets the events of its zone and a seq in place of another zone's; an unrestricted socket gets all", async () => {
    const restricted = await open(second, await ticketFor(restrictedToken));
    const plain = await open(app, await ticketFor(plainToken));
    await restricted.next(1);
    await plain.next(1);
    const a1 = await emitTestEvent(app, cid, { n: 1 }, inZone);
    const { events: hidden } = await changeWithEventsDetailed(app.ctx.db, app.ctx.bus, async (_tx, emit) => {
      await emit(cid, "updateReport", { secret: 2 }, elsewhere);
      await emit(cid, "updateReport", { secret: 3 }, elsewhere);
    });
    const a2 = await emitTestEvent(app, cid, { n: 4 }, inZone);

    expect((await plain.next(5)).slice(1)).toEqual([a1, ...hidden, a2]);
    await waitFor(() => restricted.messages.at(-1)?.seq === a2.seq);
    const got = restricted.messages.slice(1);
    expect(got.filter((m) => m.type !== "seq")).toEqual([a1, a2]);
    // The placeholders cover exactly the hidden events, with nothing of theirs, and the stream stays
    // contiguous: each message starts right after the one before.
    const placeholders = got.filter((m) => m.type === "seq");
    expect(placeholders.length).toBeGreaterThanOrEqual(1);
    for (const p of placeholders) expect(Object.keys(p.data)).toEqual(["from"]);
    let last = a1.seq - 1;
    for (const m of got) {
      const from = m.type === "seq" ? (m.data.from as number) : m.seq;
      expect(from).toBe(last + 1);
      last = m.seq;
    }
    expect(last).toBe(a2.seq);
    // The audience stays on the server.
    expect(JSON.stringify([...restricted.all, ...plain.all])).not.toContain("audience");
    restricted.ws.close();
    plain.ws.close();
  });

  it("catch-up answers only the visible events, and lastSeq is the last seq it read", async () => {
    const a1 = await emitTestEvent(app, cid, { n: 1 }, inZone);
    const b1 = await emitTestEvent(app, cid, { n: 2 }, elsewhere);
    const a2 = await emitTestEvent(app, cid, { n: 3 }, inZone);
    const b2 = await emitTestEvent(app, cid, { n: 4 }, elsewhere);

    expect(await catchUp(restrictedToken, a1.seq - 1)).toEqual({ success: true, events: [a1, a2], lastSeq: b2.seq });
    // A page that ends on a hidden event still moves the cursor past it; nothing left is an empty page.
    expect(await catchUp(restrictedToken, a1.seq - 1, 2)).toEqual({ success: true, events: [a1], lastSeq: b1.seq });
    expect(await catchUp(restrictedToken, a2.seq)).toEqual({ success: true, events: [], lastSeq: b2.seq });
    expect(await catchUp(restrictedToken, b2.seq)).toEqual({ success: true, events: [], lastSeq: b2.seq });
    // Unrestricted: everything, as before.
    expect(await catchUp(plainToken, a1.seq - 1)).toEqual({ success: true, events: [a1, b1, a2, b2], lastSeq: b2.seq });
  });

  // Issue 34: a drained process told its sockets nothing (1005, @fastify/websocket's own close ran
  // first); the clients must hear 1001, going away, and reconnect to another process.
  it("closes its sockets with 1001 when the server shuts down", async () => {
    const leaving = await testApp();
    const { ws } = await open(leaving, await ticket());
    const closed = new Promise<number>((r) => ws.on("close", (code) => r(code)));
    await leaving.close();
    expect(await closed).toBe(1001);
  });
});

describe("POST /api/logs-pusher", () => {
  const url = `/api/logs-pusher?route=statusConnection&type=disconnect&user_id=1`;
  const payload = (cid: number) => ({ type: "disconnect", user_id: userId, company_id: cid, events: [{ date: new Date().toISOString(), event: "disconnected" }] });
  it("401, 404 for another company, 400 for a bad body, then stores the log", async () => {
    expect((await app.inject({ method: "POST", url, payload: payload(companyId) })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url, headers: auth(), payload: payload(otherCompanyId) })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url, headers: auth(), payload: { events: "x" } })).statusCode).toBe(400);
    const ok = await app.inject({ method: "POST", url, headers: auth(), payload: payload(companyId) });
    expect(ok.statusCode).toBe(200);
    const rows = await app.ctx.db.query<{ type: string }>("select type from connectivity_logs where user_id = $1", [userId]);
    expect(rows.map((r) => r.type)).toContain("disconnect");
  });
});
