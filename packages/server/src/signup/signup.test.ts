import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNUP_CITY_TYPE_IDS, SIGNUP_SECURITY_TYPE_IDS } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { purgeExpiredCodes } from "../auth/one-time-codes.js";
import { solvedCaptcha } from "../test/captcha.js";
import { body, testApp, testDb, unique } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";

let app: FastifyInstance;
let db: Db;
let hook: Server;
const leads: unknown[] = [];
const PRE = "/api/v2/app-companies/freemium/preregistration";
const REG = "/api/v2/app-companies/freemium/registration";
const LEAD = "/api/v2/app-companies/freemium/lead";

// A zone of about 4 km² in Providencia, ring closed.
const RING = [[-70.62, -33.43], [-70.6, -33.43], [-70.6, -33.41], [-70.62, -33.41], [-70.62, -33.43]];
const email = () => `${unique("signup")}@example.cl`.toLowerCase();

// What a request that fails validation carries instead of a solved captcha (the rules come first).
const UNSOLVED = Buffer.from("unsolved").toString("base64");

async function payload(overrides: Record<string, unknown> = {}, userOverrides: Record<string, unknown> = {}, solve = true) {
  return {
    user: { firstName: "Ana", lastName: "Pérez", password: "Clave-2026", email: email(), lang: "en", ...userOverrides },
    organization: { name: unique("Junta"), category: "neighbour", activities: "Seguridad del barrio", contactPhone: "+56 9 6123 4567" },
    zone: { name: "  Mi barrio ", polygon: { type: "Polygon", coordinates: [RING] }, fillColor: "#F54286", borderColor: "#F54286" },
    reportsTypes: [0, 13],
    captcha: solve ? await solvedCaptcha(app) : UNSOLVED,
    ...overrides,
  };
}

const fields = (res: { json(): unknown }) => body<{ error: { code: string; fields?: { field: string; code: string; message?: string }[] } }>(res as never).error;
const countsFor = async (orgName: string, mail: string) => ({
  companies: (await db.query("select id from companies where name = $1", [orgName])).length,
  users: (await db.query("select id from users where lower(email) = lower($1)", [mail])).length,
  zones: (await db.query("select z.id from zones z join companies c on c.id = z.company_id where c.name = $1", [orgName])).length,
});

beforeAll(async () => {
  hook = createServer((req, res) => {
    let data = "";
    req.on("data", (c: Buffer) => (data += c.toString()));
    req.on("end", () => {
      leads.push(JSON.parse(data));
      res.writeHead(204).end();
    });
  }).listen(0, "127.0.0.1");
  await new Promise((r) => hook.once("listening", r));
  app = await testApp({ PUBLIC_FORMS_PER_ADDRESS: "1000", LEAD_WEBHOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/lead` });
  db = await testDb();
});
afterAll(async () => {
  await app.close();
  hook.close();
});

describe("POST /api/v2/app-companies/freemium/preregistration", () => {
  it("mails a single-use 128-bit key valid 7 days in the caller's language; the key binds the e-mail", async () => {
    const to = email();
    const res = await app.inject({ method: "POST", url: PRE, headers: { "accept-language": "fr" }, payload: { email: to } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true });
    const [mail] = await db.query<{ subject: string; body_text: string; state: string; lang: string }>("select subject, body_text, state, lang from mail_outbox where to_address = $1", [to]);
    expect(mail).toMatchObject({ state: "outbox", lang: "fr", subject: "Créez votre compte Atalaya gratuit" });
    const key = /create-account\?key=([A-Za-z0-9_-]{22})\b/.exec(mail!.body_text)![1]!;
    const [code] = await db.query<{ days: number }>("select round(extract(epoch from expires_at - created_at) / 86400)::int as days from one_time_codes where email = $1", [to]);
    expect(code!.days).toBe(7);
    expect(body(await app.inject({ method: "GET", url: `/api/v2/app-companies/freemium/key/${key}` }))).toEqual({ success: true, email: to });
  });

  it("refuses a malformed e-mail with the field's code and text in es/en/fr; defaults to English", async () => {
    for (const [lang, text] of [["es", "Debe ser un correo electrónico válido"], ["en", "Must be a valid email address"], ["fr", "Doit être une adresse e-mail valide"]]) {
      const res = await app.inject({ method: "POST", url: PRE, headers: { "accept-language": lang! }, payload: { email: "no-es-correo" } });
      expect(res.statusCode).toBe(400);
      expect(fields(res).fields).toEqual([{ field: "email", code: "emailInvalid", message: text }]);
    }
    for (const bad of [{}, { email: "" }, { email: "a@b.c\u0000" }, { email: `${"a".repeat(250)}@example.cl` }, { email: 42 }]) {
      expect((await app.inject({ method: "POST", url: PRE, payload: bad })).statusCode).toBe(400);
    }
    const unknownKey = await app.inject({ method: "GET", url: "/api/v2/app-companies/freemium/key/AAAAAAAAAAAAAAAAAAAAAA", headers: { "accept-language": "en" } });
    expect(unknownKey.statusCode).toBe(400);
    expect(fields(unknownKey).fields).toEqual([{ field: "key", code: "keyInvalid", message: "The registration link is not valid, was already used or has expired" }]);
    expect((await app.inject({ method: "GET", url: "/api/v2/app-companies/freemium/key/short" })).statusCode).toBe(400);
  });

  it("limits each e-mail to 3 mails an hour (429 tooManyRequests with Retry-After)", async () => {
    const to = email();
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: "POST", url: PRE, payload: { email: to } })).statusCode).toBe(200);
    const limited = await app.inject({ method: "POST", url: PRE, headers: { "accept-language": "es" }, payload: { email: to } });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(fields(limited).code).toBe("tooManyRequests");
  });
});

describe("POST /api/v2/app-companies/freemium/registration", () => {
  it("creates a freemium company with its admin, zone (name as typed, ring closed) and chosen types; the admin signs in", async () => {
    const p = await payload();
    const res = await app.inject({ method: "POST", url: REG, headers: { "accept-language": "en" }, payload: p });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({ success: true });
    const [company] = await db.query<{ id: number; is_freemium: boolean; modules: string[] }>("select id, is_freemium, modules from companies where name = $1", [p.organization.name]);
    expect(company).toMatchObject({ is_freemium: true, modules: ["events", "history", "teams", "messages"] });
    const zones = await db.query<{ name: string; geojson: unknown; fill_color: string }>("select name, geojson, fill_color from zones where company_id = $1", [company!.id]);
    expect(zones).toEqual([{ name: "  Mi barrio ", geojson: { type: "Polygon", coordinates: [RING] }, fill_color: "#F54286" }]);
    const types = await db.query<{ report_type_id: number }>("select report_type_id from company_report_types where company_id = $1 order by 1", [company!.id]);
    expect(types.map((t) => t.report_type_id)).toEqual([0, 13]);
    const [member] = await db.query<{ role: string; verified: boolean; groups: number[]; lang: string }>(
      "select m.role, u.verified, u.groups, u.lang from memberships m join users u on u.id = m.user_id where m.company_id = $1",
      [company!.id],
    );
    expect(member).toMatchObject({ role: "company_admin", verified: false, groups: [2], lang: "en" });
    const config = await db.query<{ name: string; value: string }>("select name, value from company_config where company_id = $1 order by name", [company!.id]);
    expect(config).toEqual([
      { name: "contactPhone", value: "+56 9 6123 4567" },
      { name: "organizationActivities", value: "Seguridad del barrio" },
      { name: "organizationCategory", value: "neighbour" },
    ]);
    // Without a key the e-mail is unverified and a verification mail goes; its link verifies it.
    const [mail] = await db.query<{ body_text: string }>("select body_text from mail_outbox where to_address = $1 and template = 'verifyEmail'", [p.user.email]);
    const link = /\/api\/auth\/verify-email\?code=[A-Za-z0-9_-]{22}/.exec(mail!.body_text)![0];
    const verify = await app.inject({ method: "GET", url: link });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe("/v3/login?verified=1");
    expect(await db.query("select verified from users where lower(email) = $1", [p.user.email])).toEqual([{ verified: true }]);
    expect((await app.inject({ method: "GET", url: link })).headers.location).toBe("/v3/login?verified=0");

    const login = await app.inject({ method: "POST", url: "/api/login", payload: { email: p.user.email, password: p.user.password } });
    expect(login.statusCode).toBe(200);
    const settings = await app.inject({ method: "GET", url: "/api/settings", headers: { "access-token": body<{ user: { access_token: string } }>(login).user.access_token } });
    expect(body<{ company: { is_freemium: boolean } }>(settings).company.is_freemium).toBe(true);
  });

  it("with a key: prefilled e-mail verified, key spent; a key for another e-mail or used twice is keyInvalid", async () => {
    const to = email();
    await app.inject({ method: "POST", url: PRE, payload: { email: to } });
    const [mail] = await db.query<{ body_text: string }>("select body_text from mail_outbox where to_address = $1", [to]);
    const key = /key=([A-Za-z0-9_-]{22})/.exec(mail!.body_text)![1]!;

    const wrong = await app.inject({ method: "POST", url: REG, payload: await payload({ key }) });
    expect(wrong.statusCode).toBe(400);
    expect(fields(wrong).fields).toEqual([expect.objectContaining({ field: "key", code: "keyInvalid" })]);

    const p = await payload({ key }, { email: to });
    expect((await app.inject({ method: "POST", url: REG, payload: p })).statusCode).toBe(200);
    expect(await db.query("select verified from users where lower(email) = $1", [to])).toEqual([{ verified: true }]);
    expect(await db.query("select 1 from mail_outbox where to_address = $1 and template = 'verifyEmail'", [to])).toEqual([]);
    const again = await app.inject({ method: "POST", url: REG, payload: await payload({ key }, { email: to }) });
    expect(fields(again).fields).toEqual([expect.objectContaining({ field: "key", code: "keyInvalid" })]);
  });

  it("a duplicate e-mail is 'username already taken' and rolls everything back: no company, user or zone", async () => {
    const first = await payload();
    expect((await app.inject({ method: "POST", url: REG, payload: first })).statusCode).toBe(200);
    const second = await payload({}, { email: first.user.email.toUpperCase() });
    const res = await app.inject({ method: "POST", url: REG, payload: second });
    expect(res.statusCode).toBe(400);
    expect(fields(res).fields).toEqual([{ field: "user.email", code: "usernameTaken", message: "username already taken" }]);
    // The company and zone were written before the account failed: the transaction took them back.
    expect(await countsFor(second.organization.name, first.user.email)).toEqual({ companies: 0, users: 1, zones: 0 });
    // The failed attempt did not spend its captcha: the visitor retries from the last step with another e-mail.
    const retry = await app.inject({ method: "POST", url: REG, payload: { ...second, user: { ...second.user, email: email() } } });
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it("refuses a captcha that is missing, forged or already spent", async () => {
    const p = await payload();
    expect((await app.inject({ method: "POST", url: REG, payload: p })).statusCode).toBe(200);
    const replay = await app.inject({ method: "POST", url: REG, headers: { "accept-language": "es" }, payload: { ...(await payload()), captcha: p.captcha } });
    expect(replay.statusCode).toBe(400);
    expect(fields(replay).fields).toEqual([{ field: "captcha", code: "captchaInvalid", message: "El captcha no es válido o ya fue usado; resuélvelo de nuevo" }]);
    const forged = Buffer.from(JSON.stringify({ algorithm: "SHA-256", challenge: "x", number: 1, salt: "y", signature: "z" })).toString("base64");
    const fp = await payload({ captcha: forged });
    expect(fields(await app.inject({ method: "POST", url: REG, payload: fp })).fields).toEqual([expect.objectContaining({ field: "captcha", code: "captchaInvalid" })]);
    const { captcha: _unused, ...without } = await payload();
    expect(fields(await app.inject({ method: "POST", url: REG, payload: without })).fields).toEqual([expect.objectContaining({ field: "captcha", code: "captchaRequired" })]);
    expect(await countsFor(fp.organization.name, fp.user.email)).toEqual({ companies: 0, users: 0, zones: 0 });
  });

  it("limits each address to PUBLIC_FORMS_PER_ADDRESS registrations an hour", async () => {
    const limited = await testApp({ PUBLIC_FORMS_PER_ADDRESS: "2" });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.inject({ method: "POST", url: REG, payload: await payload({}, {}, false) })).statusCode);
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });

  it("applies SPEC §5's rules with their codes, next to a good case, and creates nothing", async () => {
    const cases: [string, (p: Awaited<ReturnType<typeof payload>>) => unknown, string, string][] = [
      ["first name of spaces", (p) => ({ ...p, user: { ...p.user, firstName: "   " } }), "user.firstName", "firstNameRequired"],
      ["last name empty", (p) => ({ ...p, user: { ...p.user, lastName: "" } }), "user.lastName", "lastNameRequired"],
      ["password of 7", (p) => ({ ...p, user: { ...p.user, password: "Abc-123" } }), "user.password", "signupPassword"],
      ["password of 13", (p) => ({ ...p, user: { ...p.user, password: "Abcdefg-12345" } }), "user.password", "signupPassword"],
      ["password with a space", (p) => ({ ...p, user: { ...p.user, password: "Clave 2026" } }), "user.password", "signupPassword"],
      ["bad e-mail", (p) => ({ ...p, user: { ...p.user, email: "ana@" } }), "user.email", "emailInvalid"],
      ["organisation of spaces", (p) => ({ ...p, organization: { ...p.organization, name: "  " } }), "organization.name", "organizationRequired"],
      ["unknown category", (p) => ({ ...p, organization: { ...p.organization, category: "club" } }), "organization.category", "categoryRequired"],
      ["no activities", (p) => ({ ...p, organization: { ...p.organization, activities: "" } }), "organization.activities", "activitiesRequired"],
      ["bad phone", (p) => ({ ...p, organization: { ...p.organization, contactPhone: "12" } }), "organization.contactPhone", "phoneInvalid"],
      ["control character", (p) => ({ ...p, organization: { ...p.organization, activities: "a\u0007b" } }), "organization.activities", "invalidText"],
      ["zone name of spaces", (p) => ({ ...p, zone: { ...p.zone, name: "   " } }), "zone.name", "zoneNameRequired"],
      ["bad colour", (p) => ({ ...p, zone: { ...p.zone, fillColor: "pink" } }), "zone.fillColor", "colorInvalid"],
      ["no types", (p) => ({ ...p, reportsTypes: [] }), "reportsTypes", "reportTypesRequired"],
      ["a type outside the groups", (p) => ({ ...p, reportsTypes: [2] }), "reportsTypes", "reportTypeInvalid"],
      ["a huge type id", (p) => ({ ...p, reportsTypes: [2147483648] }), "reportsTypes.0", "too_big"],
      ["malformed key", (p) => ({ ...p, key: "abc" }), "key", "keyInvalid"],
    ];
    for (const [label, change, field, code] of cases) {
      const p = await payload({}, {}, false);
      const res = await app.inject({ method: "POST", url: REG, payload: change(p) as object });
      expect(res.statusCode, label).toBe(400);
      expect(fields(res).fields?.map((f) => [f.field, f.code]), label).toContainEqual([field, code]);
      expect(await countsFor(p.organization.name, p.user.email), label).toEqual({ companies: 0, users: 0, zones: 0 });
    }
    // Every sign-up type id is accepted.
    const all = await payload({ reportsTypes: [...SIGNUP_SECURITY_TYPE_IDS, ...SIGNUP_CITY_TYPE_IDS] });
    expect((await app.inject({ method: "POST", url: REG, payload: all })).statusCode).toBe(200);
  });

  it("refuses a zone over 10,000 km² (zoneTooLarge) and one without area (zoneInvalid)", async () => {
    const huge = [[-72, -35], [-70, -35], [-70, -33], [-72, -33], [-72, -35]];
    const flat = [[-70.62, -33.43], [-70.6, -33.43], [-70.61, -33.43], [-70.62, -33.43]];
    for (const [ring, code] of [[huge, "zoneTooLarge"], [flat, "zoneInvalid"]] as const) {
      const p = await payload({}, {}, false);
      const res = await app.inject({ method: "POST", url: REG, headers: { "accept-language": "en" }, payload: { ...p, zone: { ...p.zone, polygon: { type: "Polygon", coordinates: [ring] } } } });
      expect(res.statusCode).toBe(400);
      expect(fields(res).fields).toEqual([expect.objectContaining({ field: "zone.polygon", code })]);
      expect(await countsFor(p.organization.name, p.user.email)).toEqual({ companies: 0, users: 0, zones: 0 });
    }
  });
});

describe("the retention purge", () => {
  it("drops codes a day past their expiry and expired captchas, keeping the rest", async () => {
    const to = email();
    await app.inject({ method: "POST", url: PRE, payload: { email: to } });
    await app.inject({ method: "POST", url: PRE, payload: { email: to } });
    await db.query("update one_time_codes set expires_at = now() - interval '2 days' where email = $1 and code_hash = (select code_hash from one_time_codes where email = $1 limit 1)", [to]);
    await db.query("insert into captcha_spent (signature, expires_at) values ($1, now() - interval '1 minute')", [unique("sig")]);
    expect(await purgeExpiredCodes(db)).toBeGreaterThanOrEqual(1);
    expect(await db.query("select 1 from one_time_codes where email = $1", [to])).toHaveLength(1);
    expect(await db.query("select 1 from captcha_spent where expires_at < now()")).toEqual([]);
  });
});

describe("POST /api/v2/app-companies/freemium/lead", () => {
  const lead = { email: "lead@example.cl", firstName: "Ana", lastName: "Pérez", organization: { name: "Junta", category: "government", activities: "Seguridad", contactPhone: "+56 9 6123 4567" } };

  it("posts the lead to the webhook in the background", async () => {
    const res = await app.inject({ method: "POST", url: LEAD, payload: lead });
    expect(res.statusCode).toBe(200);
    await waitFor(() => leads.length > 0);
    expect(leads[0]).toMatchObject({ source: "atalaya-signup", email: "lead@example.cl", organization: { name: "Junta" } });
    expect((await app.inject({ method: "POST", url: LEAD, payload: { ...lead, organization: {} } })).statusCode).toBe(400);
  });

  it("answers success when the webhook is unreachable (logged, never blocking)", async () => {
    const other = await testApp({ LEAD_WEBHOOK_URL: "http://127.0.0.1:9/unreachable" });
    try {
      expect((await other.inject({ method: "POST", url: LEAD, payload: lead })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
