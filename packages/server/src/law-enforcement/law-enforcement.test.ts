import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLawEnforcementEmail, type LawEnforcementRequest } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, unique } from "../test/harness.js";

let app: FastifyInstance;
let db: Db;
let provider: string;
let admin: string;
const ACCESS = "/api/law-enforcement/access";
const REQUESTS = "/api/law-enforcement/requests";
const en = { "accept-language": "en" };
type Fields = { error: { code: string; fields: { field: string; code: string; message?: string }[] } };

beforeAll(async () => {
  app = await testApp({ PUBLIC_FORMS_PER_ADDRESS: "1000" });
  db = await testDb();
  const company = await buildCompany(db);
  admin = await loginAs(app, await buildUser(db, { companyId: company.id, role: "company_admin" }));
  provider = await loginAs(app, await buildUser(db, { companyId: company.id, role: "operator", groups: [1] }));
});
afterAll(() => app.close());

/** Asks for access with an institutional e-mail and answers the mailed link's token. */
async function linkFor(email: string): Promise<string> {
  const res = await app.inject({ method: "POST", url: ACCESS, headers: en, payload: { email, acceptTerms: true } });
  expect(res.statusCode, res.body).toBe(200);
  const [mail] = await db.query<{ body_text: string; subject: string }>("select body_text, subject from mail_outbox where to_address = $1 order by id desc limit 1", [email]);
  expect(mail!.subject).toBe("Access to the information request form");
  return /\/v3\/law-enforcement\/form\?token=([A-Za-z0-9_-]{22})/.exec(mail!.body_text)![1]!;
}

const form = (token: string, extra: Record<string, unknown> = {}) => ({
  token,
  agency: "Fiscalía Regional Metropolitana Centro Norte",
  officerName: "Carla Muñoz",
  officerRank: "Fiscal adjunta",
  caseNumber: "RUC 2600123456-7",
  legalBasis: "Artículo 180 del Código Procesal Penal",
  reportIds: [101, 102],
  ...extra,
});

describe("law-enforcement access", () => {
  it("accepts the configured government and security domains and their subdomains only", () => {
    const domains = ["gob.cl", "carabineros.cl", "pdichile.cl", "fiscaliamp.cl", "pjud.cl"];
    for (const ok of ["a@gob.cl", "b@minsal.gob.cl", "c@carabineros.cl", "d@pdichile.cl", "e@fiscaliamp.cl", "f@PJUD.CL"]) expect(isLawEnforcementEmail(ok, domains), ok).toBe(true);
    for (const no of ["a@gmail.com", "b@notgob.cl", "c@gob.cl.evil.com", "d@carabineros.cl.co"]) expect(isLawEnforcementEmail(no, domains), no).toBe(false);
  });

  it("refuses another domain and unaccepted terms with the field's code (400), in the caller's language", async () => {
    const other = await app.inject({ method: "POST", url: ACCESS, headers: { "accept-language": "es" }, payload: { email: "detective@gmail.com", acceptTerms: true } });
    expect(other.statusCode).toBe(400);
    expect(body<Fields>(other).error.fields).toEqual([{ field: "email", code: "domainNotAllowed", message: "El correo debe pertenecer a una entidad de gobierno o de seguridad" }]);
    const terms = await app.inject({ method: "POST", url: ACCESS, headers: en, payload: { email: "oficial@carabineros.cl", acceptTerms: false } });
    expect(terms.statusCode).toBe(400);
    expect(body<Fields>(terms).error.fields).toEqual([{ field: "acceptTerms", code: "termsRequired", message: "You must accept the terms" }]);
    for (const bad of [{ email: "oficial@carabineros.cl" }, { email: "x", acceptTerms: true }, { email: "a\u0000@gob.cl", acceptTerms: true }]) {
      expect((await app.inject({ method: "POST", url: ACCESS, payload: bad })).statusCode).toBe(400);
    }
    expect(await db.query("select 1 from mail_outbox where to_address in ('detective@gmail.com', 'oficial@carabineros.cl')")).toEqual([]);
  });

  it("reads LAW_ENFORCEMENT_DOMAINS", async () => {
    const other = await testApp({ LAW_ENFORCEMENT_DOMAINS: "policia.example" });
    try {
      expect((await other.inject({ method: "POST", url: ACCESS, payload: { email: "a@gob.cl", acceptTerms: true } })).statusCode).toBe(400);
      expect((await other.inject({ method: "POST", url: ACCESS, payload: { email: `${unique("a")}@policia.example`, acceptTerms: true } })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe("law-enforcement requests", () => {
  it("a mailed single-use link (24 h) opens the form; the request gets a reference, a confirmation mail and the provider's list", async () => {
    const email = `${unique("fiscal")}@fiscaliamp.cl`.toLowerCase();
    const token = await linkFor(email);
    const [code] = await db.query<{ hours: number }>("select round(extract(epoch from expires_at - created_at) / 3600)::int as hours from one_time_codes where email = $1", [email]);
    expect(code!.hours).toBe(24);
    expect(body(await app.inject({ method: "GET", url: `/api/law-enforcement/link?token=${token}` }))).toEqual({ success: true, email });

    const res = await app.inject({ method: "POST", url: REQUESTS, headers: en, payload: form(token) });
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = body<{ reference: string }>(res);
    expect(reference).toMatch(/^LE-\d{8}-[0-9A-Z]{6}$/);
    const [confirmation] = await db.query<{ subject: string }>("select subject from mail_outbox where to_address = $1 and template = 'lawEnforcementConfirmation'", [email]);
    expect(confirmation!.subject).toBe(`Request received: ${reference}`);

    // Single use: the link is spent.
    const again = await app.inject({ method: "POST", url: REQUESTS, headers: en, payload: form(token) });
    expect(body<Fields>(again).error.fields).toEqual([expect.objectContaining({ field: "token", code: "codeInvalid" })]);
    expect((await app.inject({ method: "GET", url: `/api/law-enforcement/link?token=${token}` })).statusCode).toBe(400);

    expect((await app.inject({ method: "GET", url: "/api/admin/law-enforcement/requests", headers: { "access-token": admin } })).statusCode).toBe(403);
    const list = body<{ requests: LawEnforcementRequest[] }>(await app.inject({ method: "GET", url: "/api/admin/law-enforcement/requests", headers: { "access-token": provider } })).requests;
    const stored = list.find((r) => r.reference === reference)!;
    expect(stored).toMatchObject({ email, state: "received", reportIds: [101, 102], officerRank: "Fiscal adjunta" });

    const put = (state: string, token = provider) =>
      app.inject({ method: "PUT", url: `/api/admin/law-enforcement/requests/${stored.id}/state`, headers: { "access-token": token }, payload: { state } });
    for (const state of ["in_review", "answered", "refused"]) expect(body<{ request: { state: string } }>(await put(state)).request.state).toBe(state);
    expect((await put("archived")).statusCode).toBe(400);
    expect((await put("answered", admin)).statusCode).toBe(403);
    expect((await app.inject({ method: "PUT", url: "/api/admin/law-enforcement/requests/2147483647/state", headers: { "access-token": provider }, payload: { state: "answered" } })).statusCode).toBe(404);
  });

  it("takes an area and a time window instead of report ids; refuses what is missing or malformed", async () => {
    const email = `${unique("pdi")}@pdichile.cl`.toLowerCase();
    const token = await linkFor(email);
    const area = { type: "Polygon", coordinates: [[[-70.62, -33.43], [-70.6, -33.43], [-70.6, -33.41], [-70.62, -33.43]]] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ reportIds: [] }, "reportIds", "requestTargetRequired"],
      [{ reportIds: [], area }, "reportIds", "requestTargetRequired"],
      [{ reportIds: [], area, windowStart: "2026-11-02T00:00:00Z", windowEnd: "2026-11-01T00:00:00Z" }, "windowEnd", "windowInvalid"],
      [{ windowStart: "ayer" }, "windowStart", "windowInvalid"],
      [{ agency: "   " }, "agency", "fieldRequired"],
      [{ officerName: "a\u0007" }, "officerName", "invalidText"],
      [{ caseNumber: "x".repeat(61) }, "caseNumber", "textTooLong"],
      [{ reportIds: [2147483648] }, "reportIds.0", "too_big"],
      [{ attachments: ["javascript:alert(1)"] }, "attachments.0", "invalidText"],
    ];
    for (const [extra, field, code] of cases) {
      const res = await app.inject({ method: "POST", url: REQUESTS, headers: en, payload: form(token, extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(body<Fields>(res).error.fields.map((f) => [f.field, f.code]), JSON.stringify(extra)).toContainEqual([field, code]);
    }
    const res = await app.inject({
      method: "POST",
      url: REQUESTS,
      headers: en,
      payload: form(token, { reportIds: [], area, windowStart: "2026-11-01T00:00:00Z", windowEnd: "2026-11-02T00:00:00-03:00", attachments: ["https://fiscalia.example/orden.pdf"] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db.query<{ report_ids: number[]; area: unknown; attachments: string[] }>("select report_ids, area, attachments from law_enforcement_requests where email = $1", [email]);
    expect(row).toEqual({ report_ids: [], area, attachments: ["https://fiscalia.example/orden.pdf"] });
  });
});
