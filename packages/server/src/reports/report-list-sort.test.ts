import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "@atalaya/shared";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";

// SPEC §4: without a `sort`, any client gets pending in triage order (priority, then due time) and
// every other tab newest first; the web's own choice of sort is not needed for it.
let app: FastifyInstance;
let companyId: number;
let token: string;

const ROBBERY = 0; // high, due in 30 minutes
const TRASH = 21; // normal, due in 2 days

beforeAll(async () => {
  app = await testApp();
  const db = await testDb();
  companyId = (await buildCompany(db)).id;
  await db.query(
    "insert into company_report_types (company_id, report_type_id, priority, attention_time, attention_unit) values ($1, $2, 'high', 30, 'minutes'), ($1, $3, 'normal', 2, 'days')",
    [companyId, ROBBERY, TRASH],
  );
  token = await loginAs(app, await buildUser(db, { companyId }));
});
afterAll(() => app.close());

const url = (query: string) => `/api/companies/${companyId}/reports${query}`;

async function create(type: number): Promise<Report> {
  const res = await app.inject({
    method: "POST", url: url(""), headers: { "access-token": token },
    payload: { type, description: "Reporte de prueba", latitude: -33.45, longitude: -70.65, informerType: "anonymous" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ report: Report }>(res).report;
}

async function ids(query: string): Promise<number[]> {
  const res = await app.inject({ method: "GET", url: url(query), headers: { "access-token": token } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ reports: Report[] }>(res).reports.map((r) => r.id);
}

describe("list default sort", () => {
  it("pending without sort is triage: higher priority first, then the earlier due time; other tabs newest first", async () => {
    // Created in this order: a normal one, then two high ones (the first of them due first).
    const normal = await create(TRASH);
    const highFirstDue = await create(ROBBERY);
    const highLaterDue = await create(ROBBERY);
    const triage = [highFirstDue.id, highLaterDue.id, normal.id];

    expect(await ids("?status=pending")).toEqual(triage);
    expect(await ids("?status=pending&sort=triage")).toEqual(triage);
    // An explicit sort still wins.
    expect(await ids("?status=pending&sort=newest")).toEqual([highLaterDue.id, highFirstDue.id, normal.id]);

    for (const r of [normal, highFirstDue, highLaterDue]) {
      const take = await app.inject({ method: "POST", url: url(`/${r.id}/take`), headers: { "access-token": token } });
      expect(take.statusCode).toBe(200);
    }
    expect(await ids("?status=in_progress")).toEqual([highLaterDue.id, highFirstDue.id, normal.id]);
    // Polling across statuses (no status) is newest first too.
    expect(await ids("?reportFollowupId=0")).toEqual([highLaterDue.id, highFirstDue.id, normal.id]);
  });
});
