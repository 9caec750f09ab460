import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemScope } from "../auth/access.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";
import { sheetRowsAfter, type SheetRow } from "./report-sheet.repository.js";
import { sheetZipEntry } from "./report-sheet.js";
import { waitFor } from "../test/wait-for.js";

let app: FastifyInstance;
let companyId: number;
let otherCompanyId: number;
let adminToken: string;
let zonedToken: string;
let strangerToken: string;
const ids = { lateNight: 0, nextDay: 0, notApplicable: 0, deleted: 0, otherZone: 0 };

// 14/01/2026 in Santiago (UTC-3 in summer): a report at 23:30 local is 02:30 UTC on the 15th.
const DAY = "start_date=14/01/2026&start_time=00:00:00&end_date=14/01/2026&end_time=23:59:59";

async function insertReport(createdAt: string, zoneId: number, extra: { status?: string; closingKind?: string; deleted?: boolean; description?: string } = {}) {
  const db = await testDb();
  const [r] = await db.query<{ id: number }>(
    `insert into reports (type_id, initial_type_id, description, latitude, longitude, address, created_at, deleted_at, deleted_by)
     values (0, 0, $1, -33.45, -70.65, 'Merced 100', $2, $3, $4) returning id`,
    [extra.description ?? "Robo en la esquina", createdAt, extra.deleted ? createdAt : null, extra.deleted ? "admin" : null],
  );
  await db.query("insert into report_attentions (company_id, report_id, zone_ids, status, closing_kind) values ($1, $2, $3, $4, $5)", [
    companyId, r!.id, [zoneId], extra.status ?? "pending", extra.closingKind ?? null,
  ]);
  return r!.id;
}

async function sheetOf(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).slice(1);
  const rows: Record<string, unknown>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [String(h), values[i]])));
  });
  return { header, rows };
}

beforeAll(async () => {
  app = await testApp();
  await app.ready();
  const db = await testDb();
  const company = await buildCompany(db);
  companyId = company.id;
  otherCompanyId = (await buildCompany(db)).id;
  const [north] = await db.query<{ id: number }>(
    "insert into zones (company_id, name, geojson, area) values ($1, 'Norte', '{}', '((-70.7,-33.4),(-70.6,-33.4),(-70.6,-33.3),(-70.7,-33.3))'::polygon) returning id",
    [companyId],
  );
  const zoned = await buildUser(db, { companyId, role: "operator" });
  await db.query("update memberships set zone_ids = $3 where company_id = $1 and user_id = $2", [companyId, zoned.id, [company.zoneId]]);
  [adminToken, zonedToken, strangerToken] = await Promise.all([
    loginAs(app, await buildUser(db, { companyId, role: "company_admin" })),
    loginAs(app, zoned),
    loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" })),
  ]);
  ids.lateNight = await insertReport("2026-01-15T02:30:00Z", company.zoneId, { description: "A las 23:30" });
  ids.nextDay = await insertReport("2026-01-15T03:30:00Z", company.zoneId, { description: "Día siguiente" });
  ids.notApplicable = await insertReport("2026-01-14T15:00:00Z", company.zoneId, { status: "false", closingKind: "false" });
  ids.deleted = await insertReport("2026-01-14T16:00:00Z", company.zoneId, { deleted: true });
  ids.otherZone = await insertReport("2026-01-14T17:00:00Z", north!.id);
});
afterAll(() => app.close());

const url = (query: string, company = companyId) => `/api/companies/${company}/reports/export?${query}`;

describe("GET /api/companies/{companyId}/reports/export", () => {
  it("answers 401 without a token, 404 for another company, 400 for a date that does not exist", async () => {
    expect((await app.inject({ method: "GET", url: url(DAY) })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: url(DAY), headers: { "access-token": strangerToken } })).statusCode).toBe(404);
    for (const bad of ["start_date=31/02/2026", "start_date=2026-01-14", "start_time=25:00:00&start_date=14/01/2026", "timezone=Mars/Base", "typeSelected=1;drop"]) {
      const res = await app.inject({ method: "GET", url: url(bad), headers: { "access-token": adminToken } });
      expect(res.statusCode, bad).toBe(400);
    }
    const reversed = await app.inject({ method: "GET", url: url("start_date=15/01/2026&end_date=14/01/2026"), headers: { "access-token": adminToken } });
    expect(body(reversed)).toMatchObject({ error: { code: "validation" } });
  });

  it("streams the day's reports in Santiago time, with not-applicable and deleted ones, header in the user's language", async () => {
    const res = await app.inject({ method: "GET", url: url(`${DAY}&timezone=America/Santiago`), headers: { "access-token": adminToken, "accept-language": "en" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="reportes-.*\.xlsx"$/);
    const { header, rows } = await sheetOf(res.rawPayload);
    expect(header.slice(0, 5)).toEqual(["ID", "UUID", "Created", "Type", "Status"]);
    // In the order they were made.
    expect(rows.map((r) => r.ID)).toEqual([ids.notApplicable, ids.deleted, ids.otherZone, ids.lateNight]);
    const late = rows.find((r) => r.ID === ids.lateNight)!;
    // The wall-clock time in Santiago, on the 14th.
    expect((late.Created as Date).toISOString()).toBe("2026-01-14T23:30:00.000Z");
    expect(late).toMatchObject({ Status: "Pending", Description: "A las 23:30", Address: "Merced 100", Zones: "Centro", Deleted: undefined });
    expect(rows.find((r) => r.ID === ids.notApplicable)).toMatchObject({ Status: "Not applicable" });
    expect(rows.find((r) => r.ID === ids.deleted)).toMatchObject({ Deleted: "Yes (administrator)" });
  });

  it("reads the window in a UTC offset too: the next Santiago day holds the 00:30 report", async () => {
    const res = await app.inject({ method: "GET", url: url("start_date=15/01/2026&end_date=15/01/2026&timezone=-03:00"), headers: { "access-token": adminToken } });
    const { header, rows } = await sheetOf(res.rawPayload);
    expect(header[2]).toBe("Fecha de creación");
    expect(rows.map((r) => r.ID)).toEqual([ids.nextDay]);
  });

  it("answers 422 noReportsToExport in the user's language for an empty window, never an empty file", async () => {
    const res = await app.inject({ method: "GET", url: url("start_date=01/01/2020&end_date=02/01/2020"), headers: { "access-token": adminToken, "accept-language": "fr" } });
    expect(res.statusCode).toBe(422);
    expect(body(res)).toMatchObject({ error: { code: "noReportsToExport", message: "Aucun signalement à exporter entre ces dates" } });
  });

  it("gives a zone-restricted operator only the reports of their zones", async () => {
    const res = await app.inject({ method: "GET", url: url(DAY), headers: { "access-token": zonedToken } });
    const { rows } = await sheetOf(res.rawPayload);
    expect(rows.map((r) => r.ID)).not.toContain(ids.otherZone);
    expect(rows.map((r) => r.ID)).toContain(ids.lateNight);
  });
});

describe("the sheet's zip entry", () => {
  it("is found in exceljs's internals once the zip takes the sheet, so the writer can wait for it (issue 37)", async () => {
    const out = new PassThrough();
    out.resume();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet("Reportes");
    sheet.columns = [{ header: "ID", key: "id" }];
    // The zip opens the sheet's entry after the workbook's first files: rows until it has.
    for (let id = 0; id < 5000 && !sheetZipEntry(sheet); id++) {
      sheet.addRow({ id }).commit();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(sheetZipEntry(sheet), "exceljs's sheet stream no longer has the zip's entry in pipes[0] with a write buffer").toBeDefined();
    sheet.commit();
    await workbook.commit();
  });
});

describe("the sheet's pages", () => {
  it("go through the window in creation order, each report once, however many share an instant", async () => {
    const db = await testDb();
    const { id: company, zoneId } = await buildCompany(db);
    const created = [];
    // Five reports at one microsecond-precise instant (a JavaScript date would round it), two around it.
    for (const at of ["2026-02-01T10:00:00.000100Z", ...Array(5).fill("2026-02-01T10:00:00.123456Z"), "2026-02-01T10:00:00.123457Z"]) {
      const [r] = await db.query<{ id: number }>(
        "insert into reports (type_id, initial_type_id, description, latitude, longitude, created_at) values (0, 0, 'Página', -33.45, -70.65, $1) returning id",
        [at],
      );
      await db.query("insert into report_attentions (company_id, report_id, zone_ids, status) values ($1, $2, $3, 'pending')", [company, r!.id, [zoneId]]);
      created.push(r!.id);
    }
    const window = { from: new Date("2026-02-01T00:00:00Z"), to: new Date("2026-02-02T00:00:00Z"), typeIds: [] };
    const seen: number[] = [];
    let after: SheetRow | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const rows: SheetRow[] = await sheetRowsAfter(db, systemScope(company), window, after, 2);
      if (rows.length === 0) break;
      seen.push(...rows.map((r) => r.id));
      after = rows[rows.length - 1]!;
    }
    expect(seen).toEqual(created);
  });
});

describe("background export: POST …/reports/exports, GET …/exports/{jobId}, GET …/exports/{jobId}/file", () => {
  it("answers 401, 404 for another company, 422 for an empty window", async () => {
    const exportsUrl = `/api/companies/${companyId}/reports/exports`;
    expect((await app.inject({ method: "POST", url: exportsUrl, payload: {} })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: exportsUrl, payload: {}, headers: { "access-token": strangerToken } })).statusCode).toBe(404);
    const empty = await app.inject({ method: "POST", url: exportsUrl, payload: { start_date: "01/01/2020", end_date: "02/01/2020" }, headers: { "access-token": adminToken } });
    expect(body(empty)).toMatchObject({ error: { code: "noReportsToExport" } });
    expect((await app.inject({ method: "POST", url: exportsUrl, payload: { start_date: "1/1/2020" }, headers: { "access-token": adminToken } })).statusCode).toBe(400);
  });

  it("writes the file in a job, reports its progress, and serves it only inside the company and the restrictions", async () => {
    const base = `/api/companies/${companyId}/reports/exports`;
    const created = await app.inject({
      method: "POST", url: base, headers: { "access-token": adminToken },
      payload: { start_date: "14/01/2026", start_time: "00:00:00", end_date: "14/01/2026", end_time: "23:59:59", typeSelected: "0" },
    });
    expect(created.statusCode).toBe(200);
    const { jobId } = body<{ jobId: number }>(created);
    const status = await waitFor(async () => {
      const res = await app.inject({ method: "GET", url: `${base}/${jobId}`, headers: { "access-token": adminToken } });
      const s = body<{ state: string; rowsWritten: number; rowsTotal: number }>(res);
      expect(s.state).toBe("done");
      return s;
    }, { timeout: 15_000 });
    expect(status).toEqual({ state: "done", rowsWritten: 4, rowsTotal: 4 });
    const file = await app.inject({ method: "GET", url: `${base}/${jobId}/file`, headers: { "access-token": adminToken } });
    expect(file.statusCode).toBe(200);
    const { rows } = await sheetOf(file.rawPayload);
    expect(rows).toHaveLength(4);
    expect((rows.find((r) => r.ID === ids.lateNight)!["Fecha de creación"] as Date).toISOString()).toBe("2026-01-14T23:30:00.000Z");

    // Another company's member, and a restricted operator who did not ask for it, get 404.
    const stranger = `/api/companies/${otherCompanyId}/reports/exports/${jobId}`;
    expect((await app.inject({ method: "GET", url: stranger, headers: { "access-token": strangerToken } })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `${stranger}/file`, headers: { "access-token": strangerToken } })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `${base}/${jobId}/file`, headers: { "access-token": zonedToken } })).statusCode).toBe(404);
  });

  it("gives a restricted operator's job only their zones' reports", async () => {
    const base = `/api/companies/${companyId}/reports/exports`;
    const created = await app.inject({ method: "POST", url: base, headers: { "access-token": zonedToken }, payload: { start_date: "14/01/2026", end_date: "14/01/2026" } });
    const { jobId } = body<{ jobId: number }>(created);
    await waitFor(async () => {
      const res = await app.inject({ method: "GET", url: `${base}/${jobId}`, headers: { "access-token": zonedToken } });
      expect(body(res)).toMatchObject({ state: "done" });
    }, { timeout: 15_000 });
    const file = await app.inject({ method: "GET", url: `${base}/${jobId}/file`, headers: { "access-token": zonedToken } });
    const { rows } = await sheetOf(file.rawPayload);
    expect(rows.map((r) => r.ID)).not.toContain(ids.otherZone);
    expect(rows).toHaveLength(3);
    // The admin (who sees every report) may read it.
    expect((await app.inject({ method: "GET", url: `${base}/${jobId}/file`, headers: { "access-token": adminToken } })).statusCode).toBe(200);
  });
});
