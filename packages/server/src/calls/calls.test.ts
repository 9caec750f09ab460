import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { body, buildCompany, buildUser, loginAs } from "../test/harness.js";
import { h, interactionWorld, type World } from "../test/interactions.js";
import { startFakeTelephony, type FakeTelephony } from "./index.js";

let w: World;
let fake: FakeTelephony;
let ungated: { id: number; token: string; reportId: number };

beforeAll(async () => {
  fake = await startFakeTelephony();
  w = await interactionWorld({ TELEPHONY_URL: fake.url, TELEPHONY_KEY: "phone-key" });
  // Gates are data (SPEC §6 names companies by id): company A joins the phone-call gate, as 110, 268
  // and 365 are in it; company B is not in it (checked, since ids are shared with other test files).
  await w.db.query("insert into company_gates (gate, company_id) values ('phone_calls', $1) on conflict do nothing", [w.companyA]);
  const inGate = await w.db.query("select 1 from company_gates where gate = 'phone_calls' and company_id = $1", [w.companyB]);
  expect(inGate).toHaveLength(0);
  const report = await w.communityReport();
  ungated = { id: w.companyB, token: w.tokens.opB, reportId: report.id };
  await w.db.query("update users set phone = '+56 9 7654 3219' where id = $1", [w.author.id]);
});
afterAll(async () => {
  await w.close();
  await fake.close();
});
beforeEach(() => fake.mode("normal"));

const call = (reportId: number, to: unknown, token = w.tokens.opA, companyId = w.companyA) =>
  w.app.inject({ method: "POST", url: `/api/companies/${companyId}/reports/${reportId}/call`, headers: h(token), payload: { to } });
const callLog = async (reportId: number) =>
  w.db.query<{ data: { to: string; outcome: string } }>("select data from activity_log where company_id = $1 and report_id = $2 and action = 'callPlaced' order by id", [
    w.companyA,
    reportId,
  ]);

describe("POST /api/companies/:companyId/reports/:id/call", () => {
  it("is refused 403 phoneCallsDisabled to a company outside the gate, 404 for another company's report, 400 for a wrong target", async () => {
    const before = fake.calls.length;
    const res = await call(ungated.reportId, "reporter", ungated.token, ungated.id);
    expect(res.statusCode, res.body).toBe(403);
    expect(body<{ error: { code: string } }>(res).error.code).toBe("phoneCallsDisabled");
    // A company that does not attend the report: 404, as for any other company's record.
    const own = await buildCompany(w.db);
    const other = await loginAs(w.app, await buildUser(w.db, { companyId: own.id }));
    expect((await call(ungated.reportId, "reporter", other, own.id)).statusCode).toBe(404);
    expect((await call(ungated.reportId, "reporter", w.tokens.opC, w.companyC)).statusCode).toBe(404);
    const foreign = await w.app.inject({ method: "POST", url: `/api/companies/${w.companyB}/reports`, headers: h(w.tokens.opB), payload: { type: 0, description: "B", ...w.here, informerType: "anonymous" } });
    expect((await call(body<{ report: { id: number } }>(foreign).report.id, "reporter")).statusCode).toBe(404);
    expect((await call(ungated.reportId, "neighbour")).statusCode).toBe(400);
    expect(fake.calls.length).toBe(before);
  });

  it("calls the reporter through the telephony service and logs the outcome on the report's activity", async () => {
    const res = await call(ungated.reportId, "reporter");
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ call: { to: string; outcome: string } }>(res).call).toMatchObject({ to: "reporter", outcome: "ringing" });
    expect(fake.calls.at(-1)).toMatchObject({ to: "+56976543219", agent: w.opA.email, authorization: "Bearer phone-key" });
    expect((await callLog(ungated.reportId)).map((r) => r.data)).toEqual([{ to: "reporter", outcome: "ringing", callId: expect.any(String) }]);
  });

  it("calls the caller of a company report; no phone is 422 noPhoneNumber; a failing service is 502 callFailed, logged as failed", async () => {
    const report = await w.companyReport();
    const none = await call(report.id, "caller");
    expect(none.statusCode).toBe(422);
    expect(body<{ error: { code: string } }>(none).error.code).toBe("noPhoneNumber");
    await w.db.query(`update reports set contact = '{"phone": "+56 2 2345 6780", "firstName": "Ana", "lastName": null, "email": null}' where id = $1`, [report.id]);
    const busy = await call(report.id, "caller");
    expect(busy.statusCode, busy.body).toBe(200);
    expect(body<{ call: { outcome: string } }>(busy).call.outcome).toBe("busy");
    fake.mode("error");
    const failed = await call(report.id, "caller");
    expect(failed.statusCode).toBe(502);
    expect(body<{ error: { code: string } }>(failed).error.code).toBe("callFailed");
    expect((await callLog(report.id)).map((r) => r.data.outcome)).toEqual(["busy", "failed"]);
  });
});
