import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollaboratorMessageResponse, CollaboratorMessagesResponse, NotificationsResponse, RealtimeMessage } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { TEST_ORIGIN, body, buildCompany, buildUser, loginAs, testApp, testDb, type TestUser } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";

let app: FastifyInstance;
let second: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let admin: TestUser;
let opA: TestUser;
let opB: TestUser;
let patrol: TestUser;
let stranger: TestUser;
let teamId: number;
const tokens: Record<string, string> = {};
const sockets: WebSocket[] = [];

beforeAll(async () => {
  app = await testApp();
  await app.ready();
  // A second server process on the same database: with TEST_REDIS_URL the two meet only through Redis.
  second = await testApp();
  await second.ready();
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  admin = await buildUser(db, { companyId, role: "company_admin" });
  opA = await buildUser(db, { companyId });
  opB = await buildUser(db, { companyId });
  patrol = await buildUser(db, { companyId, role: "patrol", groups: [4] });
  stranger = await buildUser(db, { companyId: otherCompanyId });
  await buildUser(db, { companyId, locked: true });
  await db.query("update users set first_name = 'Ana', last_name = 'Rojas' where id = $1", [opA.id]);
  await db.query("update users set first_name = 'Beto', last_name = 'Soto' where id = $1", [opB.id]);
  const [team] = await db.query<{ id: number }>("insert into teams (company_id, name, color) values ($1, 'Noche', '#123456') returning id", [companyId]);
  teamId = team!.id;
  await db.query("insert into team_members (company_id, team_id, user_id) values ($1, $2, $3)", [companyId, teamId, opB.id]);
  tokens.admin = await loginAs(app, admin);
  tokens.opA = await loginAs(app, opA);
  tokens.opB = await loginAs(app, opB);
  tokens.stranger = await loginAs(app, stranger);
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await second.close();
  await app.close();
});

const base = (cid = companyId) => `/api/companies/${cid}/collaborator-messages`;
const h = (token: string) => ({ "access-token": token });
const send = (token: string, payload: object, cid = companyId) => app.inject({ method: "POST", url: base(cid), headers: h(token), payload });
const list = async (token: string, query = "") => {
  const res = await app.inject({ method: "GET", url: `${base()}${query}`, headers: h(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<CollaboratorMessagesResponse>(res);
};

async function socketOf(target: FastifyInstance, token: string): Promise<RealtimeMessage[]> {
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

describe("writing to collaborators", () => {
  it("refuses a message without recipients, text or with control characters, in the caller's language, storing nothing", async () => {
    const before = await db.query("select count(*)::int as n from collaborator_messages where company_id = $1", [companyId]);
    const cases: [object, string, string][] = [
      [{ title: "Hola", body: "Texto" }, "userIds", "collaboratorNoRecipients"],
      [{ title: " ", body: "Texto", everyone: true }, "title", "collaboratorTitleRequired"],
      [{ title: "Hola", body: "", everyone: true }, "body", "collaboratorBodyRequired"],
      [{ title: "Ho\u0007la", body: "x", everyone: true }, "title", "collaboratorInvalidText"],
      [{ title: "x".repeat(121), body: "x", everyone: true }, "title", "collaboratorTitleTooLong"],
      [{ title: "Hola", body: "x", userIds: [stranger.id] }, "userIds", "collaboratorRecipientInvalid"],
      [{ title: "Hola", body: "x", userIds: [admin.id] }, "userIds", "collaboratorNoRecipients"],
    ];
    for (const [payload, field, code] of cases) {
      const res = await app.inject({ method: "POST", url: base(), headers: { ...h(tokens.admin!), "accept-language": "en" }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = body<{ error: { fields: { field: string; code: string; message?: string }[] } }>(res).error;
      expect(error.fields[0]).toMatchObject({ field, code });
      expect(error.fields[0]!.message).toMatch(/[A-Za-z]/);
    }
    const strangerTeam = await db.query<{ id: number }>("insert into teams (company_id, name, color) values ($1, 'Ajeno', '#654321') returning id", [otherCompanyId]);
    const res = await send(tokens.admin!, { title: "Hola", body: "x", teamIds: [strangerTeam[0]!.id] });
    expect(body<{ error: { fields: { code: string }[] } }>(res).error.fields[0]!.code).toBe("collaboratorTeamInvalid");
    expect(await db.query("select count(*)::int as n from collaborator_messages where company_id = $1", [companyId])).toEqual(before);
  });

  it("reaches the chosen people and the members of the chosen teams, never the sender, live to whoever is online", async () => {
    const liveA = await socketOf(app, tokens.opA!);
    // opB is connected to the other process: the message crosses the bus.
    const liveB = await socketOf(second, tokens.opB!);
    const res = await send(tokens.admin!, { title: "Turno de noche", body: "Revisen la zona norte\nGracias", userIds: [opA.id, admin.id], teamIds: [teamId] });
    expect(res.statusCode, res.body).toBe(200);
    const { message } = body<CollaboratorMessageResponse>(res);
    expect(message).toMatchObject({ title: "Turno de noche", body: "Revisen la zona norte\nGracias", recipientCount: 2, readCount: 0, read: null, everyone: false });
    const arrived = (live: RealtimeMessage[]) => live.some((m) => m.type === "collaboratorMessage" && (m.data as { messageId: number }).messageId === message.id);
    await waitFor(() => arrived(liveA) && arrived(liveB));
    // Each got a notification too; nobody else did.
    await waitFor(() => liveA.some((m) => m.type === "notification" && (m.data as { notification: { kind: string } }).notification.kind === "collaboratorMessage"));
    const bell = body<NotificationsResponse>(await app.inject({ method: "GET", url: `/api/notifications?companyId=${companyId}`, headers: h(tokens.opB!) }));
    expect(bell.notifications[0]).toMatchObject({ kind: "collaboratorMessage", data: { messageId: message.id, title: "Turno de noche" }, actor: { id: admin.id } });
    const received = await list(tokens.opB!);
    expect(received.messages.map((m) => m.id)).toContain(message.id);
    expect(received.unread).toBeGreaterThanOrEqual(1);
    expect((await list(tokens.admin!)).messages.map((m) => m.id)).not.toContain(message.id);
    expect((await list(tokens.admin!, "?box=sent")).messages[0]!.id).toBe(message.id);
  });

  it("to everyone reaches every member but the sender and locked accounts, patrols included", async () => {
    const res = await send(tokens.opA!, { title: "Aviso general", body: "Reunión a las 9", everyone: true });
    expect(res.statusCode, res.body).toBe(200);
    const { message } = body<CollaboratorMessageResponse>(res);
    const rows = await db.query<{ user_id: number }>("select user_id from collaborator_message_recipients where message_id = $1 order by user_id", [message.id]);
    expect(rows.map((r) => r.user_id)).toEqual([admin.id, opB.id, patrol.id].sort((a, b) => a - b));
    expect(message.recipientCount).toBe(3);
  });
});

describe("reading", () => {
  it("keeps a read receipt per recipient, told live to the sender; receipts are for the sender and admins", async () => {
    const created = body<CollaboratorMessageResponse>(await send(tokens.opA!, { title: "Recibo", body: "¿Leído?", userIds: [opB.id, admin.id] })).message;
    const senderLive = await socketOf(app, tokens.opA!);
    const before = (await list(tokens.opB!)).unread;
    const read = await app.inject({ method: "POST", url: `${base()}/${created.id}/read`, headers: h(tokens.opB!) });
    expect(read.statusCode, read.body).toBe(200);
    expect(body<{ unread: number }>(read).unread).toBe(before - 1);
    // Reading again changes nothing.
    expect(body<{ unread: number }>(await app.inject({ method: "POST", url: `${base()}/${created.id}/read`, headers: h(tokens.opB!) })).unread).toBe(before - 1);
    await waitFor(() => senderLive.some((m) => m.type === "collaboratorMessage" && (m.data as { change: string }).change === "read"));

    const shown = body<CollaboratorMessageResponse>(await app.inject({ method: "GET", url: `${base()}/${created.id}`, headers: h(tokens.opA!) }));
    expect(shown.message).toMatchObject({ recipientCount: 2, readCount: 1 });
    const receipts = Object.fromEntries(shown.receipts!.map((r) => [r.userId, r.readAt]));
    expect(receipts[opB.id]).toEqual(expect.any(String));
    expect(receipts[admin.id]).toBeNull();
    expect(shown.receipts!.find((r) => r.userId === opB.id)!.name).toBe("Beto Soto");
    // A recipient reads the message but not the others' receipts; an admin sees them.
    const asRecipient = body<CollaboratorMessageResponse>(await app.inject({ method: "GET", url: `${base()}/${created.id}`, headers: h(tokens.opB!) }));
    expect(asRecipient).toMatchObject({ message: { read: true }, receipts: null });
    expect(body<CollaboratorMessageResponse>(await app.inject({ method: "GET", url: `${base()}/${created.id}`, headers: h(tokens.admin!) })).receipts).toHaveLength(2);
    const unread = await app.inject({ method: "GET", url: `${base()}/unread-count`, headers: h(tokens.opB!) });
    expect(body<{ unread: number }>(unread).unread).toBe(before - 1);
  });

  it("answers 404 to a member the message did not reach, to another company and to reading what one sent", async () => {
    const created = body<CollaboratorMessageResponse>(await send(tokens.admin!, { title: "Privado", body: "Solo Ana", userIds: [opA.id] })).message;
    expect((await app.inject({ method: "GET", url: `${base()}/${created.id}`, headers: h(tokens.opB!) })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: `${base()}/${created.id}/read`, headers: h(tokens.opB!) })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: `${base()}/${created.id}/read`, headers: h(tokens.admin!) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `${base(otherCompanyId)}/${created.id}`, headers: h(tokens.admin!) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `${base(otherCompanyId)}/${created.id}`, headers: h(tokens.stranger!) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `/api/companies/${otherCompanyId}/collaborator-messages/${created.id}`, headers: h(tokens.stranger!) })).statusCode).toBe(404);
    expect((await send(tokens.admin!, { title: "x", body: "y", everyone: true }, otherCompanyId)).statusCode).toBe(404);
  });

  it("pages the list ten at a time from page 1 (SPEC §9)", async () => {
    for (let i = 0; i < 11; i++) expect((await send(tokens.opB!, { title: `Mensaje ${i}`, body: "x", userIds: [opA.id] })).statusCode).toBe(200);
    const first = await list(tokens.opB!, "?box=sent");
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 11 });
    expect(first.messages).toHaveLength(10);
    expect(first.messages[0]!.title).toBe("Mensaje 10");
    const second_ = await list(tokens.opB!, "?box=sent&page=2");
    expect(second_.messages.map((m) => m.title)).toEqual(["Mensaje 0"]);
    expect((await app.inject({ method: "GET", url: `${base()}?page=0`, headers: h(tokens.opB!) })).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: `${base()}?box=all`, headers: h(tokens.opB!) })).statusCode).toBe(400);
  });
});
