import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AutomaticAnswer, Comment, RealtimeMessage, Report } from "@atalaya/shared";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";

let app: FastifyInstance;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let operator: string;
let patrol: string;
let otherAdmin: string;

const ROBBERY = 0;
const inside = { latitude: -33.45, longitude: -70.65 };

beforeAll(async () => {
  app = await testApp();
  const db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  admin = await loginAs(app, await buildUser(db, { companyId, role: "company_admin" }));
  operator = await loginAs(app, await buildUser(db, { companyId, role: "operator" }));
  patrol = await loginAs(app, await buildUser(db, { companyId, role: "patrol" }));
  otherAdmin = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" }));
});
afterAll(() => app.close());

const h = (t: string) => ({ "access-token": t });
const url = (cid = companyId, rest = "") => `/api/companies/${cid}/automatic-answers${rest}`;
const valid = { title: "Patrulla enviada", answer: "Enviamos una patrulla a la dirección indicada.", answerType: "comment", reportType: ROBBERY, usableInManagement: true, usableInClosure: true };

async function createAnswer(token: string, payload: Record<string, unknown> = {}, cid = companyId): Promise<AutomaticAnswer> {
  const res = await app.inject({ method: "POST", url: url(cid), headers: h(token), payload: { ...valid, ...payload } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ answer: AutomaticAnswer }>(res).answer;
}

describe("POST /api/companies/:companyId/automatic-answers", () => {
  it("401, 404 for another company, 400 for missing or blank fields and unknown report types", async () => {
    expect((await app.inject({ method: "POST", url: url(), payload: valid })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: url(otherCompanyId), headers: h(admin), payload: valid })).statusCode).toBe(404);
    const blank = await app.inject({ method: "POST", url: url(), headers: h(admin), payload: { title: "  ", answer: "", usableInClosure: true } });
    expect(blank.statusCode).toBe(400);
    const fields = (body(blank).error as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(["title", "answer", "answerType", "usableInManagement"]));
    const unknownType = await app.inject({ method: "POST", url: url(), headers: h(admin), payload: { ...valid, reportType: 9999 } });
    expect(body(unknownType)).toMatchObject({ error: { code: "validation", fields: [{ field: "reportType", code: "invalid_type" }] } });
  });

  it("only company admins create; operators and patrols get 403", async () => {
    expect((await app.inject({ method: "POST", url: url(), headers: h(operator), payload: valid })).statusCode).toBe(403);
    expect((await app.inject({ method: "POST", url: url(), headers: h(patrol), payload: valid })).statusCode).toBe(403);
    const a = await createAnswer(admin, { title: "  Con espacios  ", reportType: null });
    expect(a).toMatchObject({ title: "Con espacios", answerType: "comment", reportType: null, usableInManagement: true, usableInClosure: true });
  });
});

describe("GET /api/companies/:companyId/automatic-answers", () => {
  it("401, 404 for another company, 400 for a bad filter", async () => {
    expect((await app.inject({ method: "GET", url: url() })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: url(otherCompanyId), headers: h(operator) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `${url()}?usage=sometimes`, headers: h(operator) })).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: `${url()}?type=abc`, headers: h(operator) })).statusCode).toBe(400);
  });

  it("operators list the company's answers, filtered by usage and report type (plus answers for any type)", async () => {
    const db = await testDb();
    const cid = (await buildCompany(db)).id;
    const adminToken = await loginAs(app, await buildUser(db, { companyId: cid, role: "company_admin" }));
    const opToken = await loginAs(app, await buildUser(db, { companyId: cid, role: "operator" }));
    const closing = await createAnswer(adminToken, { title: "B cierre", usableInManagement: false, reportType: ROBBERY }, cid);
    const managing = await createAnswer(adminToken, { title: "A gestión", usableInClosure: false, reportType: 21 }, cid);
    const any = await createAnswer(adminToken, { title: "C general", reportType: null }, cid);
    await createAnswer(otherAdmin, { title: "De otra empresa" }, otherCompanyId);
    const list = async (q = "") => body<{ answers: AutomaticAnswer[] }>(await app.inject({ method: "GET", url: `${url(cid)}${q}`, headers: h(opToken) })).answers.map((a) => a.id);
    expect(await list()).toEqual([managing.id, closing.id, any.id]);
    expect(await list("?usage=closure")).toEqual([closing.id, any.id]);
    expect(await list("?usage=management")).toEqual([managing.id, any.id]);
    expect(await list(`?type=${ROBBERY}`)).toEqual([closing.id, any.id]);
    expect(await list("?usage=management&type=21")).toEqual([managing.id, any.id]);
  });
});

describe("PUT and DELETE /api/companies/:companyId/automatic-answers/:id", () => {
  it("401, 404 for another company's answer, 400 for bad input, 403 for operators", async () => {
    const a = await createAnswer(admin);
    expect((await app.inject({ method: "PUT", url: url(companyId, `/${a.id}`), payload: valid })).statusCode).toBe(401);
    expect((await app.inject({ method: "DELETE", url: url(companyId, `/${a.id}`) })).statusCode).toBe(401);
    // Another company's admin: through their own company the id does not exist; through ours, no membership.
    expect((await app.inject({ method: "PUT", url: url(otherCompanyId, `/${a.id}`), headers: h(otherAdmin), payload: valid })).statusCode).toBe(404);
    expect((await app.inject({ method: "PUT", url: url(companyId, `/${a.id}`), headers: h(otherAdmin), payload: valid })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: url(otherCompanyId, `/${a.id}`), headers: h(otherAdmin) })).statusCode).toBe(404);
    expect((await app.inject({ method: "PUT", url: url(companyId, `/${a.id}`), headers: h(admin), payload: { ...valid, answer: " " } })).statusCode).toBe(400);
    expect((await app.inject({ method: "PUT", url: url(companyId, "/abc"), headers: h(admin), payload: valid })).statusCode).toBe(400);
    expect((await app.inject({ method: "PUT", url: url(companyId, `/${a.id}`), headers: h(operator), payload: valid })).statusCode).toBe(403);
    expect((await app.inject({ method: "DELETE", url: url(companyId, `/${a.id}`), headers: h(operator) })).statusCode).toBe(403);
  });

  it("admins edit and delete; a deleted answer is gone", async () => {
    const a = await createAnswer(admin);
    const put = await app.inject({ method: "PUT", url: url(companyId, `/${a.id}`), headers: h(admin), payload: { ...valid, title: "Nuevo título", usableInClosure: false, reportType: null } });
    expect(body<{ answer: AutomaticAnswer }>(put).answer).toMatchObject({ id: a.id, title: "Nuevo título", usableInClosure: false, reportType: null });
    expect((await app.inject({ method: "DELETE", url: url(companyId, `/${a.id}`), headers: h(admin) })).statusCode).toBe(200);
    expect((await app.inject({ method: "DELETE", url: url(companyId, `/${a.id}`), headers: h(admin) })).statusCode).toBe(404);
    expect((await app.inject({ method: "PUT", url: url(companyId, `/${a.id}`), headers: h(admin), payload: valid })).statusCode).toBe(404);
  });
});

describe("closing with an automatic answer", () => {
  const reports = (rest: string) => `/api/companies/${companyId}/reports${rest}`;
  async function takenReport(): Promise<Report> {
    const res = await app.inject({ method: "POST", url: reports(""), headers: h(operator), payload: { type: ROBBERY, description: "Robo", ...inside, informerType: "anonymous" } });
    const r = body<{ report: Report }>(res).report;
    expect((await app.inject({ method: "POST", url: reports(`/${r.id}/take`), headers: h(operator) })).statusCode).toBe(200);
    return r;
  }
  const close = (id: number, payload: object) => app.inject({ method: "POST", url: reports(`/${id}/close`), headers: h(operator), payload });
  const comments = async (id: number) => (await testDb()).query<{ body: string; company_id: number; user_id: number }>("select body, company_id, user_id from comments where report_id = $1 order by id", [id]);

  it("400 for another company's answer or one not usable in closure, and nothing changes", async () => {
    const r = await takenReport();
    const foreign = await createAnswer(otherAdmin, {}, otherCompanyId);
    const res = await close(r.id, { kind: "solved", automaticAnswerId: foreign.id });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ error: { code: "validation", fields: [{ field: "automaticAnswerId", code: "invalid_answer" }] } });
    const managementOnly = await createAnswer(admin, { usableInClosure: false });
    expect((await close(r.id, { kind: "solved", automaticAnswerId: managementOnly.id })).statusCode).toBe(400);
    expect((await close(r.id, { kind: "solved", automaticAnswerId: "x" })).statusCode).toBe(400);
    const after = body<{ report: Report }>(await app.inject({ method: "GET", url: reports(`/${r.id}`), headers: h(operator) })).report;
    expect(after.status).toBe("in_progress");
    expect(await comments(r.id)).toEqual([]);
  });

  it("posts the answer's text as the operator's public comment in the closure's transaction, and announces it", async () => {
    const r = await takenReport();
    const a = await createAnswer(admin, { answer: "Caso resuelto por la patrulla." });
    const seen: RealtimeMessage[] = [];
    const off = app.ctx.bus.subscribe((m) => seen.push(m));
    const res = await close(r.id, { kind: "solved", automaticAnswerId: a.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ report: Report }>(res).report).toMatchObject({ status: "solved", commentsCount: 1 });
    expect(await comments(r.id)).toEqual([expect.objectContaining({ body: "Caso resuelto por la patrulla.", company_id: companyId })]);
    await waitFor(() => seen.some((m) => m.type === "newComment" && (m.data.comment as Comment).report_id === r.id), { timeout: 3000 });
    off();
    const message = seen.find((m) => m.type === "newComment" && (m.data.comment as Comment).report_id === r.id);
    expect(message).toMatchObject({ companyId, data: { reportId: r.id, comment: { body: "Caso resuelto por la patrulla.", isOperator: true } } });
    const activity = body<{ activity: { action: string; data: Record<string, unknown> }[] }>(await app.inject({ method: "GET", url: reports(`/${r.id}/activity`), headers: h(operator) })).activity;
    expect(activity.at(-1)).toMatchObject({ action: "closed", data: { kind: "solved", automaticAnswerId: a.id } });
  });

  it("a given comment replaces the answer's text; a comment alone is posted too", async () => {
    const r1 = await takenReport();
    const a = await createAnswer(admin);
    expect((await close(r1.id, { kind: "false", automaticAnswerId: a.id, comment: "Texto editado por el operador" })).statusCode).toBe(200);
    expect((await comments(r1.id)).map((c) => c.body)).toEqual(["Texto editado por el operador"]);
    const r2 = await takenReport();
    expect((await close(r2.id, { kind: "solved", comment: "Sin respuesta automática" })).statusCode).toBe(200);
    expect((await comments(r2.id)).map((c) => c.body)).toEqual(["Sin respuesta automática"]);
    const r3 = await takenReport();
    expect((await close(r3.id, { kind: "solved", comment: "   " })).statusCode).toBe(200);
    expect(await comments(r3.id)).toEqual([]);
  });

  it("a report deleted by its author closes, but not with a comment (409, nothing written)", async () => {
    const r = await takenReport();
    await (await testDb()).query("update reports set deleted_at = now(), deleted_by = 'author' where id = $1", [r.id]);
    const a = await createAnswer(admin);
    const refused = await close(r.id, { kind: "solved", automaticAnswerId: a.id });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ error: { code: "invalidTransition" } });
    expect(await comments(r.id)).toEqual([]);
    expect((await close(r.id, { kind: "solved" })).statusCode).toBe(200);
  });
});
