import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNUP_CITY_TYPE_IDS, type DuplicateSuggestion, type Report } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { one } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, type TestUser } from "../test/harness.js";

// Duplicate suggestions (issue 18): the query at the borders of its radius and window, what it never
// suggests, merging (followers and likes move, both logs say so, events go out) and dismissing.

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let admin: TestUser;
let token: string;
let otherToken: string;
let patrolToken: string;

const ROBBERY = 0;
const CITY = SIGNUP_CITY_TYPE_IDS[0];
const OTHER_TYPE = 1;
// earth_distance's sphere: metres per degree of latitude.
const METRE = 1 / ((6_378_168 * Math.PI) / 180);
const MINUTE = 60_000;
// A place of this file only, so other files' reports never meet these (they would not: one company).
const HERE = { latitude: -41.3 - Math.random() * 0.5, longitude: -72.9 };
const T0 = new Date(Date.UTC(2026, 5, 1, 12, 0, 0));

const h = (t: string) => ({ "access-token": t });
const url = (id: number, rest = "/duplicates", cid = companyId) => `/api/companies/${cid}/reports/${id}${rest}`;

/** Inserts a report attended by the company, `north` metres north of HERE, `before` minutes before T0. */
async function report(opts: { north?: number; before?: number; type?: number; status?: string; company?: number; deleted?: boolean } = {}): Promise<number> {
  const type = opts.type ?? ROBBERY;
  const row = await one<{ id: number }>(
    db,
    `insert into reports (type_id, initial_type_id, description, latitude, longitude, created_at, deleted_at, deleted_by)
     values ($1, $1, 'Robo', $2, $3, $4, $5, $6) returning id`,
    [
      type,
      HERE.latitude + (opts.north ?? 0) * METRE,
      HERE.longitude,
      new Date(T0.getTime() - (opts.before ?? 0) * MINUTE),
      opts.deleted ? new Date() : null,
      opts.deleted ? "author" : null,
    ],
  );
  await db.query("insert into report_attentions (company_id, report_id, status) values ($1, $2, $3)", [
    opts.company ?? companyId,
    row!.id,
    opts.status ?? "pending",
  ]);
  return row!.id;
}

async function suggestions(id: number, t = token): Promise<DuplicateSuggestion[]> {
  const res = await app.inject({ method: "GET", url: url(id), headers: h(t) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ suggestions: DuplicateSuggestion[] }>(res).suggestions;
}
const ids = (s: DuplicateSuggestion[]) => s.map((x) => x.report.id);

beforeAll(async () => {
  app = await testApp({ LOG_LEVEL: "error" });
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  admin = await buildUser(db, { companyId, role: "company_admin" });
  token = await loginAs(app, admin);
  otherToken = await loginAs(app, await buildUser(db, { companyId: otherCompanyId }));
  patrolToken = await loginAs(app, await buildUser(db, { companyId, role: "patrol" }));
});
afterAll(async () => {
  await app.close();
});

describe("the suggestion query", () => {
  it("suggests open reports of the type within 250 m and 2 hours, borders included, nearest then closest in time", async () => {
    const fresh = await report();
    const near = await report({ north: 249, before: 10 });
    const tooFar = await report({ north: 251, before: 10 });
    const windowInside = await report({ before: 119 });
    const windowBorder = await report({ before: 120 });
    const tooOld = await report({ before: 121 });
    const after = await report({ before: -1 });
    await report({ type: OTHER_TYPE, before: 5 });
    await report({ status: "solved", before: 5 });
    await report({ status: "false", before: 5 });
    await report({ deleted: true, before: 5 });
    await report({ company: otherCompanyId, before: 5 });
    const inProgress = await report({ status: "in_progress", north: 100, before: 30 });

    const got = await suggestions(fresh);
    expect(ids(got)).toEqual([windowInside, windowBorder, inProgress, near]);
    expect(ids(got)).not.toContain(tooFar);
    expect(ids(got)).not.toContain(tooOld);
    expect(ids(got)).not.toContain(after);
    expect(got[0]).toMatchObject({ distanceMeters: 0, minutesBefore: 119 });
    expect(got[3]).toMatchObject({ distanceMeters: 249, minutesBefore: 10 });
    // The later report suggests the earlier, never the other way round.
    expect(ids(await suggestions(after))).toContain(fresh);

    const counts = await app.inject({ method: "GET", url: `/api/companies/${companyId}/duplicates?ids=${fresh},${tooOld},${near}`, headers: h(token) });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(body<{ counts: { reportId: number; count: number }[] }>(counts).counts).toContainEqual({ reportId: fresh, count: 4 });
    // A closed report has no suggestions.
    const closed = await report({ status: "solved" });
    expect(await suggestions(closed)).toEqual([]);
  });

  it("reads the city-issue defaults (1 km, 24 hours) and the company's own radius and window per type", async () => {
    const base = 10_000; // minutes before T0: away from the other test's reports
    const fresh = await report({ type: CITY, before: base });
    const inside = await report({ type: CITY, north: 999, before: base + 24 * 60 });
    await report({ type: CITY, north: 1001, before: base + 1 });
    const dayAndAMinute = await report({ type: CITY, before: base + 24 * 60 + 1 });
    expect(ids(await suggestions(fresh))).toEqual([inside]);

    const put = await app.inject({
      method: "PUT",
      url: `/api/companies/${companyId}/settings`,
      headers: h(token),
      payload: { reportTypes: [{ typeId: CITY, active: true, priority: "normal", attentionTime: null, attentionUnit: null, duplicateRadiusMeters: 500, duplicateWindowMinutes: 48 * 60 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const older = await report({ type: CITY, north: 400, before: base + 47 * 60 });
    // 500 m and 48 hours: the report of a day and a minute before is in, the one 999 m away is out.
    expect(ids(await suggestions(fresh))).toEqual([dayAndAMinute, older]);
    const settings = await app.inject({ method: "GET", url: `/api/companies/${companyId}/settings`, headers: h(token) });
    const setting = body<{ settings: { reportTypes: { typeId: number; duplicateRadiusMeters: number | null }[] } }>(settings).settings.reportTypes.find((t) => t.typeId === CITY);
    expect(setting?.duplicateRadiusMeters).toBe(500);
    // A setting sent without the duplicate fields keeps them.
    await app.inject({
      method: "PUT",
      url: `/api/companies/${companyId}/settings`,
      headers: h(token),
      payload: { reportTypes: [{ typeId: CITY, active: true, priority: "high", attentionTime: null, attentionUnit: null }] },
    });
    expect(ids(await suggestions(fresh))).toEqual([dayAndAMinute, older]);
  });
});

describe("merge and dismiss", () => {
  it("closes the new report as repeated of the original, moving followers and likes without duplicates", async () => {
    const base = 20_000;
    const original = await report({ status: "in_progress", before: base + 30 });
    const fresh = await report({ before: base });
    const [u1, u2, u3] = await Promise.all([1, 2, 3].map(() => buildUser(db)));
    const operator = await buildUser(db, { companyId });
    // u1 liked and follows both; u2 disliked and u3 follows only the new one; an operator follows the new one.
    await db.query("insert into likes (report_id, user_id, value) values ($1, $3, 1), ($2, $3, 1), ($2, $4, -1)", [original, fresh, u1!.id, u2!.id]);
    await db.query("insert into app_followers (report_id, user_id) values ($1, $3), ($2, $3), ($2, $4)", [original, fresh, u1!.id, u3!.id]);
    await db.query("insert into followers (company_id, report_id, user_id) values ($1, $2, $3)", [companyId, fresh, operator.id]);
    const seq = (await one<{ s: number }>(db, "select coalesce(max(seq), 0)::int as s from events where company_id = $1", [companyId]))!.s;

    const res = await app.inject({ method: "POST", url: url(fresh, "/merge"), headers: h(token), payload: { originalId: original, comment: "Ya lo atendemos en el reporte original" } });
    expect(res.statusCode, res.body).toBe(200);
    const merged = body<{ report: Report }>(res).report;
    expect(merged).toMatchObject({ id: fresh });
    const attention = await one<{ status: string; closing_kind: string; repeated_of: number }>(
      db,
      "select status, closing_kind, repeated_of from report_attentions where company_id = $1 and report_id = $2",
      [companyId, fresh],
    );
    expect(attention).toEqual({ status: "solved", closing_kind: "repeated", repeated_of: original });

    const likes = await db.query<{ user_id: number; value: number }>("select user_id, value from likes where report_id = $1 order by user_id", [original]);
    expect(likes).toEqual([{ user_id: u1!.id, value: 1 }, { user_id: u2!.id, value: -1 }].sort((a, b) => a.user_id - b.user_id));
    expect(await db.query("select 1 from likes where report_id = $1", [fresh])).toHaveLength(0);
    const counts = await one<{ likes_count: number; dislikes_count: number }>(db, "select likes_count, dislikes_count from reports where id = $1", [original]);
    expect(counts).toEqual({ likes_count: 1, dislikes_count: 1 });
    const followers = await db.query<{ user_id: number }>("select user_id from app_followers where report_id = $1 order by user_id", [original]);
    expect(followers.map((f) => f.user_id)).toEqual([u1!.id, u3!.id].sort((a, b) => a - b));
    expect(await db.query("select 1 from app_followers where report_id = $1", [fresh])).toHaveLength(0);
    expect(await db.query("select 1 from followers where company_id = $1 and report_id = $2 and user_id = $3", [companyId, original, operator.id])).toHaveLength(1);

    // The reporter reads the closing comment in the app; both logs say so.
    expect(await db.query("select body from comments where report_id = $1", [fresh])).toEqual([{ body: "Ya lo atendemos en el reporte original" }]);
    const log = async (id: number) => (await db.query<{ action: string }>("select action from activity_log where company_id = $1 and report_id = $2 order by id", [companyId, id])).map((r) => r.action);
    expect(await log(fresh)).toContain("mergedInto");
    expect(await log(original)).toContain("mergedFrom");
    // Both reports' updates go live.
    const events = await db.query<{ id: number }>(
      "select (data->'report'->>'id')::int as id from events where company_id = $1 and seq > $2 and type = 'updateReport'",
      [companyId, seq],
    );
    expect(events.map((e) => e.id)).toEqual(expect.arrayContaining([fresh, original]));

    // Closed now: no suggestions, and merging again is a conflict.
    expect(await suggestions(fresh)).toEqual([]);
    const again = await app.inject({ method: "POST", url: url(fresh, "/merge"), headers: h(token), payload: { originalId: original } });
    expect(again.statusCode).toBe(409);
  });

  it("refuses a closed original (409) and a patrol (403)", async () => {
    const original = await report({ status: "solved", before: 30_030 });
    const fresh = await report({ before: 30_000 });
    const res = await app.inject({ method: "POST", url: url(fresh, "/merge"), headers: h(token), payload: { originalId: original } });
    expect(res.statusCode, res.body).toBe(409);
    const patrol = await app.inject({ method: "POST", url: url(fresh, "/merge"), headers: h(patrolToken), payload: { originalId: original } });
    expect(patrol.statusCode).toBe(403);
  });

  it("remembers a dismissed suggestion on that report only", async () => {
    const a = await report({ before: 40_030 });
    const b = await report({ before: 40_020, north: 50 });
    const fresh = await report({ before: 40_000 });
    const later = await report({ before: 39_990 });
    expect(ids(await suggestions(fresh))).toEqual([a, b]);
    const res = await app.inject({ method: "POST", url: url(fresh, "/duplicates/dismiss"), headers: h(token), payload: { originalId: a } });
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(await suggestions(fresh))).toEqual([b]);
    expect(ids(await suggestions(later))).toEqual([fresh, a, b]);
    // Dismissing twice is harmless.
    expect((await app.inject({ method: "POST", url: url(fresh, "/duplicates/dismiss"), headers: h(token), payload: { originalId: a } })).statusCode).toBe(200);
    const log = await db.query<{ data: { originalId: number } }>(
      "select data from activity_log where company_id = $1 and report_id = $2 and action = 'duplicateDismissed'",
      [companyId, fresh],
    );
    expect(log[0]?.data.originalId).toBe(a);
  });
});

describe("tenancy and malformed input", () => {
  it("answers 404 to another company, and for an original it does not attend", async () => {
    const original = await report({ before: 50_030 });
    const fresh = await report({ before: 50_000 });
    const foreign = await report({ company: otherCompanyId, before: 50_010 });
    for (const [method, path] of [["GET", "/duplicates"], ["POST", "/merge"], ["POST", "/duplicates/dismiss"]] as const) {
      const payload = method === "POST" ? { payload: { originalId: original } } : {};
      const res = await app.inject({ method, url: url(fresh, path), headers: h(otherToken), ...payload });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      const asOther = await app.inject({ method, url: url(fresh, path, otherCompanyId), headers: h(otherToken), ...payload });
      expect(asOther.statusCode, `${method} ${path} as other company`).toBe(404);
    }
    const merge = await app.inject({ method: "POST", url: url(fresh, "/merge"), headers: h(token), payload: { originalId: foreign } });
    expect(merge.statusCode).toBe(404);
    const self = await app.inject({ method: "POST", url: url(fresh, "/duplicates/dismiss"), headers: h(token), payload: { originalId: fresh } });
    expect(self.statusCode).toBe(404);
    const counts = await app.inject({ method: "GET", url: `/api/companies/${otherCompanyId}/duplicates?ids=${fresh}`, headers: h(otherToken) });
    expect(body<{ counts: unknown[] }>(counts).counts).toEqual([]);
    expect((await app.inject({ method: "GET", url: url(fresh) })).statusCode).toBe(401);
  });

  it("answers 400 with a code to malformed input, never 500", async () => {
    const fresh = await report({ before: 60_000 });
    const cases = [
      { method: "GET", url: `/api/companies/${companyId}/duplicates?ids=abc` },
      { method: "GET", url: `/api/companies/${companyId}/duplicates` },
      { method: "GET", url: `/api/companies/${companyId}/duplicates?ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(",")}` },
      { method: "GET", url: `/api/companies/${companyId}/reports/x/duplicates` },
      { method: "POST", url: url(fresh, "/merge"), payload: {} },
      { method: "POST", url: url(fresh, "/merge"), payload: { originalId: 0 } },
      { method: "POST", url: url(fresh, "/duplicates/dismiss"), payload: { originalId: 99999999999 } },
      { method: "POST", url: url(fresh, "/duplicates/dismiss"), payload: { originalId: "1" } },
      { method: "POST", url: url(fresh, "/merge"), payload: { originalId: 1, comment: 5 } },
      { method: "POST", url: url(fresh, "/merge"), payload: { originalId: 1, extra: true } },
      { method: "POST", url: url(fresh, "/merge"), payload: { originalId: 1, automaticAnswerId: -1 } },
    ] as const;
    for (const c of cases) {
      const res = await app.inject({ ...c, headers: h(token) });
      expect(res.statusCode, `${c.method} ${c.url} ${res.body}`).toBe(400);
      expect(body<{ error: { code: string } }>(res).error.code).toBeTruthy();
    }
  });
});
