import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ComplianceRow, DueActivity, FieldError, ScheduledActivity } from "@atalaya/shared";
import { systemScope } from "../auth/access.js";
import { one, type Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, type TestUser } from "../test/harness.js";
import * as repo from "./activity.repository.js";
import { refreshActivity, refreshDueActivities } from "./activity.service.js";
import { completionTimes, nextBoundary, periodState } from "./compliance.js";

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let operatorUser: TestUser;
let operator: string;
let patrolUser: TestUser;
let patrol: string;
let otherAdmin: string;
let formA: number;
let formB: number;
let otherForm: number;

const h = (t: string) => ({ "access-token": t, "accept-language": "en" });
const url = (what: string, cid = companyId) => `/api/companies/${cid}/${what}`;
const fieldsOf = (res: { body: string }) => (JSON.parse(res.body) as { error: { fields?: FieldError[] } }).error.fields ?? [];
const SIMPLE = { title: "Ronda", components: [{ type: "text", fieldKey: "nota", label: "Nota" }] };

async function createForm(token: string, cid: number, title: string): Promise<number> {
  const res = await app.inject({ method: "POST", url: url("form-templates", cid), headers: h(token), payload: { ...SIMPLE, title } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ template: { id: number } }>(res).template.id;
}

// Today in Santiago, and a date some days from it (YYYY-MM-DD).
async function localDate(offsetDays = 0): Promise<string> {
  const row = await one<{ d: string }>(db, `select to_char((now() at time zone 'America/Santiago')::date + $1::int, 'YYYY-MM-DD') as d`, [offsetDays]);
  return row!.d;
}

const activity = async (extra: Record<string, unknown> = {}) => ({
  name: "Ronda de luminarias",
  groups: [{ operator: "or", formIds: [formA] }],
  userIds: [operatorUser.id],
  period: "daily",
  timesPerPeriod: 1,
  totalPeriods: 30,
  startDate: await localDate(-2),
  endDate: await localDate(27),
  ...extra,
});

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  admin = await loginAs(app, await buildUser(db, { companyId, role: "company_admin" }));
  operatorUser = await buildUser(db, { companyId, role: "operator" });
  operator = await loginAs(app, operatorUser);
  patrolUser = await buildUser(db, { companyId, role: "patrol" });
  patrol = await loginAs(app, patrolUser);
  otherAdmin = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" }));
  formA = await createForm(admin, companyId, "Checklist A");
  formB = await createForm(admin, companyId, "Checklist B");
  otherForm = await createForm(otherAdmin, otherCompanyId, "Ajeno");
});
afterAll(() => app.close());

describe("scheduling an activity", () => {
  it("needs a session, the company and an admin", async () => {
    expect((await app.inject({ method: "GET", url: url("activities") })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: url("activities"), headers: h(otherAdmin) })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: url("activities"), headers: h(operator), payload: await activity() })).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: url("activities"), headers: h(patrol) })).statusCode).toBe(403);
  });

  it("refuses the same form twice, in a group or across groups (SPEC §5)", async () => {
    for (const groups of [[{ operator: "and", formIds: [formA, formB, formA] }], [{ operator: "or", formIds: [formA] }, { operator: "and", formIds: [formB, formA] }]]) {
      const res = await app.inject({ method: "POST", url: url("activities"), headers: h(admin), payload: await activity({ groups }) });
      expect(res.statusCode).toBe(400);
      const repeated = fieldsOf(res).find((f) => f.code === "activityFormRepeated");
      expect(repeated?.message).toBe("Activity cannot contain the same form twice");
    }
    const ok = await app.inject({ method: "POST", url: url("activities"), headers: h(admin), payload: await activity({ groups: [{ operator: "and", formIds: [formA, formB] }] }) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("refuses other companies' forms and people, a custom period without days and dates backwards", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ groups: [{ operator: "or", formIds: [otherForm] }] }, "groups.0.formIds.0", "activityFormUnknown"],
      [{ userIds: [operatorUser.id, 2147483647] }, "userIds.1", "activityAssigneeUnknown"],
      [{ userIds: [], teamIds: [] }, "userIds", "activityAssigneeRequired"],
      [{ teamIds: [2147483647] }, "teamIds.0", "activityAssigneeUnknown"],
      [{ period: "custom" }, "customDays", "activityCustomDaysRequired"],
      [{ startDate: "2026-05-02", endDate: "2026-05-01" }, "endDate", "activityEndBeforeStart"],
      [{ name: "  " }, "name", "activityNameRequired"],
    ];
    for (const [extra, field, code] of cases) {
      const res = await app.inject({ method: "POST", url: url("activities"), headers: h(admin), payload: await activity(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(fieldsOf(res)).toContainEqual(expect.objectContaining({ field, code }));
    }
    for (const extra of [{ timesPerPeriod: 0 }, { totalPeriods: 1001 }, { startDate: "2026-02-30" }, { period: "hourly" }, { customDays: 367, period: "custom" }]) {
      const res = await app.inject({ method: "POST", url: url("activities"), headers: h(admin), payload: await activity(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
  });

  it("lists, shows, edits and deletes; another company's id is 404", async () => {
    const created = await app.inject({ method: "POST", url: url("activities"), headers: h(admin), payload: await activity({ name: "Semanal", period: "custom", customDays: 3 }) });
    const a = body<{ activity: ScheduledActivity }>(created).activity;
    expect(a).toMatchObject({ name: "Semanal", period: "custom", customDays: 3, forms: [{ id: formA, title: "Checklist A" }], users: [{ id: operatorUser.id }] });
    const list = body<{ activities: ScheduledActivity[] }>(await app.inject({ method: "GET", url: url("activities"), headers: h(operator) })).activities;
    expect(list.map((x) => x.id)).toContain(a.id);
    expect((await app.inject({ method: "GET", url: url(`activities/${a.id}`, otherCompanyId), headers: h(otherAdmin) })).statusCode).toBe(404);
    expect((await app.inject({ method: "PUT", url: url(`activities/${a.id}`, otherCompanyId), headers: h(otherAdmin), payload: await activity() })).statusCode).toBe(404);
    const edited = await app.inject({ method: "PUT", url: url(`activities/${a.id}`), headers: h(admin), payload: await activity({ name: "Cada tres días", period: "custom", customDays: 3, timesPerPeriod: 2 }) });
    expect(body<{ activity: ScheduledActivity }>(edited).activity).toMatchObject({ name: "Cada tres días", timesPerPeriod: 2 });
    expect((await app.inject({ method: "DELETE", url: url(`activities/${a.id}`, otherCompanyId), headers: h(otherAdmin) })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: url(`activities/${a.id}`), headers: h(admin) })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: url(`activities/${a.id}`), headers: h(admin) })).statusCode).toBe(404);
  });
});

describe("compliance", () => {
  it("goes from pending to completed when the assignee fills the form, after a refresh; the assignee sees it due", async () => {
    const res = await app.inject({ method: "POST", url: url("activities"), headers: h(admin), payload: await activity({ name: "Ronda de hoy", groups: [{ operator: "or", formIds: [formB] }], userIds: [operatorUser.id, patrolUser.id] }) });
    const a = body<{ activity: ScheduledActivity }>(res).activity;
    const rows = async (token = admin, q = "") =>
      body<{ rows: ComplianceRow[] }>(await app.inject({ method: "GET", url: url(`activities/compliance?activityId=${a.id}${q}`), headers: h(token) })).rows;
    const today = (await rows()).filter((r) => r.periodIndex === 2);
    expect(today.map((r) => r.state)).toEqual(["pending", "pending"]);
    // Two days before today ended without the form: overdue, with a delay.
    const past = (await rows(admin, `&userId=${operatorUser.id}&state=overdue`)).map((r) => r.periodIndex).sort();
    expect(past).toEqual([0, 1]);
    expect((await rows(admin, `&userId=${operatorUser.id}&state=overdue`))[0]!.delaySeconds).toBeGreaterThan(0);

    const due = async (token: string, path: string) => body<{ activities: DueActivity[] }>(await app.inject({ method: "GET", url: path, headers: h(token) })).activities.filter((d) => d.activityId === a.id);
    expect(await due(patrol, "/api/app/activities")).toMatchObject([{ state: "pending", done: 0, forms: [{ id: formB }] }]);
    const filled = await app.inject({ method: "POST", url: `/api/app/forms/${formB}/submissions`, headers: h(patrol), payload: { values: { nota: "ok" } } });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(await due(patrol, "/api/app/activities")).toMatchObject([{ state: "completed", done: 1 }]);
    expect(await due(operator, url("activities/mine"))).toMatchObject([{ state: "pending" }]);

    // The stored rows follow on refresh: the job's sweep takes an activity whose form was filled since.
    const [stored] = await db.query<{ state: string }>(`select state from activity_compliance where activity_id = $1 and user_id = $2 and period_index = 2`, [a.id, patrolUser.id]);
    if (stored!.state === "pending") {
      expect(await db.query(`select 1 from activities where id = $1 and refreshed_at < (select max(created_at) from form_submissions where template_id = $2)`, [a.id, formB])).toHaveLength(1);
      await refreshDueActivities(db);
    }
    expect((await rows(operator, `&userId=${patrolUser.id}&state=completed`)).map((r) => r.periodIndex)).toEqual([2]);
    const refreshed = await app.inject({ method: "POST", url: url("activities/compliance/refresh"), headers: h(operator) });
    expect(refreshed.statusCode).toBe(200);
    expect((await rows(operator, `&userId=${patrolUser.id}&state=completed`)).map((r) => r.periodIndex)).toEqual([2]);
    expect((await app.inject({ method: "POST", url: url("activities/compliance/refresh", companyId), headers: h(otherAdmin) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: url("activities/compliance"), headers: h(patrol) })).statusCode).toBe(403);
  });

  it("is computed again by the refresh job once an activity's next boundary has passed", async () => {
    const res = await app.inject({ method: "POST", url: url("activities"), headers: h(admin), payload: await activity({ name: "Barrido", startDate: "2026-01-05", endDate: "2026-01-06", totalPeriods: 2 }) });
    const a = body<{ activity: ScheduledActivity }>(res).activity;
    // As if stored before the periods ended: pending, with a boundary due.
    await db.query(`update activity_compliance set state = 'pending' where company_id = $1 and activity_id = $2`, [companyId, a.id]);
    await db.query(`update activities set next_refresh_at = now() - interval '1 second' where id = $1`, [a.id]);
    await refreshDueActivities(db);
    const rows = await db.query<{ state: string }>(`select state from activity_compliance where company_id = $1 and activity_id = $2`, [companyId, a.id]);
    expect(rows.map((r) => r.state)).toEqual(["overdue", "overdue"]);
    expect((await one<{ next: unknown }>(db, `select next_refresh_at as next from activities where id = $1`, [a.id]))?.next).toBeNull();
  });

  it("counts and groups: `and` needs every form, `or` any, times per period the k-th completion", () => {
    const t: Record<number, number[]> = { 1: [10, 40], 2: [20], 3: [5, 6, 7] };
    const of = (id: number) => t[id] ?? [];
    expect(completionTimes([{ operator: "and", formIds: [1, 2] }], of)).toEqual([20]);
    expect(completionTimes([{ operator: "or", formIds: [1, 2] }], of)).toEqual([10, 20, 40]);
    expect(completionTimes([{ operator: "or", formIds: [1, 2] }, { operator: "and", formIds: [3] }], of)).toEqual([10, 20, 40]);
    expect(completionTimes([{ operator: "and", formIds: [1, 3] }, { operator: "or", formIds: [2] }], of)).toEqual([20]);
    expect(periodState([10, 20], 2, 100, 50)).toEqual({ done: 2, state: "completed", completedAt: 20 });
    expect(periodState([10], 2, 100, 50)).toEqual({ done: 1, state: "inProgress", completedAt: null });
    expect(periodState([], 2, 100, 50)).toEqual({ done: 0, state: "pending", completedAt: null });
    expect(periodState([10], 2, 100, 100)).toEqual({ done: 1, state: "overdue", completedAt: null });
    expect(nextBoundary([{ start: 0, end: 10 }, { start: 10, end: 20 }], 10)).toBe(20);
    expect(nextBoundary([{ start: 0, end: 10 }], 10)).toBeNull();
  });
});

describe("period boundaries in America/Santiago", () => {
  // Chile leaves summer time at the first Sunday of April (2026-04-05 00:00 -03 → 2026-04-04 23:00 -04)
  // and enters it at the first Sunday of September (2026-09-06 00:00 -04 → 01:00 -03).
  const at = (s: string) => Date.parse(s);

  it("makes the day of April's change 25 hours long and September's 23", async () => {
    const april = await repo.periodsOf(db, { period: "daily", customDays: null, totalPeriods: 10, startDate: "2026-04-03", endDate: "2026-04-06" }, "America/Santiago");
    expect(april.map((p) => new Date(p.start).toISOString())).toEqual(["2026-04-03T03:00:00.000Z", "2026-04-04T03:00:00.000Z", "2026-04-05T04:00:00.000Z", "2026-04-06T04:00:00.000Z"]);
    expect((april[1]!.end - april[1]!.start) / 3600_000).toBe(25);
    expect(new Date(april[3]!.end).toISOString()).toBe("2026-04-07T04:00:00.000Z");
    const september = await repo.periodsOf(db, { period: "daily", customDays: null, totalPeriods: 3, startDate: "2026-09-05", endDate: "2026-12-31" }, "America/Santiago");
    // Sunday's midnight does not exist: its period starts at its first instant (01:00 -03) and lasts 23 hours.
    expect(september.map((p) => new Date(p.start).toISOString())).toEqual(["2026-09-05T04:00:00.000Z", "2026-09-06T04:00:00.000Z", "2026-09-07T03:00:00.000Z"]);
    expect(september.map((p) => (p.end - p.start) / 3600_000)).toEqual([24, 23, 24]);
    // Weekly and monthly periods keep local midnight across the change too.
    const weekly = await repo.periodsOf(db, { period: "weekly", customDays: null, totalPeriods: 2, startDate: "2026-03-30", endDate: "2026-12-31" }, "America/Santiago");
    expect(weekly.map((p) => new Date(p.start).toISOString())).toEqual(["2026-03-30T03:00:00.000Z", "2026-04-06T04:00:00.000Z"]);
    const monthly = await repo.periodsOf(db, { period: "monthly", customDays: null, totalPeriods: 12, startDate: "2026-01-31", endDate: "2026-04-15" }, "America/Santiago");
    expect(monthly.map((p) => new Date(p.start).toISOString())).toEqual(["2026-01-31T03:00:00.000Z", "2026-02-28T03:00:00.000Z", "2026-03-31T03:00:00.000Z"]);
    expect(new Date(monthly[2]!.end).toISOString()).toBe("2026-04-16T04:00:00.000Z");
  });

  it("moves states across the boundary of the long day: a late-evening form counts for its local day", async () => {
    const cid = (await buildCompany(db)).id;
    const scope = systemScope(cid);
    const a = await buildUser(db, { companyId: cid, role: "operator" });
    const b = await buildUser(db, { companyId: cid, role: "operator" });
    await db.query(`update companies set timezone = 'America/Santiago' where id = $1`, [cid]);
    const template = await one<{ id: number }>(db, `insert into form_templates (company_id) values ($1) returning id`, [cid]);
    await db.query(`insert into form_template_versions (company_id, template_id, version, title, components) values ($1, $2, 1, 'Ronda', '[]')`, [cid, template!.id]);
    const id = await repo.insertActivity(db, scope, {
      name: "Ronda", groups: [{ operator: "or", formIds: [template!.id] }], userIds: [a.id, b.id], teamIds: [], period: "daily", customDays: null,
      timesPerPeriod: 1, totalPeriods: 4, startDate: "2026-04-03", endDate: "2026-04-06",
    }, a.id);
    // 23:30 on Saturday 4 April in Santiago, already at -04: with a fixed -03 it would be Sunday 00:30.
    await db.query(`insert into form_submissions (company_id, template_id, version, "values", author_id, via, created_at) values ($1, $2, 1, '{}', $3, 'app', $4)`, [cid, template!.id, a.id, "2026-04-05T03:30:00Z"]);
    const statesAt = (now: string) =>
      db.transaction(async (tx) => {
        await refreshActivity(tx, scope, id, at(now));
        const rows = await tx.query<{ user_id: number; period_index: number; state: string }>(`select user_id, period_index, state from activity_compliance where company_id = $1 and activity_id = $2 order by period_index, user_id`, [cid, id]);
        const next = await one<{ next: Date | string | null }>(tx, `select next_refresh_at as next from activities where id = $1`, [id]);
        return { states: rows.map((r) => `${r.period_index}:${r.user_id === a.id ? "a" : "b"}:${r.state}`), next: next?.next ? repo.iso(next.next) : null };
      });
    // Saturday 23:45 local (-04): Saturday's period is still under way.
    expect(await statesAt("2026-04-05T03:45:00Z")).toEqual({ states: ["0:a:overdue", "0:b:overdue", "1:a:completed", "1:b:pending"], next: "2026-04-05T04:00:00.000Z" });
    // Sunday 00:00:01 local: Saturday ended 25 hours after it began; b missed it.
    expect(await statesAt("2026-04-05T04:00:01Z")).toEqual({
      states: ["0:a:overdue", "0:b:overdue", "1:a:completed", "1:b:overdue", "2:a:pending", "2:b:pending"],
      next: "2026-04-06T04:00:00.000Z",
    });
    // After the last period: every state final, nothing left to refresh.
    expect((await statesAt("2026-04-08T00:00:00Z")).next).toBeNull();
  });
});
