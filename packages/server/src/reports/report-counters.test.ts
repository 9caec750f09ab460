import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report, ReportCounters } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";

// The panel's tab counters (issue 37): the closed tabs' numbers are kept by a trigger (migration 042)
// instead of counted on every page. Whatever closes, deletes or bulk-closes reports, the counters and a
// closed tab's total stay equal to a count of the rows; a restricted member counts what they may see;
// another company's work moves nothing here.

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let restricted: string;
let other: string;

const ROBBERY = 0;
const TRASH = 21;
const h = (t: string) => ({ "access-token": t });

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  for (const cid of [companyId, otherCompanyId])
    await db.query(
      "insert into company_report_types (company_id, report_type_id, priority, attention_time, attention_unit) values ($1, $2, 'high', 30, 'minutes'), ($1, $3, 'normal', 2, 'days')",
      [cid, ROBBERY, TRASH],
    );
  admin = await loginAs(app, await buildUser(db, { companyId, role: "company_admin" }));
  const member = await buildUser(db, { companyId });
  await db.query("update memberships set report_type_ids = $3 where company_id = $1 and user_id = $2", [companyId, member.id, [TRASH]]);
  restricted = await loginAs(app, member);
  other = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" }));
});
afterAll(() => app.close());

async function create(cid: number, token: string, type: number): Promise<Report> {
  const res = await app.inject({
    method: "POST", url: `/api/companies/${cid}/reports`, headers: h(token),
    payload: { type, description: "Contador", latitude: -33.45, longitude: -70.65, address: "Huérfanos 1234", informerType: "anonymous" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ report: Report }>(res).report;
}

async function close(cid: number, token: string, id: number, kind: "solved" | "false") {
  expect((await app.inject({ method: "POST", url: `/api/companies/${cid}/reports/${id}/take`, headers: h(token) })).statusCode).toBe(200);
  const res = await app.inject({ method: "POST", url: `/api/companies/${cid}/reports/${id}/close`, headers: h(token), payload: { kind } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The panel's counters and a tab's total, as the member reads them. */
async function panel(token: string, status: keyof ReportCounters) {
  const res = await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports?status=${status}&limit=5`, headers: h(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ counters: ReportCounters; total: number }>(res);
}

/** The same numbers counted on the rows (types: only those). */
async function counted(types?: number[]): Promise<ReportCounters> {
  const rows = await db.query<{ status: keyof ReportCounters; n: number }>(
    `select a.status, count(*)::int as n from report_attentions a join reports r on r.id = a.report_id
      where a.company_id = $1 and a.deleted_at is null and ($2::int[] is null or r.type_id = any($2::int[])) group by a.status`,
    [companyId, types ?? null],
  );
  const counters: ReportCounters = { pending: 0, in_progress: 0, solved: 0, false: 0, in_observation: 0 };
  for (const r of rows) counters[r.status] = r.n;
  return counters;
}

describe("the panel's counters with kept closed numbers", () => {
  it("follow closing, bulk closing and an admin's deletion, per company and per restriction", async () => {
    const reports = [];
    for (let i = 0; i < 8; i++) reports.push(await create(companyId, admin, i % 2 ? TRASH : ROBBERY));
    await close(companyId, admin, reports[0]!.id, "solved");
    await close(companyId, admin, reports[1]!.id, "solved");
    await close(companyId, admin, reports[2]!.id, "false");
    let seen = await panel(admin, "solved");
    expect(seen.counters).toEqual(await counted());
    expect(seen.total).toBe(seen.counters.solved);
    expect(seen.counters.solved).toBeGreaterThanOrEqual(2);

    // Bulk: take, then close as solved in one transaction.
    const ids = reports.slice(3, 6).map((r) => r.id);
    for (const action of [{ action: "take" }, { action: "close", kind: "solved" }]) {
      const res = await app.inject({ method: "POST", url: `/api/companies/${companyId}/reports/bulk`, headers: h(admin), payload: { ...action, ids } });
      expect(res.statusCode, res.body).toBe(200);
    }
    // An admin's deletion of a closed report takes it out of its tab's number.
    expect((await app.inject({ method: "DELETE", url: `/api/companies/${companyId}/reports/${reports[0]!.id}`, headers: h(admin) })).statusCode).toBe(200);
    seen = await panel(admin, "solved");
    expect(seen.counters).toEqual(await counted());
    expect(seen.total).toBe(seen.counters.solved);
    expect((await panel(admin, "false")).total).toBe(seen.counters.false);

    // Another company's closings move nothing here.
    const theirs = await create(otherCompanyId, other, ROBBERY);
    await close(otherCompanyId, other, theirs.id, "solved");
    expect((await panel(admin, "solved")).counters).toEqual(await counted());

    // A member restricted to one type counts what they may see, not the company's kept numbers.
    const mine = await panel(restricted, "solved");
    expect(mine.counters).toEqual(await counted([TRASH]));
    expect(mine.total).toBe(mine.counters.solved);
    expect(mine.counters.solved).toBeLessThan(seen.counters.solved);
  });
});
