import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLawEnforcementEmail, LAW_ENFORCEMENT_MAX_FILES, type LawEnforcementRequest } from "@atalaya/shared";
import { uploadLimitsOf } from "../files/index.js";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, unique } from "../test/harness.js";
import { DOCX, JPEG, multipart, PDF, PNG } from "../test/sample-files.js";
import { waitFor } from "../test/wait-for.js";

let app: FastifyInstance;
let db: Db;
let provider: string;
let admin: string;
let operator: string;
const MAX_BYTES = 64 * 1024;
const ACCESS = "/api/law-enforcement/access";
const REQUESTS = "/api/law-enforcement/requests";
const en = { "accept-language": "en" };
type Fields = { error: { code: string; fields: { field: string; code: string; message?: string }[] } };

beforeAll(async () => {
  app = await testApp({ PUBLIC_FORMS_PER_ADDRESS: "1000", MAX_UPLOAD_MB: String(MAX_BYTES / (1024 * 1024)) });
  db = await testDb();
  const company = await buildCompany(db);
  admin = await loginAs(app, await buildUser(db, { companyId: company.id, role: "company_admin" }));
  provider = await loginAs(app, await buildUser(db, { companyId: company.id, role: "operator", groups: [1] }));
  operator = await loginAs(app, await buildUser(db, { companyId: company.id, role: "operator" }));
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

describe("law-enforcement request files", () => {
  const send = (payload: Record<string, unknown>, files: { filename: string; data: Buffer; field?: string }[], fields: Record<string, string> = {}) => {
    const m = multipart({ request: JSON.stringify(payload), ...fields }, files.map((f) => ({ field: "files", ...f })));
    return app.inject({ method: "POST", url: REQUESTS, headers: { ...en, ...m.headers }, payload: m.payload });
  };
  const code = (res: Awaited<ReturnType<FastifyInstance["inject"]>>) => body<{ error: { code: string; fields?: { field: string; code: string }[] } }>(res).error;
  const stored = () => readdir(join(app.ctx.config.dataDir, "files")).then((names) => names.filter((n) => !n.startsWith("."))).catch(() => [] as string[]);
  const incoming = () => readdir(join(app.ctx.config.dataDir, "files", ".incoming")).catch(() => [] as string[]);

  it("stores a PDF, a JPEG and a PNG with the request; provider administrators download them as attachments, no one else", async () => {
    const email = `${unique("files")}@fiscaliamp.cl`.toLowerCase();
    const token = await linkFor(email);
    const res = await send(form(token), [
      { filename: "orden judicial.pdf", data: PDF },
      { filename: "foto.jpg", data: JPEG },
      { filename: "../../plano\u202Egnp.png", data: PNG },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = body<{ reference: string }>(res);
    const list = body<{ requests: LawEnforcementRequest[] }>(await app.inject({ method: "GET", url: "/api/admin/law-enforcement/requests", headers: { "access-token": provider } })).requests;
    const request = list.find((r) => r.reference === reference)!;
    expect(request.files.map((f) => [f.mime, f.originalName, f.size])).toEqual([
      ["application/pdf", "orden judicial.pdf", PDF.length],
      ["image/jpeg", "foto.jpg", JPEG.length],
      ["image/png", "planognp.png", PNG.length],
    ]);
    for (const file of request.files) {
      expect(file.url).toBe(`/api/admin/law-enforcement/requests/${request.id}/files/${file.name}`);
      const download = await app.inject({ method: "GET", url: file.url, headers: { "access-token": provider } });
      expect(download.statusCode).toBe(200);
      expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="/);
      expect(download.headers["content-type"]).toBe(file.mime);
      expect(download.headers["x-content-type-options"]).toBe("nosniff");
      expect(download.rawPayload.length).toBe(file.size);
      expect((await app.inject({ method: "GET", url: file.url, headers: { "access-token": admin } })).statusCode).toBe(403);
      expect((await app.inject({ method: "GET", url: file.url, headers: { "access-token": operator } })).statusCode).toBe(403);
      expect((await app.inject({ method: "GET", url: file.url })).statusCode).toBe(401);
      // The file is not reachable through the report files' route either.
      expect((await app.inject({ method: "GET", url: `/api/files/${file.name}`, headers: { "access-token": provider } })).statusCode).toBe(404);
    }
    // Another request's id, or a name that is not a stored file: 404.
    const name = request.files[0]!.name;
    expect((await app.inject({ method: "GET", url: `/api/admin/law-enforcement/requests/2147483647/files/${name}`, headers: { "access-token": provider } })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `/api/admin/law-enforcement/requests/${request.id}/files/..%2F..%2Fetc%2Fpasswd`, headers: { "access-token": provider } })).statusCode).toBe(404);
    // The link is spent by the request: sending again stores nothing.
    const before = (await stored()).length;
    const again = await send(form(token), [{ filename: "otra.pdf", data: PDF }]);
    expect(again.statusCode).toBe(400);
    expect(code(again).fields).toEqual([expect.objectContaining({ field: "token", code: "codeInvalid" })]);
    expect((await stored()).length).toBe(before);
  });

  it("refuses a wrong type, a file too big, too many files, an unknown link, a bad request field and malformed multipart with 4xx codes, leaving nothing", async () => {
    const token = await linkFor(`${unique("bad")}@pjud.cl`.toLowerCase());
    const before = (await stored()).length;
    const cases: [ReturnType<typeof send>, number, string][] = [
      [send(form(token), [{ filename: "orden.pdf", data: Buffer.from("<html><script>alert(1)</script></html>") }]), 400, "invalidFileType"],
      [send(form(token), [{ filename: "orden.pdf", data: DOCX }]), 400, "invalidFileType"],
      [send(form(token), [{ filename: "grande.pdf", data: Buffer.concat([PDF, Buffer.alloc(MAX_BYTES)]) }]), 400, "fileTooLarge"],
      [send(form(token), Array.from({ length: LAW_ENFORCEMENT_MAX_FILES + 1 }, (_, i) => ({ filename: `f${i}.pdf`, data: PDF }))), 400, "validation"],
      [send(form(token), [{ filename: "x.pdf", data: PDF, field: "adjunto" }]), 400, "validation"],
      [send(form("A".repeat(22)), [{ filename: "x.pdf", data: PDF }]), 400, "validation"],
      [send(form(token, { agency: "" }), [{ filename: "x.pdf", data: PDF }]), 400, "validation"],
    ];
    for (const [pending, status, expected] of cases) {
      const res = await pending;
      expect(res.statusCode, res.body).toBe(status);
      expect(code(res).code, res.body).toBe(expected);
    }
    const bad = multipart({ request: "{no es json" }, [{ field: "files", filename: "x.pdf", data: PDF }]);
    const res = await app.inject({ method: "POST", url: REQUESTS, headers: { ...en, ...bad.headers }, payload: bad.payload });
    expect(code(res).fields).toEqual([expect.objectContaining({ field: "request", code: "invalidJson" })]);
    const whole = multipart({ request: JSON.stringify(form(token)) }, [{ field: "files", filename: "x.pdf", data: PDF }]);
    for (const [type, payload] of [
      ["multipart/form-data", whole.payload],
      ["multipart/form-data; boundary=", whole.payload],
      [whole.headers["content-type"]!, whole.payload.subarray(0, whole.payload.length - 60)],
      [whole.headers["content-type"]!, "sin partes"],
    ] as [string, string | Buffer][]) {
      const malformed = await app.inject({ method: "POST", url: REQUESTS, headers: { ...en, "content-type": type }, payload });
      expect(malformed.statusCode, `${type} ${malformed.body}`).toBe(400);
      expect(code(malformed).code).toMatch(/^[a-zA-Z]+$/);
    }
    // Every upload slot taken: 503 tooManyUploads with Retry-After, before anything is read.
    const gate = uploadLimitsOf(app.ctx.config).gate;
    let taken = 0;
    while (gate.enter()) taken++;
    try {
      const busy = await send(form(token), [{ filename: "x.pdf", data: PDF }]);
      expect(busy.statusCode).toBe(503);
      expect(code(busy).code).toBe("tooManyUploads");
      expect(busy.headers["retry-after"]).toBe("5");
    } finally {
      for (; taken > 0; taken--) gate.leave();
    }
    expect(gate.inUse).toBe(0);
    expect((await stored()).length).toBe(before);
    await waitFor(async () => expect(await incoming()).toEqual([]));
    // The link was never spent: the form still goes through.
    expect((await send(form(token), [{ filename: "x.pdf", data: PDF }])).statusCode).toBe(201);
  });
});
