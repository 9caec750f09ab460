import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_MAX_IDS, type BulkResponse, type Report } from "@atalaya/shared";
import { TEST_PASSWORD, body, buildCompany, buildUser, loginAs, testApp, testDb, type TestUser } from "../test/harness.js";
import { LiveSockets } from "../test/live.js";
import { waitFor } from "../test/wait-for.js";

let app: FastifyInstance;
let companyId: number;
let otherCompanyId: number;
let opA: TestUser;
let tokenA: string;
let tokenB: string;
let tokenOther: string;
let tokenRestricted: string;
let answerId: number;
let tagId: number;
const live = new LiveSockets();

const ROBBERY = 0;
const TRASH = 21;
const inside = { latitude: -33.45, longitude: -70.65 };

beforeAll(async () => {
  app = await testApp();
  const db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  for (const cid of [companyId, otherCompanyId])
    await db.query(
      "insert into company_report_types (company_id, report_type_id, priority, attention_time, attention_unit) values ($1, $2, 'high', 30, 'minutes'), ($1, $3, 'normal', 2, 'days')",
      [cid, ROBBERY, TRASH],
    );
  opA = await buildUser(db, { companyId });
  const opB = await buildUser(db, { companyId });
  await db.query("update users set first_name = 'Beatriz', last_name = 'Rápida' where id = $1", [opB.id]);
  const restricted = await buildUser(db, { companyId });
  // An operator who sees only trash reports (SPEC §6 report-type restriction).
  await db.query("update memberships set report_type_ids = $3 where company_id = $1 and user_id = $2", [companyId, restricted.id, [TRASH]]);
  tokenA = await loginAs(app, opA);
  tokenB = await loginAs(app, opB);
  tokenRestricted = await loginAs(app, restricted);
  tokenOther = await loginAs(app, await buildUser(db, { companyId: otherCompanyId }));
  answerId = (await db.query<{ id: number }>(
    "insert into automatic_answers (company_id, title, answer) values ($1, 'Resuelto', 'Gracias por avisar: el problema fue resuelto.') returning id",
    [companyId],
  ))[0]!.id;
  tagId = (await db.query<{ id: number }>("insert into tags (company_id, name, color, lang) values ($1, 'Masivo', '#f54286', 'es') returning id", [companyId]))[0]!.id;
});
afterAll(async () => {
  live.closeAll();
  await app.close();
});

const h = (t: string, lang = "es") => ({ "access-token": t, "accept-language": lang });
const url = (cid = companyId) => `/api/companies/${cid}/reports/bulk`;
const bulk = (payload: unknown, t = tokenA, lang = "es", cid = companyId) =>
  app.inject({ method: "POST", url: url(cid), headers: h(t, lang), payload: payload as object });

async function create(cid = companyId, t = tokenA, type = ROBBERY): Promise<Report> {
  const res = await app.inject({
    method: "POST", url: `/api/companies/${cid}/reports`, headers: h(t),
    payload: { type, description: "Reporte para acciones masivas", ...inside, informerType: "anonymous" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ report: Report }>(res).report;
}
const take = (id: number, t = tokenA) => app.inject({ method: "POST", url: `/api/companies/${companyId}/reports/${id}/take`, headers: h(t) });
const activity = async (id: number) =>
  body<{ activity: { action: string; data: Record<string, unknown> }[] }>(
    await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports/${id}/activity`, headers: h(tokenA) }),
  ).activity;
const status = async (id: number) =>
  (await (await testDb()).query<{ status: string }>("select status from report_attentions where company_id = $1 and report_id = $2", [companyId, id]))[0]?.status;

describe("POST /api/companies/:companyId/reports/bulk: refusals", () => {
  it("401 without a token, 404 on another company's path (before the body is looked at), 403 for a patrol", async () => {
    const r = await create();
    expect((await app.inject({ method: "POST", url: url(), payload: { action: "take", ids: [r.id] } })).statusCode).toBe(401);
    expect((await bulk({ action: "take", ids: [r.id] }, tokenA, "es", otherCompanyId)).statusCode).toBe(404);
    const db = await testDb();
    const patrol = await buildUser(db, { companyId, role: "patrol", groups: [4] });
    const res = await app.inject({ method: "POST", url: "/api/app/login", payload: { email: patrol.email, password: TEST_PASSWORD } });
    const patrolToken = body<{ user: { access_token: string } }>(res).user.access_token;
    expect((await bulk({ action: "take", ids: [r.id] }, patrolToken)).statusCode).toBe(403);
    expect(await status(r.id)).toBe("pending");
  });

  it("400 with a code, never 500, for too many ids, duplicates, junk and an unknown action", async () => {
    const tooMany = await bulk({ action: "take", ids: Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1) });
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany)).toMatchObject({ success: false, error: { code: "validation", fields: [{ field: "ids" }] } });
    for (const payload of [
      { action: "take", ids: [] },
      { action: "take", ids: [1, 1] },
      { action: "take", ids: [2147483648] },
      { action: "take", ids: [-1, 0, 1.5] },
      { action: "take", ids: "1,2" },
      { action: "take" },
      { action: "explode", ids: [1] },
      { action: "priority", ids: [1], priority: "urgent" },
      { action: "tag", ids: [1], tagId: 2147483648 },
      { action: "close", ids: [1], kind: "repeated" },
      { action: "assign", ids: [1] },
      { ids: [1] },
      [],
      null,
    ]) {
      const res = await bulk(payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(body(res)).toMatchObject({ success: false, error: { code: "validation" } });
    }
  });

  it("400 for the whole request when a parameter is not the company's (another company's answer, tag or member), changing nothing", async () => {
    const r = await create();
    expect((await take(r.id)).statusCode).toBe(200);
    const db = await testDb();
    const [foreignAnswer] = await db.query<{ id: number }>("insert into automatic_answers (company_id, title, answer) values ($1, 'Ajena', 'Ajena') returning id", [otherCompanyId]);
    const [foreignTag] = await db.query<{ id: number }>("insert into tags (company_id, name, color, lang) values ($1, 'Ajena', '#000000', 'es') returning id", [otherCompanyId]);
    const foreignUser = await buildUser(db, { companyId: otherCompanyId });
    for (const payload of [
      { action: "close", ids: [r.id], kind: "solved", automaticAnswerId: foreignAnswer!.id },
      { action: "tag", ids: [r.id], tagId: foreignTag!.id },
      { action: "assign", ids: [r.id], userId: foreignUser.id },
    ]) {
      const res = await bulk(payload);
      expect({ action: payload.action, status: res.statusCode }).toEqual({ action: payload.action, status: 400 });
    }
    expect(await status(r.id)).toBe("in_progress");
    expect((await activity(r.id)).map((a) => a.action)).toEqual(["created", "taken"]);
  });
});

describe("POST /api/companies/:companyId/reports/bulk: a mixed selection", () => {
  it("takes the rest when one report was taken meanwhile by someone else: skipped alreadyTaken with the taker in the caller's language; live for everyone", async () => {
    const [r1, r2, r3] = [await create(), await create(), await create()];
    const seen = await live.collect(app, tokenB, companyId, "updateReport", (d) => (d.report as Report));
    expect((await take(r2.id, tokenB)).statusCode).toBe(200);
    const res = await bulk({ action: "take", ids: [r1.id, r2.id, r3.id] }, tokenA, "en");
    expect(res.statusCode, res.body).toBe(200);
    const out = body<BulkResponse>(res);
    expect(out).toMatchObject({ action: "take", done: 2, skipped: 1 });
    expect(out.results).toEqual([
      { id: r1.id, outcome: "done" },
      { id: r2.id, outcome: "skipped", code: "alreadyTaken", reason: expect.stringMatching(/already taken by Beatriz Rápida/) },
      { id: r3.id, outcome: "done" },
    ]);
    // The colleague's take stands; the others are the caller's, each logged as a single take is.
    const r2Row = (await (await testDb()).query<{ assigned_user_id: number }>("select assigned_user_id from report_attentions where company_id = $1 and report_id = $2", [companyId, r2.id]))[0]!;
    expect(r2Row.assigned_user_id).not.toBe(opA.id);
    for (const r of [r1, r3]) expect((await activity(r.id)).map((a) => a.action)).toEqual(["created", "taken"]);
    expect((await activity(r2.id)).map((a) => a.action)).toEqual(["created", "taken"]);
    // The colleague's open panel hears both takes after the commit, and nothing more about r2.
    await waitFor(() => seen.some((x) => x.id === r1.id) && seen.some((x) => x.id === r3.id));
    expect(seen.filter((x) => x.id === r1.id || x.id === r3.id).map((x) => x.status)).toEqual(["in_progress", "in_progress"]);
    expect(seen.filter((x) => x.id === r2.id)).toHaveLength(1);
    // Spanish by default.
    const again = body<BulkResponse>(await bulk({ action: "take", ids: [r1.id] }));
    expect(again.results[0]).toMatchObject({ outcome: "skipped", code: "alreadyTaken", reason: expect.stringMatching(/ya fue tomado/) });
  });

  it("skips another company's ids and unknown ids alike, as not found, without saying more", async () => {
    const mine = await create();
    const theirs = await create(otherCompanyId, tokenOther);
    const res = body<BulkResponse>(await bulk({ action: "take", ids: [theirs.id, mine.id, 2147483647] }));
    expect(res).toMatchObject({ done: 1, skipped: 2 });
    const [foreign, , missing] = res.results;
    expect(foreign).toEqual({ id: theirs.id, outcome: "skipped", code: "notFound", reason: "No encontrado" });
    expect(missing).toEqual({ id: 2147483647, outcome: "skipped", code: "notFound", reason: "No encontrado" });
    const db = await testDb();
    expect((await db.query<{ status: string }>("select status from report_attentions where report_id = $1", [theirs.id]))[0]!.status).toBe("pending");
  });

  it("a restricted scope touches only what it may see: a report outside its types is not found", async () => {
    const robbery = await create();
    const trash = await create(companyId, tokenA, TRASH);
    const res = body<BulkResponse>(await bulk({ action: "take", ids: [robbery.id, trash.id] }, tokenRestricted));
    expect(res.results).toEqual([
      { id: robbery.id, outcome: "skipped", code: "notFound", reason: "No encontrado" },
      { id: trash.id, outcome: "done" },
    ]);
    expect(await status(robbery.id)).toBe("pending");
  });

  it("a refused report rolls back only its own writes: closing a taken and a pending one", async () => {
    const [open, pending] = [await create(), await create()];
    await take(open.id);
    const res = body<BulkResponse>(await bulk({ action: "close", ids: [open.id, pending.id], kind: "solved", automaticAnswerId: answerId }, tokenA, "fr"));
    expect(res.results).toEqual([
      { id: open.id, outcome: "done" },
      { id: pending.id, outcome: "skipped", code: "notTaken", reason: expect.any(String) },
    ]);
    expect(await status(open.id)).toBe("solved");
    expect(await status(pending.id)).toBe("pending");
    const log = await activity(open.id);
    expect(log.map((a) => a.action)).toEqual(["created", "taken", "closed"]);
    expect(log[2]!.data).toMatchObject({ kind: "solved", automaticAnswerId: answerId });
    const comments = await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports/${open.id}/comments`, headers: h(tokenA) });
    expect(comments.body).toContain("Gracias por avisar");
    const again = body<BulkResponse>(await bulk({ action: "close", ids: [open.id], kind: "false" }));
    expect(again.results[0]).toMatchObject({ outcome: "skipped", code: "alreadyClosed" });
  });

  it("assigns, tags (keeping the report's tags) and changes priority of the open ones", async () => {
    const [a, b] = [await create(), await create()];
    await take(a.id);
    await take(b.id);
    const db = await testDb();
    const colleague = await buildUser(db, { companyId });
    const assigned = body<BulkResponse>(await bulk({ action: "assign", ids: [a.id, b.id], userId: colleague.id }));
    expect(assigned).toMatchObject({ done: 2, skipped: 0 });
    const [other] = await db.query<{ id: number }>("insert into tags (company_id, name, color, lang) values ($1, 'Previa', '#1677ff', 'es') returning id", [companyId]);
    await db.query("insert into report_attention_tags (company_id, report_id, tag_id) values ($1, $2, $3)", [companyId, a.id, other!.id]);
    expect(body<BulkResponse>(await bulk({ action: "tag", ids: [a.id, b.id], tagId }))).toMatchObject({ done: 2 });
    expect(body<BulkResponse>(await bulk({ action: "priority", ids: [a.id, b.id], priority: "highest" }))).toMatchObject({ done: 2 });
    const read = async (id: number) => body<{ report: Report }>(await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports/${id}`, headers: h(tokenA) })).report;
    const ra = await read(a.id);
    expect(ra.assignedUser?.id).toBe(colleague.id);
    expect(ra.priority).toBe("highest");
    expect(ra.tags.map((t) => t.id).sort()).toEqual([tagId, other!.id].sort());
    expect((await read(b.id)).tags.map((t) => t.id)).toEqual([tagId]);
    expect((await activity(a.id)).map((x) => x.action)).toEqual(["created", "taken", "assigned", "updated", "updated"]);
  });
});
