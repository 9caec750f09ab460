import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Activity, FieldError, FormComponent, Report, ReportFormWire } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, type TestUser } from "../test/harness.js";
import { formDateInstant, writeBack } from "./report-form.service.js";

// Issue 16: forms tied to reports — the per-type workflow, the report detail's form tab (taken gate,
// sections by user, versions), what a submission changes on the report, tenancy and malformed input.

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let adminUser: TestUser;
let operatorUser: TestUser;
let admin: string;
let operator: string;
let second: string;
let secondUser: TestUser;
let patrol: string;
let otherAdmin: string;
let templateId: number;

const ROBBERY = 0;
const h = (t: string, lang = "es") => ({ "access-token": t, "accept-language": lang });
const url = (what: string, cid = companyId) => `/api/companies/${cid}/${what}`;
const fieldsOf = (res: { body: string }) => (JSON.parse(res.body) as { error: { fields?: FieldError[] } }).error.fields ?? [];
const errorOf = (res: { body: string }) => (JSON.parse(res.body) as { error: { code: string; reason?: string } }).error;

const components = (): FormComponent[] => [
  { type: "text", fieldKey: "code", label: "Código", required: true, writesOptionalCode: true },
  { type: "dropdown", fieldKey: "damage", label: "Daño", writesExtraInfo: true, options: [{ label: "Leve", value: "low" }, { label: "Grave", value: "high" }] },
  { type: "geolocation", fieldKey: "where", changesReportLocation: true },
  { type: "date", fieldKey: "when", dateKind: "datetime", changesReportDate: true },
  { type: "section", fieldKey: "closing", label: "Cierre", children: [{ type: "text", fieldKey: "verdict", label: "Veredicto", required: true, writesExtraInfo: true }] },
];

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  await db.query("insert into company_report_types (company_id, report_type_id) values ($1, $2)", [companyId, ROBBERY]);
  adminUser = await buildUser(db, { companyId, role: "company_admin" });
  operatorUser = await buildUser(db, { companyId, role: "operator" });
  secondUser = await buildUser(db, { companyId, role: "operator" });
  admin = await loginAs(app, adminUser);
  operator = await loginAs(app, operatorUser);
  second = await loginAs(app, secondUser);
  patrol = await loginAs(app, await buildUser(db, { companyId, role: "patrol" }));
  otherAdmin = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" }));
  const res = await app.inject({ method: "POST", url: url("form-templates"), headers: h(admin), payload: { title: "Inspección", components: components() } });
  expect(res.statusCode, res.body).toBe(200);
  templateId = body<{ template: { id: number } }>(res).template.id;
});
afterAll(() => app.close());

async function newReport(token = operator, type = ROBBERY): Promise<Report> {
  const res = await app.inject({
    method: "POST",
    url: url("reports"),
    headers: h(token),
    payload: { type, description: "Robo en la esquina", latitude: -33.45, longitude: -70.65, informerType: "anonymous" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ report: Report }>(res).report;
}
const take = async (id: number, token = operator) => expect((await app.inject({ method: "POST", url: url(`reports/${id}/take`), headers: h(token) })).statusCode).toBe(200);
const readForm = async (id: number, token = operator) => body<{ form: ReportFormWire }>(await app.inject({ method: "GET", url: url(`reports/${id}/form`), headers: h(token) })).form;
const save = (id: number, payload: unknown, token = operator, cid = companyId) => app.inject({ method: "POST", url: url(`reports/${id}/form`, cid), headers: h(token, "en"), payload: payload as Record<string, unknown> });
const setWorkflow = (templateIdOrNull: number | null, token = admin, typeId = ROBBERY) =>
  app.inject({ method: "PUT", url: url(`report-type-workflows/${typeId}`), headers: h(token), payload: { templateId: templateIdOrNull } });

describe("report type workflows", () => {
  it("company admins set the template a type's reports follow; reports carry it as workflow", async () => {
    expect((await setWorkflow(templateId, operator)).statusCode).toBe(403);
    const res = await setWorkflow(templateId);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ workflows: unknown[] }>(res).workflows).toContainEqual({ typeId: ROBBERY, templateId });
    const list = body<{ workflows: unknown[] }>(await app.inject({ method: "GET", url: url("report-type-workflows"), headers: h(operator) }));
    expect(list.workflows).toContainEqual({ typeId: ROBBERY, templateId });
    const r = await newReport();
    expect(r.workflow).toBe(templateId);
    expect(r.sectionsUsers).toEqual({});
    expect(r.optionalCode).toBeNull();
    expect(r.extraInfo).toBeNull();
  });

  it("refuses another company's template and malformed input (400), a type it does not attend and another company's scope (404)", async () => {
    const foreign = await app.inject({ method: "POST", url: url("form-templates", otherCompanyId), headers: h(otherAdmin), payload: { title: "Ajeno", components: [] } });
    const foreignId = body<{ template: { id: number } }>(foreign).template.id;
    const refused = await setWorkflow(foreignId);
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toContainEqual(expect.objectContaining({ field: "templateId" }));
    // A type the company does not attend is not its own to set.
    expect((await setWorkflow(templateId, admin, 99_999)).statusCode).toBe(404);
    expect((await setWorkflow(templateId, admin, 1)).statusCode).toBe(404);
    for (const payload of [{}, { templateId: "x" }, { templateId: -1 }, { templateId: 2 ** 31 }]) {
      expect((await app.inject({ method: "PUT", url: url(`report-type-workflows/${ROBBERY}`), headers: h(admin), payload })).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await app.inject({ method: "PUT", url: url("report-type-workflows/abc"), headers: h(admin), payload: { templateId } })).statusCode).toBe(400);
    expect((await app.inject({ method: "PUT", url: url(`report-type-workflows/${ROBBERY}`, otherCompanyId), headers: h(admin), payload: { templateId } })).statusCode).toBe(404);
  });
});

describe("the report's form", () => {
  it("reads the workflow before the report is taken, but saving it is 409 notTaken until then", async () => {
    const r = await newReport();
    const form = await readForm(r.id);
    expect(form.workflow?.id).toBe(templateId);
    expect(form.submission).toBeNull();
    const res = await save(r.id, { values: { code: "A-1", verdict: "ok" }, basedOn: null });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: "invalidTransition", reason: "notTaken" });
  });

  it("saves a submission linked to the report, read back with its version; moves the report, sets its date, writes optionalCode and extraInfo, logs it", async () => {
    const r = await newReport();
    await take(r.id);
    const when = "2026-01-10T08:30";
    const res = await save(r.id, { values: { code: "A-7", damage: "high", where: { lat: -33.42, lng: -70.61, address: "Av. Siempre Viva 742" }, when, verdict: "Reparado" }, basedOn: null });
    expect(res.statusCode, res.body).toBe(200);
    const out = body<{ form: ReportFormWire; report: Report }>(res);
    expect(out.form.submission).toMatchObject({ templateId, version: 1, reportId: r.id });
    expect(out.report.optionalCode).toBe("A-7");
    expect(out.report.extraInfo).toEqual([{ fieldKey: "damage", label: "Daño", value: "Grave" }, { fieldKey: "verdict", label: "Veredicto", value: "Reparado" }]);
    expect(out.report.latitude).toBeCloseTo(-33.42);
    expect(out.report.address).toBe("Av. Siempre Viva 742");
    // 08:30 in Santiago on 10 January (summer time, UTC−3).
    expect(out.report.createdAt).toBe("2026-01-10T11:30:00.000Z");
    const back = await readForm(r.id, second);
    expect(back.submission?.values).toMatchObject({ code: "A-7", verdict: "Reparado" });
    expect(back.submissionTemplate?.version).toBe(1);
    const activity = body<{ activity: Activity[] }>(await app.inject({ method: "GET", url: url(`reports/${r.id}/activity`), headers: h(operator) })).activity;
    const logged = activity.find((a) => a.action === "formSubmitted");
    expect(logged?.data).toMatchObject({ templateId, optionalCode: "A-7", location: expect.objectContaining({ latitude: -33.42 }), createdAt: "2026-01-10T11:30:00.000Z" });

    // Editing the template after it was filled writes version 2; the report's submission keeps 1.
    const edited = await app.inject({ method: "PUT", url: url(`form-templates/${templateId}`), headers: h(admin), payload: { title: "Inspección v2", components: components() } });
    expect(body<{ template: { version: number } }>(edited).template.version).toBe(2);
    const later = await readForm(r.id);
    expect(later.workflow?.version).toBe(2);
    expect(later.submissionTemplate?.version).toBe(1);

    // A second save starts from the latest one; a stale basedOn is 409 staleVersion.
    const first = out.form.submission!.id;
    const again = await save(r.id, { values: { code: "A-8", verdict: "Reparado", where: { lat: -33.42, lng: -70.61, address: "Av. Siempre Viva 742" }, when }, basedOn: first });
    expect(again.statusCode, again.body).toBe(200);
    const stale = await save(r.id, { values: { code: "A-9", verdict: "x" }, basedOn: first });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).reason).toBe("staleVersion");
  });

  it("a point outside the company's zones is 422 notInZone; a future creation date is 400", async () => {
    const r = await newReport();
    await take(r.id);
    const outside = await save(r.id, { values: { code: "B", verdict: "v", where: { lat: 10, lng: 10 } }, basedOn: null });
    expect(outside.statusCode).toBe(422);
    expect(errorOf(outside).code).toBe("notInZone");
    const future = await save(r.id, { values: { code: "B", verdict: "v", when: "2999-01-01T00:00" }, basedOn: null });
    expect(future.statusCode).toBe(400);
    expect(fieldsOf(future)).toContainEqual(expect.objectContaining({ field: "values.when" }));
  });

  it("sections assigned to others are read-only: changing them is 403 sectionNotAssigned, their required fields are theirs", async () => {
    const r = await newReport();
    await take(r.id);
    // Only admins assign; keys must be sections of the workflow, ids members of the company.
    const payload = { sectionsUsers: { closing: [secondUser.id] } };
    expect((await app.inject({ method: "PUT", url: url(`reports/${r.id}/sections-users`), headers: h(operator), payload })).statusCode).toBe(403);
    expect((await app.inject({ method: "PUT", url: url(`reports/${r.id}/sections-users`), headers: h(admin), payload: { sectionsUsers: { code: [secondUser.id] } } })).statusCode).toBe(400);
    expect((await app.inject({ method: "PUT", url: url(`reports/${r.id}/sections-users`), headers: h(admin), payload: { sectionsUsers: { closing: [999_999] } } })).statusCode).toBe(400);
    const assigned = await app.inject({ method: "PUT", url: url(`reports/${r.id}/sections-users`), headers: h(admin), payload });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(body<{ report: Report }>(assigned).report.sectionsUsers).toEqual({ closing: [secondUser.id] });

    // The operator fills their part; the verdict is required but not theirs.
    const mine = await save(r.id, { values: { code: "C-1" }, basedOn: null });
    expect(mine.statusCode, mine.body).toBe(200);
    const firstId = body<{ form: ReportFormWire }>(mine).form.submission!.id;
    const intrusion = await save(r.id, { values: { code: "C-1", verdict: "mine" }, basedOn: firstId });
    expect(intrusion.statusCode).toBe(403);
    expect(errorOf(intrusion).code).toBe("sectionNotAssigned");
    expect(fieldsOf(intrusion)).toEqual([{ field: "values.verdict", code: "sectionNotAssigned" }]);
    // The assignee fills the closing section, leaving the operator's answers as they were.
    const theirs = await save(r.id, { values: { code: "C-1", verdict: "Cerrado" }, basedOn: firstId }, second);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const changedOthers = await save(r.id, { values: { code: "C-2", verdict: "Cerrado" }, basedOn: body<{ form: ReportFormWire }>(theirs).form.submission!.id }, second);
    expect(changedOthers.statusCode).toBe(200);
  });

  it("malformed input is 400; another company's report is 404; a patrol may not fill it (403)", async () => {
    const r = await newReport();
    await take(r.id);
    const bad = [
      {},
      { values: { code: "x" } },
      { values: { code: "x" }, basedOn: "1" },
      { values: { code: "x" }, basedOn: -1 },
      { values: { code: "x" }, basedOn: 2 ** 31 },
      { values: { code: 5 }, basedOn: null },
      { values: { code: "x", nope: "y" }, basedOn: null },
      { values: { code: "x", damage: "medium" }, basedOn: null },
      { values: { code: "x", where: { lat: 200, lng: 0 } }, basedOn: null },
      { values: { code: "x", when: "yesterday" }, basedOn: null },
      { values: { code: "x" }, extras: { code: "a\u0007b" }, basedOn: null },
      { values: { code: "x" }, basedOn: null, extras: "x" },
    ];
    for (const payload of bad) expect((await save(r.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await app.inject({ method: "PUT", url: url(`reports/${r.id}/sections-users`), headers: h(admin), payload: { sectionsUsers: { "a b": [1] } } })).statusCode).toBe(400);
    expect((await app.inject({ method: "PUT", url: url(`reports/${r.id}/sections-users`), headers: h(admin), payload: { sectionsUsers: { closing: ["x"] } } })).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: url("reports/abc/form"), headers: h(operator) })).statusCode).toBe(400);
    // Another company: neither its admin through its own scope nor through ours sees the report.
    expect((await app.inject({ method: "GET", url: url(`reports/${r.id}/form`, otherCompanyId), headers: h(otherAdmin) })).statusCode).toBe(404);
    expect((await save(r.id, { values: { code: "x" }, basedOn: null }, otherAdmin, otherCompanyId)).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: url(`reports/${r.id}/form`), headers: h(otherAdmin) })).statusCode).toBe(404);
    expect((await app.inject({ method: "PUT", url: url(`reports/${r.id}/sections-users`, otherCompanyId), headers: h(otherAdmin), payload: { sectionsUsers: {} } })).statusCode).toBe(404);
    expect((await save(r.id, { values: { code: "x" }, basedOn: null }, patrol)).statusCode).toBe(403);
  });

  it("a type without workflow has no form: the tab reads none and saving is 404", async () => {
    expect((await setWorkflow(null)).statusCode).toBe(200);
    const r = await newReport();
    expect(r.workflow).toBeNull();
    expect(await readForm(r.id)).toEqual({ workflow: null, submission: null, submissionTemplate: null, selectors: [] });
    await take(r.id);
    expect((await save(r.id, { values: {}, basedOn: null })).statusCode).toBe(404);
    expect((await setWorkflow(templateId)).statusCode).toBe(200);
  });
});

describe("write-back and dates", () => {
  it("reads a wall-clock date in the report's zone across a daylight-saving change; an offset as written", () => {
    expect(formDateInstant("2026-07-01T12:00", "America/Santiago").toISOString()).toBe("2026-07-01T16:00:00.000Z");
    expect(formDateInstant("2026-01-01", "America/Santiago").toISOString()).toBe("2026-01-01T03:00:00.000Z");
    expect(formDateInstant("2026-01-01T10:00Z", "America/Santiago").toISOString()).toBe("2026-01-01T10:00:00.000Z");
  });

  it("writes nothing back for a form without marked components, and null for an unanswered code", () => {
    expect(writeBack([{ type: "text", fieldKey: "a" }], { a: "x" })).toBeUndefined();
    expect(writeBack(components(), {})).toEqual({ optionalCode: null, extraInfo: [] });
  });
});
