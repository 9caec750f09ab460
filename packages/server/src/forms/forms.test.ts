import type { FastifyInstance } from "fastify";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldError, FormComponent } from "@atalaya/shared";
import { one, type Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";
import { formFileName } from "./form-export.js";

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let operator: string;
let patrol: string;
let otherAdmin: string;
let selectorId: number;

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  admin = await loginAs(app, await buildUser(db, { companyId, role: "company_admin" }));
  operator = await loginAs(app, await buildUser(db, { companyId, role: "operator" }));
  patrol = await loginAs(app, await buildUser(db, { companyId, role: "patrol" }));
  otherAdmin = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" }));
  const sel = await one<{ id: number }>(db, `insert into selector_lists (company_id, name, items) values ($1, 'Materiales', '[{"name":"Poste"},{"name":"Cable"}]') returning id`, [companyId]);
  selectorId = sel!.id;
});
afterAll(() => app.close());

const h = (t: string, lang = "es") => ({ "access-token": t, "accept-language": lang });
const url = (what: string, cid = companyId) => `/api/companies/${cid}/${what}`;
const fieldsOf = (res: { body: string }) => (JSON.parse(res.body) as { error: { fields?: FieldError[] } }).error.fields ?? [];

const components = (): FormComponent[] => [
  { type: "textSection", fieldKey: "intro", label: "Revise cada punto", style: "info" },
  { type: "text", fieldKey: "name", label: "Nombre", required: true, maxLength: 20 },
  { type: "numeric", fieldKey: "count", numberKind: "integer" },
  { type: "dropdown", fieldKey: "region", label: "Región", advancedFilter: true, options: [{ label: "Norte", value: "n" }, { label: "Sur", value: "s", extraValue: true }] },
  { type: "dropdown", fieldKey: "city", dependsOn: "region", options: [{ label: "Arica", value: "arica", parentValue: "n" }, { label: "Osorno", value: "osorno", parentValue: "s" }] },
  { type: "list", fieldKey: "material", selectorId: 0 },
  { type: "date", fieldKey: "day" },
  { type: "images", fieldKey: "photos", fileLimit: 2 },
  { type: "section", fieldKey: "checks", children: [
    { type: "radio", fieldKey: "lights", options: [{ label: "OK", value: "ok", percentage: 100 }, { label: "Mal", value: "bad", percentage: 0, triggerIssue: true }] },
    { type: "bulkDefault", fieldKey: "all-ok", defaultValue: "ok" },
    { type: "signature", fieldKey: "sign", required: true },
  ] },
  { type: "geolocation", fieldKey: "where", changesReportLocation: true },
];
const template = (extra: Record<string, unknown> = {}) => ({ title: "Inspección de luminarias", components: components().map((c) => (c.type === "list" ? { ...c, selectorId } : c)), ...extra });
const SIGN = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const answers = (extra: Record<string, unknown> = {}) => ({ values: { name: "Ana", count: 2, region: "n", city: "arica", material: "Poste", day: "2026-03-01", lights: "ok", sign: SIGN, where: { lat: -33.45, lng: -70.65 }, ...extra } });

async function createTemplate(payload: Record<string, unknown> = template(), token = admin, cid = companyId) {
  const res = await app.inject({ method: "POST", url: url("form-templates", cid), headers: h(token), payload });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ template: { id: number; version: number } }>(res).template;
}

describe("form templates", () => {
  it("create, read, list with search, and SPEC §7's list; operators read, only admins write", async () => {
    const t = await createTemplate();
    expect(t.version).toBe(1);
    const got = await app.inject({ method: "GET", url: url(`form-templates/${t.id}`), headers: h(operator) });
    expect(body<{ template: { components: FormComponent[] } }>(got).template.components).toHaveLength(10);
    const list = body<{ templates: { id: number }[] }>(await app.inject({ method: "GET", url: url("form-templates?q=lumina"), headers: h(operator) }));
    expect(list.templates.map((x) => x.id)).toContain(t.id);
    expect(body<{ templates: unknown[] }>(await app.inject({ method: "GET", url: url("form-templates?q=zzzz"), headers: h(operator) })).templates).toEqual([]);
    expect((await app.inject({ method: "POST", url: url("form-templates"), headers: h(operator), payload: template() })).statusCode).toBe(403);
    const spec = body<{ success: boolean; data: { forms: { id: number; title: string }[] } }>(await app.inject({ method: "GET", url: `/api/company-forms/forms?includeDeleted=true&companyId=${companyId}`, headers: h(admin) }));
    expect(spec.success).toBe(true);
    expect(spec.data.forms.find((f) => f.id === t.id)?.title).toBe("Inspección de luminarias");
  });

  it("an invalid template is a 400 with the offending components' paths and SPEC §5 texts", async () => {
    const bad = template({ components: [{ type: "text", fieldKey: "a b" }, { type: "section", fieldKey: "s", children: [{ type: "text", fieldKey: "" }, { type: "numeric", fieldKey: "dup" }, { type: "numeric", fieldKey: "dup" }] }] });
    const res = await app.inject({ method: "POST", url: url("form-templates"), headers: h(admin, "en"), payload: bad });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([
      { field: "components.0.fieldKey", code: "fieldKeyPattern", message: "Field Key can only contain letters, numbers and hyphens" },
      { field: "components.1.children.0.fieldKey", code: "fieldKeyRequired", message: "Field Key is required" },
      { field: "components.1.children.2.fieldKey", code: "fieldKeyTaken", message: "This Field Key already exists. Must be unique." },
    ]);
    const pct = await app.inject({ method: "POST", url: url("form-templates"), headers: h(admin), payload: template({ components: [{ type: "radio", fieldKey: "r", options: [{ label: "a", value: "a", percentage: 150 }] }] }) });
    expect(fieldsOf(pct).map((f) => [f.field, f.code])).toEqual([["components.0.options.0.percentage", "percentageRange"]]);
    // Another company's selector list is not one of this company's.
    const foreign = await app.inject({ method: "POST", url: url("form-templates", otherCompanyId), headers: h(otherAdmin), payload: template() });
    expect(fieldsOf(foreign).map((f) => [f.field, f.code])).toEqual([["components.5.selectorId", "selectorRequired"]]);
    const inactive = await app.inject({ method: "POST", url: url("form-templates"), headers: h(admin), payload: template({ reportType: 999 }) });
    expect(fieldsOf(inactive).map((f) => f.field)).toEqual(["reportType"]);
  });

  it("editing a template with submissions makes a new version; each submission keeps its own", async () => {
    const t = await createTemplate();
    // No submission yet: the same version is replaced.
    let res = await app.inject({ method: "PUT", url: url(`form-templates/${t.id}`), headers: h(admin), payload: template({ title: "Inspección v1" }) });
    expect(body<{ template: { version: number } }>(res).template.version).toBe(1);
    const sub = await app.inject({ method: "POST", url: url(`form-templates/${t.id}/submissions`), headers: h(operator), payload: answers() });
    expect(sub.statusCode, sub.body).toBe(200);
    const subId = body<{ submission: { id: number } }>(sub).submission.id;
    res = await app.inject({ method: "PUT", url: url(`form-templates/${t.id}`), headers: h(admin), payload: template({ title: "Inspección v2", components: [{ type: "text", fieldKey: "note", required: true }] }) });
    expect(body<{ template: { version: number; title: string } }>(res).template).toMatchObject({ version: 2, title: "Inspección v2" });
    const read = body<{ submission: { version: number; values: Record<string, unknown> }; template: { version: number; title: string } }>(await app.inject({ method: "GET", url: url(`form-submissions/${subId}`), headers: h(operator) }));
    expect(read.submission.version).toBe(1);
    expect(read.template).toMatchObject({ version: 1, title: "Inspección v1" });
    expect(read.submission.values.name).toBe("Ana");
    // New submissions fill version 2.
    const v2 = await app.inject({ method: "POST", url: url(`form-templates/${t.id}/submissions`), headers: h(operator), payload: { values: { note: "ok" } } });
    expect(v2.statusCode, v2.body).toBe(200);
    const list = body<{ submissions: { version: number }[]; versions: { version: number }[] }>(await app.inject({ method: "GET", url: url(`form-submissions?templateId=${t.id}`), headers: h(operator) }));
    expect(list.submissions.map((s) => s.version)).toEqual([2, 1]);
    expect(list.versions.map((v) => v.version)).toEqual([1, 2]);
  });

  it("soft delete: gone from lists, kept with includeDeleted, refuses new submissions", async () => {
    const t = await createTemplate();
    expect((await app.inject({ method: "DELETE", url: url(`form-templates/${t.id}`), headers: h(admin) })).statusCode).toBe(200);
    const ids = (q: string) => app.inject({ method: "GET", url: url(`form-templates${q}`), headers: h(admin) }).then((r) => body<{ templates: { id: number }[] }>(r).templates.map((x) => x.id));
    expect(await ids("")).not.toContain(t.id);
    expect(await ids("?includeDeleted=true")).toContain(t.id);
    expect((await app.inject({ method: "POST", url: url(`form-templates/${t.id}/submissions`), headers: h(operator), payload: answers() })).statusCode).toBe(404);
    const monitoring = body<{ data: { forms: { total: number; deleted: number } } }>(await app.inject({ method: "GET", url: `/api/operator/monitoring?include_deleted_forms=true&companyId=${companyId}`, headers: h(admin) }));
    expect(monitoring.data.forms.deleted).toBeGreaterThanOrEqual(1);
    expect(monitoring.data.forms.total).toBeGreaterThan(monitoring.data.forms.deleted);
  });

  it("another company's template answers 404 to every door", async () => {
    const t = await createTemplate();
    for (const [method, u] of [["GET", url(`form-templates/${t.id}`, otherCompanyId)], ["PUT", url(`form-templates/${t.id}`, otherCompanyId)], ["DELETE", url(`form-templates/${t.id}`, otherCompanyId)], ["POST", url(`form-templates/${t.id}/submissions`, otherCompanyId)], ["POST", `/api/app/forms/${t.id}/submissions`]] as const) {
      const res = await app.inject({ method, url: u, headers: h(otherAdmin), ...(method === "GET" || method === "DELETE" ? {} : { payload: method === "PUT" ? template() : answers() }) });
      expect(res.statusCode, `${method} ${u}`).toBe(404);
    }
  });
});

describe("form categories", () => {
  it("names required and unique among siblings; a subcategory needs its category", async () => {
    const res = await app.inject({ method: "POST", url: url("form-categories"), headers: h(admin), payload: { name: "Seguridad" } });
    expect(res.statusCode, res.body).toBe(200);
    const cat = body<{ category: { id: number } }>(res).category;
    const dup = await app.inject({ method: "POST", url: url("form-categories"), headers: h(admin, "en"), payload: { name: "seguridad" } });
    expect(dup.statusCode).toBe(409);
    expect(body<{ error: { reason: string; message: string } }>(dup).error).toMatchObject({ reason: "categoryNameTaken", message: "A category with that name already exists" });
    expect(fieldsOf(await app.inject({ method: "POST", url: url("form-categories"), headers: h(admin), payload: { name: " " } })).map((f) => f.code)).toEqual(["categoryNameRequired"]);
    const sub = await app.inject({ method: "POST", url: url("form-categories"), headers: h(admin), payload: { name: "Seguridad", parentId: cat.id } });
    expect(sub.statusCode, sub.body).toBe(200);
    const subId = body<{ category: { id: number } }>(sub).category.id;
    expect(fieldsOf(await app.inject({ method: "POST", url: url("form-categories"), headers: h(admin), payload: { name: "X", parentId: subId } })).map((f) => f.code)).toEqual(["subcategoryNeedsCategory"]);
    // A template: subcategory without category, or of another category, is refused.
    expect(fieldsOf(await app.inject({ method: "POST", url: url("form-templates"), headers: h(admin), payload: template({ subcategory: subId }) })).map((f) => f.code)).toEqual(["subcategoryNeedsCategory"]);
    const t = await createTemplate(template({ category: cat.id, subcategory: subId }));
    const got = body<{ template: { categoryName: string; subcategoryName: string } }>(await app.inject({ method: "GET", url: url(`form-templates/${t.id}`), headers: h(admin) }));
    expect(got.template).toMatchObject({ categoryName: "Seguridad", subcategoryName: "Seguridad" });
    // Another company cannot name this category.
    expect((await app.inject({ method: "PUT", url: url(`form-categories/${cat.id}`, otherCompanyId), headers: h(otherAdmin), payload: { name: "Y" } })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: url(`form-categories/${cat.id}`), headers: h(admin) })).statusCode).toBe(200);
    const after = body<{ template: { category: number | null; subcategory: number | null } }>(await app.inject({ method: "GET", url: url(`form-templates/${t.id}`), headers: h(admin) }));
    expect(after.template).toMatchObject({ category: null, subcategory: null });
  });
});

describe("form submissions", () => {
  it("checks values against the template: required, types, options, dependent options, predefined lists", async () => {
    const t = await createTemplate();
    const post = (payload: unknown) => app.inject({ method: "POST", url: url(`form-templates/${t.id}/submissions`), headers: h(operator, "en"), payload: payload as object });
    const res = await post(answers({ name: "", count: 1.5, city: "osorno", material: "Árbol", sign: null }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).map((f) => `${f.field}:${f.code}`)).toEqual(["values.name:valueRequired", "values.count:valueNotInteger", "values.city:valueNotOption", "values.material:valueNotOption", "values.sign:valueRequired"]);
    expect(fieldsOf(res)[0]!.message).toBe("This field is required");
    expect((await post({ values: { ...answers().values, intruder: 1 } })).statusCode).toBe(400);
    expect((await post(answers())).statusCode).toBe(200);
    // Filters on advanced-filter components only, author and dates.
    await post(answers({ region: "s", city: "osorno" }));
    const list = (q: string) => app.inject({ method: "GET", url: url(`form-submissions?templateId=${t.id}${q}`), headers: h(admin) });
    const sur = body<{ submissions: { values: { region: string } }[]; total: number }>(await list(`&filters=${encodeURIComponent(JSON.stringify({ region: "s" }))}`));
    expect(sur.total).toBe(1);
    expect(sur.submissions[0]!.values.region).toBe("s");
    expect((await list(`&filters=${encodeURIComponent(JSON.stringify({ name: "Ana" }))}`)).statusCode).toBe(400);
    expect((await list("&filters=%7Bnot-json")).statusCode).toBe(400);
    expect(body<{ total: number }>(await list(`&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);
  });

  it("a template with a report type creates that report at the form's point", async () => {
    const t = await createTemplate(template({ reportType: 0 }));
    const res = await app.inject({ method: "POST", url: url(`form-templates/${t.id}/submissions`), headers: h(operator), payload: answers({ where: { lat: -33.44, lng: -70.64, address: "Alameda 100" } }) });
    expect(res.statusCode, res.body).toBe(200);
    const { reportId } = body<{ submission: { reportId: number } }>(res).submission;
    expect(reportId).toBeGreaterThan(0);
    const report = await one<{ type_id: number; latitude: number; longitude: number; source: string; description: string }>(db, "select type_id, latitude, longitude, source, description from reports where id = $1", [reportId]);
    expect(report).toMatchObject({ type_id: 0, latitude: -33.44, longitude: -70.64, source: "form" });
    expect(report!.description).toContain("Nombre: Ana");
    const attended = await db.query("select company_id from report_attentions where report_id = $1", [reportId]);
    expect(attended).toEqual([{ company_id: companyId }]);
    // Without a point there is nothing to report at.
    const noPoint = await app.inject({ method: "POST", url: url(`form-templates/${t.id}/submissions`), headers: h(operator), payload: answers({ where: null }) });
    expect(fieldsOf(noPoint).map((f) => f.field)).toEqual(["values.where"]);
  });

  it("the patrol app fills a form of its company", async () => {
    const t = await createTemplate();
    const res = await app.inject({ method: "POST", url: `/api/app/forms/${t.id}/submissions`, headers: h(patrol), payload: answers() });
    expect(res.statusCode, res.body).toBe(200);
    const s = body<{ submission: { id: number } }>(res).submission;
    const read = body<{ submission: { via: string } }>(await app.inject({ method: "GET", url: url(`form-submissions/${s.id}`), headers: h(admin) }));
    expect(read.submission.via).toBe("app");
  });

  it("images: JPEG/PNG uploads claimed once by the submission that names them", async () => {
    const t = await createTemplate();
    const png = Buffer.from(SIGN.split(",")[1]!, "base64");
    const boundary = "----formtest";
    const multipart = (content: Buffer, filename: string) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const upload = (content: Buffer, filename: string) =>
      app.inject({ method: "POST", url: url(`form-templates/${t.id}/files`), headers: { ...h(operator), "content-type": `multipart/form-data; boundary=${boundary}` }, payload: multipart(content, filename) });
    const bad = await upload(Buffer.from("hola"), "a.png");
    expect(bad.statusCode).toBe(400);
    expect(body<{ error: { code: string } }>(bad).error.code).toBe("invalidFileType");
    const up = await upload(png, "foto.png");
    expect(up.statusCode, up.body).toBe(200);
    const { name } = body<{ name: string }>(up);
    const post = () => app.inject({ method: "POST", url: url(`form-templates/${t.id}/submissions`), headers: h(operator), payload: answers({ photos: [name] }) });
    expect((await post()).statusCode).toBe(200);
    // The same image cannot be claimed twice.
    expect((await post()).statusCode).toBe(400);
    const file = await app.inject({ method: "GET", url: url(`form-files/${name}`), headers: h(admin) });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect((await app.inject({ method: "GET", url: url(`form-files/${name}`, otherCompanyId), headers: h(otherAdmin) })).statusCode).toBe(404);
  });
});

describe("public fill links", () => {
  it("admins create and revoke links; a live token opens and fills the form; revoked and expired ones answer 404", async () => {
    const t = await createTemplate();
    const create = (payload: unknown) => app.inject({ method: "POST", url: url(`form-templates/${t.id}/links`), headers: h(admin), payload: payload as object });
    expect((await app.inject({ method: "POST", url: url(`form-templates/${t.id}/links`), headers: h(operator), payload: {} })).statusCode).toBe(403);
    const link = body<{ link: { id: number; token: string } }>(await create({})).link;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const open = await app.inject({ method: "GET", url: `/api/public/forms/${link.token}` });
    expect(open.statusCode).toBe(200);
    const opened = body<{ template: { id: number }; selectors: { id: number; items: string[] }[] }>(open);
    expect(opened.template.id).toBe(t.id);
    expect(opened.selectors).toEqual([{ id: selectorId, items: ["Poste", "Cable"] }]);
    const sent = await app.inject({ method: "POST", url: `/api/public/forms/${link.token}`, payload: answers() });
    expect(sent.statusCode, sent.body).toBe(200);
    const s = body<{ submission: { id: number } }>(sent).submission;
    const read = body<{ submission: { via: string; author: null } }>(await app.inject({ method: "GET", url: url(`form-submissions/${s.id}`), headers: h(admin) }));
    expect(read.submission).toMatchObject({ via: "public", author: null });
    // Revoked.
    expect((await app.inject({ method: "DELETE", url: url(`form-links/${link.id}`), headers: h(admin) })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: `/api/public/forms/${link.token}` })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: `/api/public/forms/${link.token}`, payload: answers() })).statusCode).toBe(404);
    // Expired (set in the past in the database: the API refuses a past expiry).
    expect((await create({ expiresAt: new Date(Date.now() - 1000).toISOString() })).statusCode).toBe(400);
    const soon = body<{ link: { id: number; token: string } }>(await create({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() })).link;
    expect((await app.inject({ method: "GET", url: `/api/public/forms/${soon.token}` })).statusCode).toBe(200);
    await db.query("update form_links set expires_at = now() - interval '1 second' where id = $1", [soon.id]);
    expect((await app.inject({ method: "GET", url: `/api/public/forms/${soon.token}` })).statusCode).toBe(404);
    // Another company cannot revoke or list them.
    expect((await app.inject({ method: "GET", url: url(`form-templates/${t.id}/links`, otherCompanyId), headers: h(otherAdmin) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/public/forms/short" })).statusCode).toBe(400);
  });
});

describe("results export", () => {
  async function exportOf(templateId: number, lang = "es") {
    const start = await app.inject({ method: "POST", url: url("form-submissions/exports"), headers: h(admin, lang), payload: { templateId } });
    expect(start.statusCode, start.body).toBe(200);
    const { jobId } = body<{ jobId: number }>(start);
    const job = await one<{ id: number }>(db, "select id from jobs where id = $1 and kind = 'forms.export'", [jobId]);
    expect(job).toBeTruthy();
    let state = "";
    for (let i = 0; i < 200 && state !== "done" && state !== "failed"; i++) {
      state = body<{ state: string }>(await app.inject({ method: "GET", url: url(`form-submissions/exports/${jobId}`), headers: h(admin) })).state;
      if (state !== "done") await new Promise((r) => setTimeout(r, 50));
    }
    expect(state).toBe("done");
    const file = await app.inject({ method: "GET", url: url(`form-submissions/exports/${jobId}/file`), headers: h(admin) });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    return { jobId, sheet: wb.worksheets[0]!, disposition: String(file.headers["content-disposition"]) };
  }
  const cells = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

  it("writes an XLSX with a column per field, its label over its key, through a background job", async () => {
    const t = await createTemplate();
    await app.inject({ method: "POST", url: url(`form-templates/${t.id}/submissions`), headers: h(operator), payload: answers({ region: "s", city: "osorno" }) });
    const { jobId, sheet } = await exportOf(t.id);
    expect(cells(sheet, 1).slice(0, 5)).toEqual(["N°", "Fecha", "Autor", "Versión", "Reporte"]);
    // The label where the component has one, else the key; the keys in the second header row.
    expect(cells(sheet, 1).slice(5)).toEqual(["Nombre", "count", "Región", "city", "material", "day", "photos", "lights", "sign", "where"]);
    expect(cells(sheet, 2)).toEqual(["id", "createdAt", "author", "version", "reportId", "name", "count", "region", "city", "material", "day", "photos", "lights", "sign", "where"]);
    const row = cells(sheet, 3);
    expect(row.slice(5, 10)).toEqual(["Ana", 2, "s", "osorno", "Poste"]);
    expect((await app.inject({ method: "GET", url: url(`form-submissions/exports/${jobId}`, otherCompanyId), headers: h(otherAdmin) })).statusCode).toBe(404);
  });

  it("names the file after the form's title in plain letters and the day on the company's clock", async () => {
    const t = await createTemplate({ title: "Inspección nocturna: Ñuñoa", components: [{ type: "text", fieldKey: "who", label: "Quién" }] });
    const { disposition } = await exportOf(t.id);
    expect(disposition).toMatch(/^attachment; filename="Inspeccion-nocturna-Nunoa-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    // 02:00 UTC on 10 January is still the 9th in Santiago (UTC-3), already the 10th in Paris.
    expect(formFileName("Turnos", "2026-01-10T02:00:00Z", "America/Santiago")).toBe("Turnos-2026-01-09.xlsx");
    expect(formFileName("Turnos", "2026-01-10T02:00:00Z", "Europe/Paris")).toBe("Turnos-2026-01-10.xlsx");
    expect(formFileName("¿¡!?", "2026-01-10T12:00:00Z", "America/Santiago")).toBe("formulario-2026-01-10.xlsx");
  });

  it("writes times on the company's clock and date answers as date cells, headers in the reader's language", async () => {
    const t = await createTemplate({ title: "Turnos", components: [
      { type: "text", fieldKey: "who", label: "Quién" },
      { type: "date", fieldKey: "day", label: "Día" },
      { type: "date", fieldKey: "at", label: "Hora de llegada", dateKind: "datetime" },
      { type: "date", fieldKey: "wall", dateKind: "datetime" },
    ] });
    const sent = await app.inject({ method: "POST", url: url(`form-templates/${t.id}/submissions`), headers: h(operator), payload: { values: { who: "Ana", day: "2026-01-15", at: "2026-01-15T12:30:00Z", wall: "2026-07-01T08:15" } } });
    expect(sent.statusCode, sent.body).toBe(200);
    const { submission } = body<{ submission: { id: number } }>(sent);
    // Sent at 02:00 UTC on 10 January: 23:00 of the 9th in Santiago (summer, UTC-3).
    await db.query("update form_submissions set created_at = '2026-01-10T02:00:00Z' where id = $1", [submission.id]);
    const { sheet } = await exportOf(t.id, "en");
    expect(cells(sheet, 1)).toEqual(["No.", "Date", "Author", "Version", "Report", "Quién", "Día", "Hora de llegada", "wall"]);
    const row = sheet.getRow(3);
    // exceljs reads a date cell back as a Date holding the wall-clock time as if UTC.
    expect(row.getCell(2).value).toEqual(new Date("2026-01-09T23:00:00Z"));
    expect(row.getCell(2).numFmt).toBe("dd/mm/yyyy hh:mm:ss");
    expect(row.getCell(7).value).toEqual(new Date("2026-01-15T00:00:00Z"));
    expect(row.getCell(7).numFmt).toBe("dd/mm/yyyy");
    expect(row.getCell(8).value).toEqual(new Date("2026-01-15T09:30:00Z"));
    expect(row.getCell(8).numFmt).toBe("dd/mm/yyyy hh:mm:ss");
    // A date-time written without an offset is the wall-clock time it names.
    expect(row.getCell(9).value).toEqual(new Date("2026-07-01T08:15:00Z"));
    // Another zone is another clock.
    await db.query("update companies set timezone = 'Europe/Paris' where id = $1", [companyId]);
    try {
      const paris = (await exportOf(t.id)).sheet.getRow(3);
      expect(paris.getCell(2).value).toEqual(new Date("2026-01-10T03:00:00Z"));
      expect(paris.getCell(8).value).toEqual(new Date("2026-01-15T13:30:00Z"));
    } finally {
      await db.query("update companies set timezone = 'America/Santiago' where id = $1", [companyId]);
    }
  });
});
