import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report, ReportedUser } from "@atalaya/shared";
import { body, buildUser, loginAs } from "./test/harness.js";
import { appLoginAs, h, interactionWorld, type World } from "./test/interactions.js";
import { hasPdftotext, pdftotext } from "./test/tools.js";

// SPEC §6's gates by company id, as data (company_gates): company A joins "showing user emails" (as
// 11 and 1 are in it) and "blocking users without role" (as 268 and 110); company B, which attends the
// same community reports, is in neither (checked: ids are shared with other test files).
let w: World;
let adminA: string;
let adminB: string;
let report: { id: number; uuid: string };
let seqB: number;

beforeAll(async () => {
  w = await interactionWorld();
  for (const gate of ["show_user_emails", "block_users_without_role"]) {
    await w.db.query("insert into company_gates (gate, company_id) values ($1, $2) on conflict do nothing", [gate, w.companyA]);
    expect(await w.db.query("select 1 from company_gates where gate = $1 and company_id = $2", [gate, w.companyB])).toHaveLength(0);
  }
  adminA = await loginAs(w.app, await buildUser(w.db, { companyId: w.companyA, role: "company_admin" }));
  adminB = await loginAs(w.app, await buildUser(w.db, { companyId: w.companyB, role: "company_admin" }));
  seqB = await w.lastSeq(w.companyB);
  report = await w.communityReport();
});
afterAll(() => w.close());

const get = (url: string, token: string) => w.app.inject({ method: "GET", url, headers: h(token) });

async function sheetText(companyId: number, token: string): Promise<{ header: unknown[]; text: string }> {
  const res = await get(`/api/companies/${companyId}/reports/export`, token);
  expect(res.statusCode, res.body).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const lines: string[] = [];
  sheet.eachRow((row) => lines.push((row.values as unknown[]).map(String).join("\t")));
  return { header: (sheet.getRow(1).values as unknown[]).slice(1), text: lines.join("\n") };
}

describe("SPEC §6 showing user emails (companies of the gate only)", () => {
  it("the reporter's e-mail in the gate company's list, detail and events; never in another company's", async () => {
    const email = w.author.email;
    const detailA = body<{ report: Report }>(await get(`/api/companies/${w.companyA}/reports/${report.id}`, w.tokens.opA)).report;
    expect(detailA.user).toMatchObject({ id: w.author.id, email });
    const listA = body<{ reports: Report[] }>(await get(`/api/companies/${w.companyA}/reports?status=pending`, w.tokens.opA)).reports;
    expect(listA.find((r) => r.id === report.id)?.user?.email).toBe(email);

    const detailB = await get(`/api/companies/${w.companyB}/reports/${report.id}`, w.tokens.opB);
    expect(body<{ report: Report }>(detailB).report.user).toMatchObject({ id: w.author.id });
    expect(detailB.body).not.toContain(email);
    expect((await get(`/api/companies/${w.companyB}/reports?status=pending`, w.tokens.opB)).body).not.toContain(email);
    // Company B's live events of the report (its arrival) carry no e-mail either.
    const eventsB = await w.eventsAfter(w.companyB, seqB, report.id);
    expect(eventsB.length).toBeGreaterThan(0);
    expect(JSON.stringify(eventsB)).not.toContain(email);
  });

  it("in the gate company's spreadsheet and PDF; not in another company's", async () => {
    const email = w.author.email;
    const a = await sheetText(w.companyA, adminA);
    expect(a.header).toContain("Correo del informante");
    expect(a.text).toContain(email);
    const b = await sheetText(w.companyB, adminB);
    expect(b.header).not.toContain("Correo del informante");
    expect(b.text).not.toContain(email);
    if (!hasPdftotext) return;
    const pdf = async (companyId: number, token: string) => {
      const res = await get(`/api/companies/${companyId}/reports/${report.id}/pdf`, token);
      expect(res.statusCode).toBe(200);
      return pdftotext(res.rawPayload);
    };
    expect(await pdf(w.companyA, adminA)).toContain(email);
    expect(await pdf(w.companyB, adminB)).not.toContain(email);
  });

  it("an anonymous report shows no e-mail, even to the gate's companies", async () => {
    const res = await w.app.inject({ method: "POST", url: "/api/app/reports", headers: h(w.tokens.author), payload: { type: 0, description: "Anónimo", ...w.here, anonymous: true } });
    expect(res.statusCode, res.body).toBe(200);
    const id = body<{ report: { id: number } }>(res).report.id;
    const detail = await get(`/api/companies/${w.companyA}/reports/${id}`, w.tokens.opA);
    expect(body<{ report: Report }>(detail).report.user).toBeNull();
    expect(detail.body).not.toContain(w.author.email);
  });
});

describe("SPEC §6 blocking users without role (companies of the gate only)", () => {
  it("a gate company's admin locks a community user; another company's admin is refused 403 blockingUsersDisabled and offered no lock", async () => {
    const u = await buildUser(w.db);
    await w.communityReport(await appLoginAs(w.app, u));
    const lock = (companyId: number, token: string) =>
      w.app.inject({ method: "POST", url: `/api/companies/${companyId}/app-users/${u.id}/lock`, headers: h(token) });
    const refused = await lock(w.companyB, adminB);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(body<{ error: { code: string } }>(refused).error.code).toBe("blockingUsersDisabled");
    expect((await w.db.query<{ locked: boolean }>("select locked from users where id = $1", [u.id]))[0]!.locked).toBe(false);
    const listB = body<{ canLock: boolean; users: ReportedUser[] }>(await get(`/api/companies/${w.companyB}/reported-users`, adminB));
    expect(listB.canLock).toBe(false);
    const listA = body<{ canLock: boolean }>(await get(`/api/companies/${w.companyA}/reported-users`, adminA));
    expect(listA.canLock).toBe(true);
    // Operators of the gate's company are still not admins.
    expect((await lock(w.companyA, w.tokens.opA)).statusCode).toBe(403);
    const locked = await lock(w.companyA, adminA);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(body(locked)).toEqual({ success: true, user: { id: u.id, locked: true } });
  });
});
