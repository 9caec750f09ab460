import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, TEST_PASSWORD } from "../test/harness.js";
import { smtpCapture } from "../test/smtp-capture.js";
import { waitFor } from "../test/wait-for.js";

let app: FastifyInstance;
let db: Db;
let smtp: Awaited<ReturnType<typeof smtpCapture>>;
const FORGOT = "/api/auth/forgot-password";
const RESET = "/api/auth/reset-password";
const en = { "accept-language": "en" };

beforeAll(async () => {
  smtp = await smtpCapture();
  app = await testApp({ SMTP_URL: smtp.url, MAIL_FROM: "Atalaya <no-reply@portal.test>" });
  db = await testDb();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const codeIn = (raw: string) => /\/v3\/auth\/resetPassword\/([A-Za-z0-9_-]{22})/.exec(raw)?.[1];

describe("password reset over SMTP", () => {
  it("mails a reset link that a local SMTP server receives; its code sets the password once and ends every session", async () => {
    const company = await buildCompany(db);
    const user = await buildUser(db, { companyId: company.id, role: "operator" });
    const token = await loginAs(app, user);

    const res = await app.inject({ method: "POST", url: FORGOT, headers: en, payload: { email: user.email.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true });
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes(user.email)) ?? false, { timeout: 15_000 });
    expect(mail.raw).toContain("Subject: Reset your Atalaya password");
    expect(mail.raw).toContain("From: Atalaya <no-reply@portal.test>");
    const code = codeIn(mail.raw)!;
    expect(code).toHaveLength(22);
    await waitFor(async () => (await db.query<{ state: string }>("select state from mail_outbox where to_address = $1", [user.email]))[0]?.state === "sent");

    const reset = await app.inject({ method: "POST", url: RESET, headers: en, payload: { code, password: "Nueva-Clave-2026" } });
    expect(reset.statusCode).toBe(200);
    // The old session is over; the new password signs in, the old one does not.
    expect((await app.inject({ method: "GET", url: "/api/settings", headers: { "access-token": token } })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: "/api/login", payload: { email: user.email, password: "Nueva-Clave-2026" } })).statusCode).toBe(200);
    expect((await app.inject({ method: "POST", url: "/api/login", payload: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(400);

    const again = await app.inject({ method: "POST", url: RESET, headers: en, payload: { code, password: "Otra-Clave-2026" } });
    expect(again.statusCode).toBe(400);
    expect(body<{ error: { fields: unknown[] } }>(again).error.fields).toEqual([
      { field: "code", code: "codeInvalid", message: "The link is not valid, was already used or has expired" },
    ]);
  });

  it("answers the same for an unknown e-mail and sends nothing (no account enumeration)", async () => {
    const before = smtp.mails.length;
    const res = await app.inject({ method: "POST", url: FORGOT, headers: en, payload: { email: "nadie-registrado@example.cl" } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true });
    expect(await db.query("select 1 from mail_outbox where to_address = 'nadie-registrado@example.cl'")).toEqual([]);
    expect(smtp.mails.length).toBe(before);
  });

  it("refuses malformed bodies with codes in the caller's language, and an expired code", async () => {
    for (const [payload, field, code] of [
      [{ email: "x" }, "email", "emailInvalid"],
      [{ code: "short", password: "Clave-2026" }, "code", "codeInvalid"],
      [{ code: "A".repeat(22), password: "corta" }, "password", "passwordLength"],
      [{ code: "A".repeat(22), password: "con espacio 2026" }, "password", "passwordLength"],
      [{ code: "A".repeat(22), password: "x".repeat(65) }, "password", "passwordLength"],
    ] as const) {
      const res = await app.inject({ method: "POST", url: "email" in payload ? FORGOT : RESET, headers: { "accept-language": "fr" }, payload });
      expect(res.statusCode).toBe(400);
      expect(body<{ error: { fields: { field: string; code: string; message: string }[] } }>(res).error.fields[0]).toMatchObject({ field, code });
    }
    const user = await buildUser(db);
    await app.inject({ method: "POST", url: FORGOT, headers: en, payload: { email: user.email } });
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes(user.email)) ?? false, { timeout: 15_000 });
    await db.query("update one_time_codes set expires_at = now() - interval '1 second' where email = $1", [user.email]);
    expect((await app.inject({ method: "POST", url: RESET, payload: { code: codeIn(mail.raw), password: "Nueva-Clave-2026" } })).statusCode).toBe(400);
  });

  it("limits requests per e-mail like the login (5 an hour, then 429 with Retry-After)", async () => {
    const other = await testApp();
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await other.inject({ method: "POST", url: FORGOT, payload: { email: "limite@example.cl" } })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await other.close();
    }
  });
});

describe("the mailer", () => {
  it("keeps a mail the SMTP server refused and sends it on the job's retry", async () => {
    const user = await buildUser(db);
    smtp.refuse(1);
    await app.inject({ method: "POST", url: FORGOT, headers: en, payload: { email: user.email } });
    const failed = await waitFor(async () => (await db.query<{ attempts: number; last_error: string | null; state: string }>("select attempts, last_error, state from mail_outbox where to_address = $1", [user.email]))[0] ?? false, { timeout: 15_000 });
    await waitFor(async () => (await db.query<{ attempts: number }>("select attempts from mail_outbox where to_address = $1", [user.email]))[0]!.attempts >= 1, { timeout: 15_000 });
    expect(failed.state).not.toBe("failed");
    const sent = await waitFor(async () => {
      const [row] = await db.query<{ state: string; attempts: number; last_error: string | null }>("select state, attempts, last_error from mail_outbox where to_address = $1", [user.email]);
      return row?.state === "sent" ? row : false;
    }, { timeout: 20_000 });
    expect(sent).toMatchObject({ state: "sent", attempts: 2, last_error: null });
    expect(smtp.mails.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it("GET /api/admin/mail lists stored mails for provider administrators only", async () => {
    const company = await buildCompany(db);
    const admin = await loginAs(app, await buildUser(db, { companyId: company.id, role: "company_admin" }));
    const provider = await loginAs(app, await buildUser(db, { companyId: company.id, role: "operator", groups: [1] }));
    expect((await app.inject({ method: "GET", url: "/api/admin/mail" })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/admin/mail", headers: { "access-token": admin } })).statusCode).toBe(403);
    const user = await buildUser(db);
    await app.inject({ method: "POST", url: FORGOT, headers: en, payload: { email: user.email } });
    const list = await app.inject({ method: "GET", url: `/api/admin/mail?to=${encodeURIComponent(user.email)}`, headers: { "access-token": provider } });
    expect(body<{ messages: { to: string; template: string; subject: string }[] }>(list).messages).toEqual([
      expect.objectContaining({ to: user.email, template: "passwordReset", subject: "Reset your Atalaya password" }),
    ]);
    expect((await app.inject({ method: "GET", url: "/api/admin/mail?limit=100000", headers: { "access-token": provider } })).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: "/api/admin/mail?to=%00", headers: { "access-token": provider } })).statusCode).toBe(400);
  });
});
