import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DRUGS_TYPE_ID, reportListItemSchema, type Report, type ReportListItem } from "@atalaya/shared";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, type TestUser } from "../test/harness.js";
import { appLoginAs } from "../test/interactions.js";

let app: FastifyInstance;
let companyId: number;
let otherCompanyId: number;
let opA: TestUser;
let tokenA: string;
let tokenB: string;
let tokenOther: string;

const ROBBERY = 0;
const inside = { latitude: -33.45, longitude: -70.65 };

beforeAll(async () => {
  app = await testApp();
  const db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  for (const cid of [companyId, otherCompanyId])
    await db.query(
      "insert into company_report_types (company_id, report_type_id, priority, attention_time, attention_unit) values ($1, $2, 'high', 30, 'minutes'), ($1, 21, 'normal', 2, 'days')",
      [cid, ROBBERY],
    );
  opA = await buildUser(db, { companyId });
  const opB = await buildUser(db, { companyId });
  tokenA = await loginAs(app, opA);
  tokenB = await loginAs(app, opB);
  tokenOther = await loginAs(app, await buildUser(db, { companyId: otherCompanyId }));
});
afterAll(() => app.close());

const h = (t: string) => ({ "access-token": t });
const url = (cid = companyId, rest = "") => `/api/companies/${cid}/reports${rest}`;
async function create(t = tokenA, payload: Record<string, unknown> = {}): Promise<Report> {
  const res = await app.inject({
    method: "POST", url: url(), headers: h(t),
    payload: { type: ROBBERY, description: "Robo en la esquina", ...inside, address: "Huérfanos 1234", informerType: "anonymous", ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ report: Report }>(res).report;
}

describe("POST /api/companies/:companyId/reports", () => {
  it("401, 404 for another company, 400 for bad input", async () => {
    expect((await app.inject({ method: "POST", url: url(), payload: {} })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: url(otherCompanyId), headers: h(tokenA), payload: { type: 0, description: "x", ...inside, informerType: "anonymous" } })).statusCode).toBe(404);
    const bad = await app.inject({ method: "POST", url: url(), headers: h(tokenA), payload: { type: 0, description: "", latitude: 200, longitude: -70, informerType: "user" } });
    expect(bad.statusCode).toBe(400);
    const fields = (body(bad).error as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(["description", "latitude"]));
    const inactive = await app.inject({ method: "POST", url: url(), headers: h(tokenA), payload: { type: 5, description: "corte", ...inside, informerType: "anonymous" } });
    expect(body(inactive)).toMatchObject({ error: { code: "validation", fields: [{ field: "type" }] } });
  });

  it("requires phone and first name for a user informer, and stores the contact", async () => {
    const res = await app.inject({ method: "POST", url: url(), headers: h(tokenA), payload: { type: 0, description: "x", ...inside, informerType: "user" } });
    expect((body(res).error as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(["phone", "firstName"]);
    const r = await create(tokenA, { informerType: "user", phone: "+56 9 1234 5678", firstName: "Ana", lastName: "Pérez", email: "ana@x.cl" });
    expect(r).toMatchObject({ status: "pending", informerType: "user", isCreatedByCompany: true, contact: { phone: "+56 9 1234 5678", firstName: "Ana" }, priority: "high" });
    expect(Date.parse(r.dueDate!) - Date.parse(r.createdAt)).toBe(30 * 60_000);
    expect(r.can).toMatchObject({ take: true, work: false, changeAddress: false });
  });

  it("refuses a phone that is not a valid number (checked by libphonenumber), creating nothing", async () => {
    const db = await testDb();
    // Reports this company's operators created: community reports other test files send (the API tests
    // on PostgreSQL share one database between workers) may be routed to the company by its zones.
    const count = async () => (await db.query<{ n: number }>("select count(*)::int as n from reports where created_by_company_id = $1", [companyId]))[0]!.n;
    const before = await count();
    for (const phone of ["+56 9 1234 567", "912345678", "llámame al celu"]) {
      const res = await app.inject({ method: "POST", url: url(), headers: h(tokenA), payload: { type: 0, description: "x", ...inside, informerType: "user", phone, firstName: "Ana" } });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ error: { code: "validation", fields: [{ field: "phone", code: "invalid_phone" }] } });
    }
    expect(await count()).toBe(before);
    const landline = await create(tokenA, { informerType: "user", phone: "+56 2 2345 6789", firstName: "Ana" });
    expect(landline.contact).toMatchObject({ phone: "+56 2 2345 6789" });
  });
});

describe("take", () => {
  it("401, 404 for another company's report", async () => {
    const r = await create();
    expect((await app.inject({ method: "POST", url: url(companyId, `/${r.id}/take`) })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: url(otherCompanyId, `/${r.id}/take`), headers: h(tokenOther) })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: url(companyId, `/abc/take`), headers: h(tokenA) })).statusCode).toBe(400);
  });

  it("the first of two concurrent takes wins; the second gets 409 alreadyTaken naming the taker", async () => {
    const r = await create();
    const [a, b] = await Promise.all([
      app.inject({ method: "POST", url: url(companyId, `/${r.id}/take`), headers: h(tokenA) }),
      app.inject({ method: "POST", url: url(companyId, `/${r.id}/take`), headers: h(tokenB) }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(body(loser)).toMatchObject({ error: { code: "alreadyTaken", message: expect.stringContaining("Test User") } });
    const winner = body<{ report: Report }>(a.statusCode === 200 ? a : b).report;
    expect(winner).toMatchObject({ status: "in_progress", can: { take: false, work: true } });
    const activity = await app.inject({ method: "GET", url: url(companyId, `/${r.id}/activity`), headers: h(tokenA) });
    expect(body<{ activity: { action: string }[] }>(activity).activity.map((x) => x.action)).toEqual(["created", "taken"]);
  });
});

describe("update, assign, close", () => {
  it("refuses work before take, changes priority and observations after, then closes once", async () => {
    const r = await create();
    const put = (payload: object) => app.inject({ method: "PUT", url: url(companyId, `/${r.id}`), headers: h(tokenA), payload });
    expect((await put({ priority: "highest" })).statusCode).toBe(409);
    await app.inject({ method: "POST", url: url(companyId, `/${r.id}/take`), headers: h(tokenA) });
    expect((await put({})).statusCode).toBe(400);
    const updated = body<{ report: Report }>(await put({ priority: "highest", observations: "Patrulla en camino", status: "in_observation" })).report;
    expect(updated).toMatchObject({ priority: "highest", observations: "Patrulla en camino", status: "in_observation" });
    expect((await put({ priority: "low", version: 1 })).statusCode).toBe(409);
    const close = (payload: object) => app.inject({ method: "POST", url: url(companyId, `/${r.id}/close`), headers: h(tokenA), payload });
    expect((await close({ kind: "maybe" })).statusCode).toBe(400);
    const closed = body<{ report: Report }>(await close({ kind: "solved" })).report;
    expect(closed).toMatchObject({ status: "solved", closingKind: "solved", operatorWhoClosedReport: { id: opA.id } });
    const again = await close({ kind: "solved" });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ error: { code: "invalidTransition", reason: "alreadyClosed" } });
    // Working a closed report says it is closed, not that it must be taken first.
    const work = await put({ priority: "low" });
    expect(work.statusCode).toBe(409);
    expect(body(work)).toMatchObject({ error: { reason: "alreadyClosed" } });
  });

  it("changing the type to drugs needs confirmation and makes it private and anonymous", async () => {
    const r = await create();
    await app.inject({ method: "POST", url: url(companyId, `/${r.id}/take`), headers: h(tokenA) });
    const put = (payload: object) => app.inject({ method: "PUT", url: url(companyId, `/${r.id}`), headers: h(tokenA), payload });
    expect((await put({ type: DRUGS_TYPE_ID })).statusCode).toBe(409);
    const r2 = body<{ report: Report }>(await put({ type: DRUGS_TYPE_ID, confirmDrugs: true })).report;
    expect(r2).toMatchObject({ type: DRUGS_TYPE_ID, initialType: ROBBERY, isPrivate: true, isAnonymous: true });
  });

  it("a patrol at a time: assigning another replaces the first; members of other companies are refused", async () => {
    const db = await testDb();
    const p1 = await buildUser(db, { companyId, role: "patrol" });
    const p2 = await buildUser(db, { companyId, role: "patrol" });
    const stranger = await buildUser(db, { companyId: otherCompanyId, role: "patrol" });
    const r = await create();
    await app.inject({ method: "POST", url: url(companyId, `/${r.id}/take`), headers: h(tokenA) });
    const assign = (payload: object) => app.inject({ method: "POST", url: url(companyId, `/${r.id}/assign`), headers: h(tokenA), payload });
    expect(body<{ report: Report }>(await assign({ patrolId: p1.id })).report.assignedPatrol?.id).toBe(p1.id);
    expect(body<{ report: Report }>(await assign({ patrolId: p2.id })).report.assignedPatrol?.id).toBe(p2.id);
    expect((await assign({ patrolId: stranger.id })).statusCode).toBe(400);
    expect((await assign({})).statusCode).toBe(400);
  });
});

describe("GET lists and one report", () => {
  it("401, 404 for another company, 400 for bad query", async () => {
    expect((await app.inject({ method: "GET", url: url() })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: url(otherCompanyId), headers: h(tokenA) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `${url()}?status=open`, headers: h(tokenA) })).statusCode).toBe(400);
    const r = await create();
    expect((await app.inject({ method: "GET", url: url(otherCompanyId, `/${r.id}`), headers: h(tokenOther) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: url(otherCompanyId, `/by-uuid/${r.uuid}`), headers: h(tokenOther) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: url(companyId, `/by-uuid/${r.uuid}`), headers: h(tokenA) })).statusCode).toBe(200);
  });

  it("lists a tab in triage order with counters, and polls by followup id", async () => {
    const res = await app.inject({ method: "GET", url: `${url()}?status=pending&sort=triage`, headers: h(tokenA) });
    const b = body<{ reports: Report[]; counters: Record<string, number>; lastFollowupId: number; total: number }>(res);
    expect(b.reports.every((r) => r.status === "pending")).toBe(true);
    expect(b.counters.pending).toBe(b.total);
    const newer = await create();
    const poll = await app.inject({ method: "GET", url: `${url()}?reportFollowupId=${b.lastFollowupId}`, headers: h(tokenA) });
    // Reports of other tests' transactions that committed after the list may follow too; every one is
    // past the cursor, and the new one is there.
    const polled = body<{ reports: Report[] }>(poll).reports;
    expect(polled.map((r) => r.id)).toContain(newer.id);
    expect(polled.every((r) => r.reportFollowupId > b.lastFollowupId)).toBe(true);
  });
});

describe("SPEC §7 call shapes", () => {
  it("PUT /api/reports/{id}/assigned-user assigns and unassigns in the caller's company; another company's report is 404", async () => {
    const db = await testDb();
    const colleague = await buildUser(db, { companyId });
    const r = await create();
    const assign = (payload: object, t = tokenA) => app.inject({ method: "PUT", url: `/api/reports/${r.id}/assigned-user`, headers: h(t), payload });
    // The same rules as the company route: not taken yet is 409.
    expect((await assign({ user_id: colleague.id })).statusCode).toBe(409);
    await app.inject({ method: "POST", url: url(companyId, `/${r.id}/take`), headers: h(tokenA) });
    const assigned = await assign({ user_id: colleague.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(body<{ report: Report }>(assigned).report.assignedUser?.id).toBe(colleague.id);
    expect(body<{ report: Report }>(await assign({ user_id: null })).report.assignedUser).toBeNull();
    expect((await assign({ userId: colleague.id })).statusCode).toBe(400);
    expect((await assign({ user_id: "x" })).statusCode).toBe(400);
    const stranger = await buildUser(db, { companyId: otherCompanyId });
    expect((await assign({ user_id: stranger.id })).statusCode).toBe(400);
    expect((await assign({ user_id: colleague.id }, tokenOther)).statusCode).toBe(404);
    expect((await app.inject({ method: "PUT", url: `/api/reports/999999999/assigned-user`, headers: h(tokenA), payload: { user_id: colleague.id } })).statusCode).toBe(404);
    expect((await app.inject({ method: "PUT", url: `/api/reports/${r.id}/assigned-user`, payload: { user_id: colleague.id } })).statusCode).toBe(401);
  });

  it("DELETE /api/reports/{id}: a company admin of a company that attends it; an operator 403; another company's admin 404", async () => {
    const db = await testDb();
    const admin = await loginAs(app, await buildUser(db, { companyId, role: "company_admin" }));
    const otherAdmin = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" }));
    const r = await create();
    const del = (t: string) => app.inject({ method: "DELETE", url: `/api/reports/${r.id}`, headers: h(t) });
    expect((await del(otherAdmin)).statusCode).toBe(404);
    expect((await del(tokenA)).statusCode).toBe(403);
    const deleted = await del(admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(body<{ report: Report }>(deleted).report).toMatchObject({ id: r.id, deletedBy: "admin" });
    expect((await del(admin)).statusCode).toBe(409);
    // Gone from the panel's tab.
    const pending = body<{ reports: Report[] }>(await app.inject({ method: "GET", url: `${url()}?status=pending`, headers: h(admin) })).reports;
    expect(pending.map((p) => p.id)).not.toContain(r.id);
  });

  it("the panel's rows: the list's reports in its order, each with its row fields only, and the same counters", async () => {
    const r = await create();
    const admin = await loginAs(app, await buildUser(await testDb(), { companyId, role: "company_admin" }));
    const pin = await app.inject({ method: "PUT", url: `${url()}/${r.id}/highlight`, headers: h(admin), payload: { highlighted: true } });
    expect(pin.statusCode, pin.body).toBe(200);
    await create();
    const query = "?status=pending&sort=newest&limit=3";
    // Both answers at one instant: a row's countdown is seconds to its due date from the answer's clock,
    // and two requests either side of a second's turn answered 1800 and 1799 for the same report.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const [full, rows] = await Promise.all([
      app.inject({ method: "GET", url: `${url()}${query}`, headers: h(tokenA) }).then((res) => body<{ reports: Report[]; total: number; counters: object; lastFollowupId: number }>(res)),
      app.inject({ method: "GET", url: `${url()}/rows${query}`, headers: h(tokenA) }).then((res) => body<{ reports: ReportListItem[]; total: number; counters: object; lastFollowupId: number }>(res)),
    ]).finally(() => vi.useRealTimers());
    expect(rows.reports.map((p) => p.id)).toEqual(full.reports.map((p) => p.id));
    expect(rows.reports.length).toBeGreaterThan(1);
    // The highlighted report heads the page, chosen with the page in one statement.
    expect(rows.reports[0]).toMatchObject({ id: r.id, highlighted: true });
    expect({ ...rows, reports: [] }).toEqual({ ...full, reports: [] });
    const fields = Object.keys(reportListItemSchema.shape).sort();
    for (const [i, row] of rows.reports.entries()) {
      expect(Object.keys(row).sort()).toEqual(fields);
      expect(row).toEqual(reportListItemSchema.parse(full.reports[i]));
    }
    expect((await app.inject({ method: "GET", url: `${url(otherCompanyId)}/rows${query}`, headers: h(tokenA) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `${url()}/rows?status=nope`, headers: h(tokenA) })).statusCode).toBe(400);
  });

  it("a path written with a trailing slash is the same route", async () => {
    const r = await create();
    const slash = await app.inject({ method: "GET", url: `${url()}/?status=pending&sort=triage`, headers: h(tokenA) });
    expect(slash.statusCode, slash.body).toBe(200);
    expect(body<{ reports: Report[] }>(slash).reports.map((p) => p.id)).toContain(r.id);
    expect((await app.inject({ method: "GET", url: `/api/reports/${r.id}/`, headers: h(tokenA) })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: `${url(otherCompanyId)}/?status=pending`, headers: h(tokenA) })).statusCode).toBe(404);
  });
});

describe("reporter API", () => {
  it("routes a community report to every company covering it, once per client id", async () => {
    const clientId = crypto.randomUUID();
    const send = () => app.inject({ method: "POST", url: "/api/app/reports", payload: { type: ROBBERY, description: "Auto sospechoso", ...inside, clientId } });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const companies = body<{ companies: number[] }>(first).companies;
    expect(companies).toEqual(expect.arrayContaining([companyId, otherCompanyId]));
    const retry = await send();
    expect(body<{ report: { id: number } }>(retry).report.id).toBe(body<{ report: { id: number } }>(first).report.id);
    const outside = await app.inject({ method: "POST", url: "/api/app/reports", payload: { type: ROBBERY, description: "lejos", latitude: -20, longitude: -70 } });
    expect(body<{ companies: number[] }>(outside).companies).toEqual([]);
    expect((await app.inject({ method: "POST", url: "/api/app/reports", headers: { "access-token": "bad" }, payload: { type: ROBBERY, ...inside } })).statusCode).toBe(401);
  });

  it("writes reports sent together in shared transactions: each once, with one newReport event each and no gap in seq", async () => {
    const db = await testDb();
    const seqOf = async () => (await db.query<{ last_seq: number }>("select last_seq from company_event_seq where company_id = $1", [companyId]))[0]?.last_seq ?? 0;
    const before = await seqOf();
    const retried = crypto.randomUUID();
    const payloads = Array.from({ length: 12 }, (_, i) => ({
      type: ROBBERY, description: `Lote ${i}`, ...inside, clientId: i === 5 || i === 6 ? retried : crypto.randomUUID(),
    }));
    const responses = await Promise.all(payloads.map((payload) => app.inject({ method: "POST", url: "/api/app/reports", payload })));
    expect(responses.map((r) => r.statusCode)).toEqual(payloads.map(() => 200));
    const results = responses.map((r) => body<{ report: { id: number }; companies: number[] }>(r));
    const ids = results.map((r) => r.report.id);
    expect(ids[5]).toBe(ids[6]);
    expect(new Set(ids).size).toBe(11);
    for (const r of results) expect(r.companies).toEqual(expect.arrayContaining([companyId, otherCompanyId]));
    // Fewer transactions than reports: they were batched.
    const [batched] = await db.query<{ transactions: number }>("select count(distinct xmin::text)::int as transactions from reports where id = any($1::int[])", [ids]);
    expect(batched!.transactions).toBeLessThan(11);
    const events = await db.query<{ seq: number; type: string; report_id: number | null }>(
      "select seq, type, (data->'report'->>'id')::int as report_id from events where company_id = $1 and seq > $2 order by seq", [companyId, before]);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => before + 1 + i));
    const announced = events.filter((e) => e.type === "newReport" && ids.includes(e.report_id!)).map((e) => e.report_id);
    expect(announced.sort()).toEqual([...new Set(ids)].sort());
    const [activity] = await db.query<{ logged: number }>(
      "select count(*)::int as logged from activity_log where company_id = $1 and report_id = any($2::int[]) and action = 'created'", [companyId, ids]);
    expect(activity!.logged).toBe(11);
  });

  it("announces a new report exactly as the company reads it afterwards, with or without its author", async () => {
    const db = await testDb();
    const reporter = await buildUser(db, { groups: [13] });
    // Every column of the reporter the view reads, so the event's account (the signed-in user) is compared whole.
    await db.query("update users set phone = '+56 9 5555 0000', cover = 'c.png', home_address = 'Moneda 975' where id = $1", [reporter.id]);
    const token = await appLoginAs(app, reporter);
    for (const anonymous of [false, true]) {
      const res = await app.inject({
        method: "POST", url: "/api/app/reports", headers: h(token),
        payload: { type: ROBBERY, description: "Con autor", ...inside, address: "Moneda 975", anonymous },
      });
      const id = body<{ report: { id: number } }>(res).report.id;
      const [event] = await db.query<{ data: { report: Report } }>(
        "select data from events where company_id = $1 and type = 'newReport' and (data->'report'->>'id')::int = $2", [companyId, id]);
      const read = body<{ report: Report }>(await app.inject({ method: "GET", url: url(companyId, `/${id}`), headers: h(tokenA) })).report;
      // Abilities, and the reader's own isFavorite and seen (issue 17), are the viewer's; the countdown is
      // the due time seen from the moment each was presented.
      const withoutAbilities = ({ can: _can, isFavorite: _f, seen: _s, countdown: _c, ...rest }: Report) => rest;
      expect(withoutAbilities(event!.data.report)).toEqual(withoutAbilities(read));
      if (anonymous) expect(read.user).toBeNull();
      else expect(read.user).toMatchObject({ id: reporter.id });
    }
  });

  it("leaves out freemium companies and companies that do not attend the type", async () => {
    const db = await testDb();
    const freemium = (await buildCompany(db, { isFreemium: true })).id;
    await db.query("insert into company_report_types (company_id, report_type_id) values ($1, $2)", [freemium, ROBBERY]);
    const res = await app.inject({ method: "POST", url: "/api/app/reports", payload: { type: ROBBERY, description: "Robo", ...inside } });
    expect(body<{ companies: number[] }>(res).companies).not.toContain(freemium);
    const graffiti = await app.inject({ method: "POST", url: "/api/app/reports", payload: { type: 24, description: "Rayados", ...inside } });
    expect(body<{ companies: number[] }>(graffiti).companies).not.toContain(companyId);
  });
});
