import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_ACTIONS, MESSAGE_STATES, messageActionAllowed, type Message, type MessageAnyAction, type MessageState } from "@atalaya/shared";
import { one, type Db } from "../db/db.js";
import type { JobContext } from "../jobs/index.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, unique, type TestUser } from "../test/harness.js";
import { LiveSockets } from "../test/live.js";
import { waitFor } from "../test/wait-for.js";
import { deliverMessage } from "./delivery.js";
import { MESSAGE_DELIVERY_JOB, messageRecipientIds } from "./index.js";

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let admin: TestUser;
let adminToken: string;
let operatorToken: string;
let rootToken: string;
let otherToken: string;

const h = (t: string) => ({ "access-token": t });
const base = (cid = companyId) => `/api/companies/${cid}/messages`;

// A square of 0.1° somewhere only this file puts app users (each test its own square).
let squareCounter = 0;
function square(): { lng: number; lat: number; polygon: { type: "Polygon"; coordinates: [number, number][][] } } {
  const lng = -72 + (squareCounter++ % 40) * 0.2 + (process.pid % 7) * 0.01;
  const lat = -40;
  return {
    lng,
    lat,
    polygon: { type: "Polygon", coordinates: [[[lng, lat], [lng + 0.1, lat], [lng + 0.1, lat + 0.1], [lng, lat + 0.1], [lng, lat]]] },
  };
}

async function appUser(at: { last?: [number, number]; home?: [number, number] }, opts: { locked?: boolean; companyId?: number } = {}): Promise<TestUser> {
  const user = await buildUser(db, opts);
  await db.query(
    "insert into app_user_locations (user_id, last_longitude, last_latitude, home_longitude, home_latitude) values ($1, $2, $3, $4, $5)",
    [user.id, at.last?.[0] ?? null, at.last?.[1] ?? null, at.home?.[0] ?? null, at.home?.[1] ?? null],
  );
  return user;
}

async function createMessage(payload: Record<string, unknown> = {}, token = adminToken): Promise<Message> {
  const res = await app.inject({ method: "POST", url: base(), headers: h(token), payload: { title: unique("Corte de agua"), body: "<p>Hola</p>", ...payload } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ message: Message }>(res).message;
}

async function createZone(polygon: unknown, name = unique("Sector")): Promise<number> {
  const res = await app.inject({ method: "POST", url: `/api/companies/${companyId}/message-zones`, headers: h(adminToken), payload: { name, polygon } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ zone: { id: number } }>(res).zone.id;
}

const snapshot = (id: number) => one<Record<string, unknown>>(db, "select * from messages where id = $1", [id]);

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  admin = await buildUser(db, { companyId, role: "company_admin" });
  adminToken = await loginAs(app, admin);
  operatorToken = await loginAs(app, await buildUser(db, { companyId }));
  // A root user of the provider who is also a member (the company route's approve is theirs too).
  rootToken = await loginAs(app, await buildUser(db, { companyId, role: "company_admin", groups: [1, 100] }));
  otherToken = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" }));
});
afterAll(async () => {
  await app.close();
});

describe("messages: access", () => {
  it("401 without a session, 404 for another company, 403 for a freemium company or without the module", async () => {
    const m = await createMessage();
    expect((await app.inject({ method: "GET", url: base() })).statusCode).toBe(401);
    for (const url of [base(), `${base()}/${m.id}`])
      expect((await app.inject({ method: "GET", url: url.replace(`/${companyId}/`, `/${otherCompanyId}/`), headers: h(otherToken) })).statusCode).toBe(url === base() ? 200 : 404);
    expect((await app.inject({ method: "GET", url: `${base()}/${m.id}`, headers: h(otherToken) })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: `${base(otherCompanyId)}/${m.id}/send`, headers: h(otherToken) })).statusCode).toBe(404);
    const freemium = (await buildCompany(db, { isFreemium: true })).id;
    const freeToken = await loginAs(app, await buildUser(db, { companyId: freemium, role: "company_admin" }));
    const refused = await app.inject({ method: "GET", url: base(freemium), headers: h(freeToken) });
    expect([refused.statusCode, body<{ error: { code: string } }>(refused).error.code]).toEqual([403, "freemiumLimit"]);
    const noModule = (await buildCompany(db, { modules: ["events"] })).id;
    const noModuleToken = await loginAs(app, await buildUser(db, { companyId: noModule, role: "company_admin" }));
    expect(body<{ error: { code: string } }>(await app.inject({ method: "GET", url: base(noModule), headers: h(noModuleToken) })).error.code).toBe("moduleDisabled");
  });

  it("the list filters by state and title and pages by 10 from page 1", async () => {
    const word = unique("Feria");
    for (let i = 0; i < 12; i++) await createMessage({ title: `${word} ${i}` });
    const page1 = body<{ messages: Message[]; total: number; page: number; pageSize: number }>(
      await app.inject({ method: "GET", url: `${base()}?q=${encodeURIComponent(word)}&state=1`, headers: h(adminToken) }),
    );
    expect(page1).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(page1.messages).toHaveLength(10);
    const page2 = body<{ messages: Message[] }>(await app.inject({ method: "GET", url: `${base()}?q=${encodeURIComponent(word)}&page=2`, headers: h(adminToken) }));
    expect(page2.messages).toHaveLength(2);
    expect(body<{ total: number }>(await app.inject({ method: "GET", url: `${base()}?q=${encodeURIComponent(word)}&state=3`, headers: h(adminToken) })).total).toBe(0);
  });
});

describe("messages: create and edit", () => {
  it("sanitises the body to the safe subset and answers {success, message}", async () => {
    const res = await app.inject({
      method: "POST",
      url: base(),
      headers: h(adminToken),
      payload: {
        title: "Aviso",
        body: '<p onclick="x()">Hola <strong>vecinos</strong><script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">mal</a> <a href="https://muni.cl">bien</a></p>',
        ad: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const m = body<{ success: boolean; message: Message }>(res);
    expect(m.success).toBe(true);
    expect(m.message).toMatchObject({ state: 1, ad: true, sentCount: 0, openedCount: 0, zone: { id: null }, attachment: null, scheduleDate: null });
    expect(m.message.body).toBe('<p>Hola <strong>vecinos</strong> <a target="_blank" rel="noopener noreferrer nofollow">mal</a> <a href="https://muni.cl" target="_blank" rel="noopener noreferrer nofollow">bien</a></p>');
  });

  it("refuses an empty title, control characters, a wrong type, a zone of another company (400) and changes nothing", async () => {
    const before = body<{ total: number }>(await app.inject({ method: "GET", url: base(), headers: h(adminToken) })).total;
    for (const payload of [{ title: "" }, { title: "a\u0007b" }, { title: 12 }, { title: "x", zoneId: 2147483648 }, { title: "x", scheduleDate: "mañana" }]) {
      const res = await app.inject({ method: "POST", url: base(), headers: h(adminToken), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const foreignZone = await app.inject({
      method: "POST", url: `/api/companies/${otherCompanyId}/message-zones`, headers: h(otherToken),
      payload: { name: unique("Ajena"), polygon: square().polygon },
    });
    const zoneId = body<{ zone: { id: number } }>(foreignZone).zone.id;
    expect((await app.inject({ method: "POST", url: base(), headers: h(adminToken), payload: { title: "x", zoneId } })).statusCode).toBe(400);
    expect(body<{ total: number }>(await app.inject({ method: "GET", url: base(), headers: h(adminToken) })).total).toBe(before);
  });

  it("custom zones: name required and unique within the company (409), a crossing shape refused, in use not deleted", async () => {
    const name = unique("Plaza");
    const { polygon } = square();
    const id = await createZone(polygon, name);
    const dup = await app.inject({ method: "POST", url: `/api/companies/${companyId}/message-zones`, headers: h(adminToken), payload: { name: name.toUpperCase(), polygon } });
    expect([dup.statusCode, body<{ error: { reason: string } }>(dup).error.reason]).toEqual([409, "messageZoneNameTaken"]);
    // Another company may use the same name.
    expect((await app.inject({ method: "POST", url: `/api/companies/${otherCompanyId}/message-zones`, headers: h(otherToken), payload: { name, polygon } })).statusCode).toBe(200);
    expect((await app.inject({ method: "POST", url: `/api/companies/${companyId}/message-zones`, headers: h(adminToken), payload: { name: " ", polygon } })).statusCode).toBe(400);
    const bow = { type: "Polygon", coordinates: [[[-71, -41], [-70.8, -40.8], [-70.8, -41], [-71, -40.9], [-71, -41]]] };
    expect(body<{ error: { code: string } }>(await app.inject({ method: "POST", url: `/api/companies/${companyId}/message-zones`, headers: h(adminToken), payload: { name: unique("x"), polygon: bow } })).error.code).toBe("zoneSelfIntersects");
    await createMessage({ zoneId: id });
    const del = await app.inject({ method: "DELETE", url: `/api/companies/${companyId}/message-zones/${id}`, headers: h(adminToken) });
    expect([del.statusCode, body<{ error: { reason: string } }>(del).error.reason]).toEqual([409, "messageZoneInUse"]);
    const zones = body<{ defaultZone: { polygons: unknown[] }; zones: { id: number; lineWeight: number; fillOpacity: number }[] }>(
      await app.inject({ method: "GET", url: `/api/companies/${companyId}/message-zones`, headers: h(adminToken) }),
    );
    expect(zones.defaultZone.polygons).toHaveLength(1);
    expect(zones.zones.find((z) => z.id === id)).toMatchObject({ lineWeight: 2, fillOpacity: 0.3 });
  });

  it("an attachment of at most 3 MB, typed by content; a 4 MB file or a disguised binary is refused", async () => {
    const m = await createMessage();
    const form = (name: string, content: Buffer, type: string) => {
      const boundary = "----atalaya";
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { ...h(adminToken), "content-type": `multipart/form-data; boundary=${boundary}` } };
    };
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const ok = await app.inject({ method: "POST", url: `${base()}/${m.id}/attachment`, ...form("aviso.pdf", pdf, "application/pdf") });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body<{ message: Message }>(ok).message.attachment).toMatchObject({ originalName: "aviso.pdf", mime: "application/pdf", size: pdf.length });
    const big = await app.inject({ method: "POST", url: `${base()}/${m.id}/attachment`, ...form("big.pdf", Buffer.concat([pdf, Buffer.alloc(4 * 1024 * 1024, 32)]), "application/pdf") });
    expect([big.statusCode, body<{ error: { code: string } }>(big).error.code]).toEqual([400, "fileTooLarge"]);
    const fake = await app.inject({ method: "POST", url: `${base()}/${m.id}/attachment`, ...form("foto.pdf", Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]), "application/pdf") });
    expect([fake.statusCode, body<{ error: { code: string } }>(fake).error.code]).toEqual([400, "invalidFileType"]);
    const download = await app.inject({ method: "GET", url: `${base()}/${m.id}/attachment`, headers: h(adminToken) });
    expect([download.statusCode, download.body]).toEqual([200, pdf.toString()]);
    expect((await app.inject({ method: "GET", url: `${base(otherCompanyId)}/${m.id}/attachment`, headers: h(otherToken) })).statusCode).toBe(404);
  });
});

// Expected state after an allowed action (duplicate answers a new draft; delete and discard remove it).
const AFTER: Partial<Record<MessageAnyAction, MessageState | "gone" | "copy">> = {
  edit: 1, duplicate: "copy", archive: 4, unarchive: 3, cancel: 1, approve: 3, reject: 6, delete: "gone", discard: "gone", schedule: 5, send: 5,
};

describe("messages: the state machine (every action from every state)", () => {
  const future = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  for (const state of MESSAGE_STATES) {
    for (const action of [...MESSAGE_ACTIONS, "edit"] as MessageAnyAction[]) {
      const allowed = messageActionAllowed(action, state);
      it(`${action} from ${state}: ${allowed ? "allowed" : "409"}`, async () => {
        const m = await createMessage({ scheduleDate: future });
        await db.query("update messages set state = $2::smallint, archived_from = case when $2::int = 4 then 3 else null end where id = $1", [m.id, state]);
        const before = await snapshot(m.id);
        const res =
          action === "edit"
            ? await app.inject({ method: "PUT", url: `${base()}/${m.id}`, headers: h(rootToken), payload: { title: "Editado", scheduleDate: future } })
            : await app.inject({ method: "POST", url: `${base()}/${m.id}/${action}`, headers: h(rootToken), payload: action === "reject" ? { reason: "Lenguaje ofensivo" } : {} });
        if (!allowed) {
          expect(res.statusCode, res.body).toBe(409);
          expect(body<{ error: { code: string; reason: string } }>(res).error).toMatchObject({ code: "messageInvalidState", reason: "messageState" });
          expect(await snapshot(m.id)).toEqual(before);
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
        const answer = body<{ success: boolean; message: Message }>(res);
        expect(answer.success).toBe(true);
        const after = await one<{ state: number }>(db, "select state from messages where id = $1", [m.id]);
        const expected = AFTER[action]!;
        if (expected === "gone") expect(after).toBeUndefined();
        else if (expected === "copy") {
          expect(after!.state).toBe(state);
          expect(answer.message.id).not.toBe(m.id);
          expect(answer.message).toMatchObject({ state: 1, title: m.title, sentCount: 0 });
        } else {
          expect(after!.state).toBe(expected);
          expect(answer.message.state).toBe(expected);
        }
        if (action === "reject") expect(answer.message.rejectReason).toBe("Lenguaje ofensivo");
      });
    }
  }
});

describe("messages: approval", () => {
  it("only the provider's root users approve or reject; reject needs a reason; the author is notified", async () => {
    const m = await createMessage();
    expect(body<{ message: Message }>(await app.inject({ method: "POST", url: `${base()}/${m.id}/send`, headers: h(adminToken) })).message.state).toBe(5);
    const byOperator = await app.inject({ method: "POST", url: `${base()}/${m.id}/approve`, headers: h(operatorToken) });
    expect([byOperator.statusCode, body<{ error: { code: string } }>(byOperator).error.code]).toEqual([403, "providerOnly"]);
    expect((await app.inject({ method: "GET", url: "/api/provider/messages/pending", headers: h(adminToken) })).statusCode).toBe(403);
    expect((await app.inject({ method: "POST", url: `/api/provider/messages/${m.id}/approve`, headers: h(adminToken) })).statusCode).toBe(403);
    expect((await snapshot(m.id))!.state).toBe(5);
    // A root user of the provider who belongs to no company.
    const provider = await loginAs(app, await buildUser(db, { groups: [1, 100] }));
    const queue = body<{ messages: Message[] }>(await app.inject({ method: "GET", url: "/api/provider/messages/pending", headers: h(provider) }));
    expect(queue.messages.map((x) => x.id)).toContain(m.id);
    expect((await app.inject({ method: "POST", url: `/api/provider/messages/${m.id}/reject`, headers: h(provider), payload: {} })).statusCode).toBe(400);
    const rejected = await app.inject({ method: "POST", url: `/api/provider/messages/${m.id}/reject`, headers: h(provider), payload: { reason: "Falta la fecha" } });
    expect(body<{ message: Message }>(rejected).message).toMatchObject({ state: 6, rejectReason: "Falta la fecha" });
    const again = await app.inject({ method: "POST", url: `/api/provider/messages/${m.id}/approve`, headers: h(provider) });
    expect([again.statusCode, body<{ error: { code: string } }>(again).error.code]).toEqual([409, "messageInvalidState"]);
    const told = await one<{ kind: string; data: { reason: string; messageTitle: string } }>(
      db,
      "select kind, data from notifications where user_id = $1 and kind = 'messageRejected' order by id desc limit 1",
      [admin.id],
    );
    expect(told).toMatchObject({ kind: "messageRejected", data: { reason: "Falta la fecha", messageTitle: m.title } });
    // Edited, sent again, approved: sent at once.
    await app.inject({ method: "PUT", url: `${base()}/${m.id}`, headers: h(adminToken), payload: { title: m.title } });
    await app.inject({ method: "POST", url: `${base()}/${m.id}/send`, headers: h(adminToken) });
    expect(body<{ message: Message }>(await app.inject({ method: "POST", url: `/api/provider/messages/${m.id}/approve`, headers: h(provider) })).message.state).toBe(3);
    expect(await one(db, "select 1 from notifications where user_id = $1 and kind = 'messageApproved' and (data->>'messageId')::int = $2", [admin.id, m.id])).toBeDefined();
  });

  it("a scheduled message approved waits for its date (state 2, its job queued for then)", async () => {
    const when = new Date(Date.now() + 3 * 24 * 3600_000);
    const m = await createMessage({ scheduleDate: when.toISOString() });
    expect(body<{ message: Message }>(await app.inject({ method: "POST", url: `${base()}/${m.id}/schedule`, headers: h(adminToken) })).message.state).toBe(5);
    const approved = body<{ message: Message }>(await app.inject({ method: "POST", url: `${base()}/${m.id}/approve`, headers: h(rootToken) })).message;
    expect(approved.state).toBe(2);
    const job = await one<{ run_after: Date; state: string }>(db, "select j.run_after, j.state from jobs j join messages m on m.delivery_job_id = j.id where m.id = $1", [m.id]);
    expect(job).toMatchObject({ state: "queued" });
    expect(job!.run_after.getTime()).toBe(when.getTime());
    // Scheduling needs a date ahead.
    const past = await createMessage({ scheduleDate: new Date(Date.now() - 60_000).toISOString() });
    expect((await app.inject({ method: "POST", url: `${base()}/${past.id}/schedule`, headers: h(adminToken) })).statusCode).toBe(400);
    // Cancelled before its date: a draft, and its job finds nothing to do.
    expect(body<{ message: Message }>(await app.inject({ method: "POST", url: `${base()}/${m.id}/cancel`, headers: h(adminToken) })).message.state).toBe(1);
  });
});

describe("messages: recipients and delivery", () => {
  it("recipients: inside by last location or home, on the border; not outside, not members, not locked; default zone = the company's zones", async () => {
    const { lng, lat, polygon } = square();
    const zoneId = await createZone(polygon);
    const byLast = await appUser({ last: [lng + 0.05, lat + 0.05] });
    const byHome = await appUser({ last: [lng + 5, lat], home: [lng + 0.02, lat + 0.08] });
    const onEdge = await appUser({ last: [lng + 0.1, lat + 0.05] });
    const onCorner = await appUser({ home: [lng, lat] });
    await appUser({ last: [lng + 0.11, lat + 0.05], home: [lng - 1, lat - 1] }); // outside both
    await appUser({ last: [lng + 0.05, lat + 0.05] }, { companyId }); // a member of the company
    await appUser({ last: [lng + 0.05, lat + 0.05] }, { locked: true });
    const ids = await messageRecipientIds(db, companyId, zoneId);
    expect(ids).toEqual([byLast.id, byHome.id, onEdge.id, onCorner.id].sort((a, b) => a - b));
    // The default zone: the company's drawn zone (Santiago centre in the factory).
    const inSantiago = await appUser({ home: [-70.65, -33.45] });
    expect(await messageRecipientIds(db, companyId, null)).toContain(inSantiago.id);
    expect(await messageRecipientIds(db, companyId, null)).not.toContain(byLast.id);
  });

  it("delivers to the zone's app users, who read it in their inbox; opening counts once", async () => {
    const { lng, lat, polygon } = square();
    const zoneId = await createZone(polygon);
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await appUser({ last: [lng + 0.01 + i * 0.01, lat + 0.05] }));
    const outsider = await appUser({ last: [lng - 0.5, lat] });
    const m = await createMessage({ zoneId, title: unique("Operativo"), body: "<p>Mañana</p>" });
    await app.inject({ method: "POST", url: `${base()}/${m.id}/send`, headers: h(adminToken) });
    await app.inject({ method: "POST", url: `${base()}/${m.id}/approve`, headers: h(rootToken) });
    await waitFor(async () => {
      const row = await snapshot(m.id);
      expect(row).toMatchObject({ state: 3, sent_count: 5, recipients_total: 5 });
    }, { timeout: 15_000 });
    const token = await loginAs(app, users[0]!);
    const inbox = body<{ items: { id: number; kind: string; title: string; body: string; opened: boolean }[] }>(await app.inject({ method: "GET", url: "/api/app/messages", headers: h(token) }));
    const item = inbox.items.find((i) => i.title === m.title)!;
    expect(item).toMatchObject({ kind: "message", body: "<p>Mañana</p>", opened: false });
    const outsiderInbox = body<{ items: { title: string }[] }>(await app.inject({ method: "GET", url: "/api/app/messages", headers: h(await loginAs(app, outsider)) }));
    expect(outsiderInbox.items.map((i) => i.title)).not.toContain(m.title);
    const open = () => app.inject({ method: "POST", url: `/api/app/messages/${item.id}/open`, headers: h(token) });
    expect(body<{ item: { opened: boolean } }>(await open()).item.opened).toBe(true);
    await open();
    expect((await snapshot(m.id))!.opened_count).toBe(1);
    // Someone else's inbox item is not found.
    expect((await app.inject({ method: "POST", url: `/api/app/messages/${item.id}/open`, headers: h(await loginAs(app, users[1]!)) })).statusCode).toBe(404);
    const listed = body<{ messages: Message[] }>(await app.inject({ method: "GET", url: `${base()}?q=${encodeURIComponent(m.title)}`, headers: h(adminToken) })).messages[0];
    expect(listed).toMatchObject({ sentCount: 5, openedCount: 1 });
  });

  it("two deliveries of one message at once (two workers, small batches) give each recipient one row and the right count", async () => {
    const { lng, lat, polygon } = square();
    const zoneId = await createZone(polygon);
    for (let i = 0; i < 23; i++) await appUser(i % 2 ? { last: [lng + 0.001 * (i + 1), lat + 0.05] } : { home: [lng + 0.001 * (i + 1), lat + 0.06] });
    const m = await createMessage({ zoneId });
    const second = await testApp();
    try {
      await second.ready();
      // Approved by hand with a job of small batches, so the run has many transactions.
      const jobId = (await one<{ id: number }>(
        db,
        "insert into jobs (company_id, kind, payload, max_attempts, run_after) values ($1, $2, $3, 10, now() + interval '1 hour') returning id",
        [companyId, MESSAGE_DELIVERY_JOB, JSON.stringify({ messageId: m.id, batchSize: 4 })],
      ))!.id;
      await db.query("update messages set state = 3, delivery_job_id = $2 where id = $1", [m.id, jobId]);
      const job = (await one<JobContext["job"]>(db, "select * from jobs where id = $1", [jobId]))!;
      // Both processes run the same job at once (as when a lease expired under a slow worker).
      const run = (target: FastifyInstance) =>
        deliverMessage(target.ctx, { job, progress: async () => undefined, signal: new AbortController().signal }, 4);
      await Promise.all([run(app), run(second), run(app)]);
      const rows = await one<{ n: number; distinct: number }>(
        db,
        "select count(*)::int as n, count(distinct app_user_id)::int as distinct from app_inbox where message_id = $1",
        [m.id],
      );
      expect(rows).toEqual({ n: 23, distinct: 23 });
      expect(await snapshot(m.id)).toMatchObject({ sent_count: 23, recipients_total: 23 });
    } finally {
      await second.close();
    }
  });
});

describe("neighbours notified through the inbox", () => {
  it("the notice reaches app users within 500 m (last location or home); progress shows on the report; cancel stops the rest", async () => {
    const at = { latitude: -20.2 - (process.pid % 7) * 0.01 - squareCounter++ * 0.02, longitude: -70.15 };
    const metre = 1 / 111_320;
    const zone = {
      type: "Polygon",
      coordinates: [[[at.longitude - 0.05, at.latitude - 0.05], [at.longitude + 0.05, at.latitude - 0.05], [at.longitude + 0.05, at.latitude + 0.05], [at.longitude - 0.05, at.latitude + 0.05], [at.longitude - 0.05, at.latitude - 0.05]]],
    };
    const ring = zone.coordinates[0]!.slice(0, 4).map(([x, y]) => `(${x},${y})`).join(",");
    await db.query("insert into zones (company_id, name, geojson, area) values ($1, $2, $3, $4::polygon)", [companyId, unique("Norte"), JSON.stringify(zone), `(${ring})`]);
    await db.query("insert into company_report_types (company_id, report_type_id) values ($1, 0) on conflict do nothing", [companyId]);
    const near = await appUser({ last: [at.longitude, at.latitude + 200 * metre] });
    const home = await appUser({ home: [at.longitude, at.latitude - 400 * metre] });
    const far = await appUser({ last: [at.longitude, at.latitude + 800 * metre] });
    const created = await app.inject({ method: "POST", url: "/api/app/reports", payload: { type: 0, description: unique("Robo"), ...at } });
    const reportId = body<{ report: { id: number } }>(created).report.id;
    const report = (rest: string) => `/api/companies/${companyId}/reports/${reportId}${rest}`;
    // The open detail follows the delivery live (the `neighbours` message), another company hears nothing.
    const live = new LiveSockets();
    const progress = await live.collect(app, adminToken, companyId, "neighbours", (d) => d);
    const otherHears = await live.collect(app, otherToken, otherCompanyId, "neighbours", (d) => d);
    const notified = await app.inject({ method: "POST", url: report("/notify-neighbours"), headers: h(adminToken) });
    expect(body<{ neighbours: number }>(notified).neighbours).toBe(2);
    await waitFor(async () => {
      const notice = body<{ notice: unknown }>(await app.inject({ method: "GET", url: report("/neighbours"), headers: h(adminToken) })).notice;
      expect(notice).toEqual({ notify: true, canceled: false, total: 2, delivered: 2 });
    }, { timeout: 15_000 });
    await waitFor(() => progress.some((p) => p.reportId === reportId && p.delivered === 2 && p.total === 2 && p.canceled === false), { timeout: 15_000 });
    expect(otherHears).toEqual([]);
    live.closeAll();
    for (const [user, gets] of [[near, true], [home, true], [far, false]] as const) {
      const items = body<{ items: { kind: string; reportId: number }[] }>(await app.inject({ method: "GET", url: "/api/app/messages", headers: h(await loginAs(app, user)) })).items;
      expect(items.some((i) => i.kind === "neighbours" && i.reportId === reportId)).toBe(gets);
    }
    expect((await app.inject({ method: "GET", url: report("/neighbours").replace(`/${companyId}/`, `/${otherCompanyId}/`), headers: h(otherToken) })).statusCode).toBe(404);

    // Cancelled before the worker runs: nothing more is delivered, the report is marked.
    const late = await appUser({ last: [at.longitude + 100 * metre, at.latitude] });
    await app.inject({ method: "DELETE", url: report("/notify-neighbours"), headers: h(adminToken) });
    await app.ctx.jobs.stop();
    try {
      const again = await app.inject({ method: "POST", url: report("/notify-neighbours"), headers: h(adminToken) });
      expect(body<{ neighbours: number }>(again).neighbours).toBe(3);
      const cancelled = await app.inject({ method: "DELETE", url: report("/notify-neighbours"), headers: h(adminToken) });
      expect(body<{ report: { notificationNeighboursWasCanceled: boolean } }>(cancelled).report.notificationNeighboursWasCanceled).toBe(true);
      while (await app.ctx.jobs.runOnce());
      const notice = body<{ notice: unknown }>(await app.inject({ method: "GET", url: report("/neighbours"), headers: h(adminToken) })).notice;
      expect(notice).toEqual({ notify: true, canceled: true, total: 3, delivered: 2 });
      expect(await one(db, "select 1 from app_inbox where app_user_id = $1", [late.id])).toBeUndefined();
    } finally {
      app.ctx.jobs.start();
    }
  });
});
