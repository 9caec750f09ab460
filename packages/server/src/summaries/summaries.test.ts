import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/db.js";
import { buildCompany, buildUser, testApp, testDb, type TestUser } from "../test/harness.js";
import { smtpCapture, type CapturedMail } from "../test/smtp-capture.js";
import { waitFor } from "../test/wait-for.js";
import { previousPeriod } from "./summary-text.js";
import { sendDueSummaries } from "./index.js";

let smtp: Awaited<ReturnType<typeof smtpCapture>>;
let app: FastifyInstance;
let second: FastifyInstance;
let db: Db;
let admin: TestUser;
let operator: TestUser;
let quiet: TestUser;
let patrol: TestUser;
let companyName: string;
const TZ = "America/Santiago";

/** The subject and text of a captured mail, decoded as the mailer encoded them (encoded words in Q or
 * B, a quoted-printable or base64 body), as UTF-8. */
function textOf(mail: CapturedMail): string {
  const qp = (s: string) => Buffer.from(s.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");
  const [head = "", ...rest] = mail.raw.split(/\r?\n\r?\n/);
  // The capture joins soft line breaks ("=" at a line end) everywhere, which also eats the "=" and the
  // fold ending an encoded word of a folded subject: such words are joined back here.
  const subject = head
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/\?\s+=\?utf-8\?[QB]\?/gi, "")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=?\s*/gi, (_, enc: string, w: string) => (enc.toUpperCase() === "B" ? Buffer.from(w, "base64").toString("utf8") : qp(w.replaceAll("_", " "))));
  const raw = rest.join("\n\n");
  const text = /content-transfer-encoding:\s*base64/i.test(head) ? Buffer.from(raw.replace(/\s+/g, ""), "base64").toString("utf8") : qp(raw);
  return `${subject}\n\n${text}`;
}

async function report(companyId: number, typeId: number, status: string, createdAt: string, dueDate: string | null = null): Promise<void> {
  const [r] = await db.query<{ id: number }>("insert into reports (type_id, initial_type_id, description, latitude, longitude) values ($1, $1, 'x', -33.45, -70.65) returning id", [typeId]);
  await db.query("insert into report_attentions (company_id, report_id, status, created_at, due_date) values ($1, $2, $3, $4::timestamptz, $5::timestamptz)", [
    companyId, r!.id, status, createdAt, dueDate,
  ]);
}

beforeAll(async () => {
  smtp = await smtpCapture();
  app = await testApp({ SMTP_URL: smtp.url, MAIL_FROM: "Atalaya <no-reply@portal.test>" });
  await app.ready();
  second = await testApp({ SMTP_URL: smtp.url, MAIL_FROM: "Atalaya <no-reply@portal.test>" });
  await second.ready();
  db = await testDb();
  const company = await buildCompany(db);
  [{ name: companyName }] = await db.query<{ name: string }>("select name from companies where id = $1", [company.id]) as [{ name: string }];
  admin = await buildUser(db, { companyId: company.id, role: "company_admin" });
  operator = await buildUser(db, { companyId: company.id });
  quiet = await buildUser(db, { companyId: company.id });
  patrol = await buildUser(db, { companyId: company.id, role: "patrol", groups: [4] });
  await db.query("update users set lang = 'en', timezone = $2, first_name = 'Ana' where id = $1", [admin.id, TZ]);
  await db.query(`update users set lang = 'fr', timezone = $2, first_name = 'Luc', settings = settings || '{"dailySummaryEmail": false, "monthlySummaryEmail": true}'::jsonb where id = $1`, [operator.id, TZ]);
  await db.query(`update users set settings = settings || '{"dailySummaryEmail": false}'::jsonb where id = $1`, [quiet.id]);
  // Yesterday in Santiago: three reports (two robberies, one other type), one of them overdue now; one
  // the day before, outside the window.
  const { from } = previousPeriod(new Date(), TZ, "daily");
  const at = (hour: number, date = from) => `${date}T${String(hour).padStart(2, "0")}:30:00-03:00`;
  await report(company.id, 0, "pending", at(1), new Date(Date.now() - 3600_000).toISOString());
  await report(company.id, 0, "solved", at(12));
  await report(company.id, 13, "pending", at(22));
  const dayBefore = new Date(Date.parse(`${from}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await report(company.id, 13, "in_progress", at(12, dayBefore));
});
afterAll(async () => {
  await second.close();
  await app.close();
  await smtp.close();
});

const users = () => [admin.id, operator.id, quiet.id, patrol.id];

describe("summary e-mails", () => {
  it("mail each user who wants one the figures of their day in their language and time zone, through SMTP", async () => {
    const sent = await sendDueSummaries(db, app.ctx.config, new Date(), users());
    expect(sent.daily).toBe(1);
    // The monthly summary (off by default) only for the one who turned it on.
    expect(sent.monthly).toBe(1);
    const daily = textOf(await waitFor(() => smtp.mails.find((m) => m.to.includes(admin.email)) ?? false, { timeout: 15_000 }));
    expect(daily).toContain("Atalaya daily summary");
    expect(daily).toContain("Hello Ana,");
    expect(daily).toContain(`(${TZ})`);
    expect(daily).toContain(companyName);
    expect(daily).toContain("Reports received: 3");
    expect(daily).toContain("Pending: 2 · In progress: 0 · Solved: 1");
    expect(daily).toContain("Overdue and still open (now): 1");
    expect(daily).toMatch(/Most reported types: [^\n(]+ \(2\), [^\n(]+ \(1\)/);
    expect(daily).toContain("/v3/settings?tab=notifications");

    const monthly = textOf(await waitFor(() => smtp.mails.find((m) => m.to.includes(operator.email)) ?? false, { timeout: 15_000 }));
    expect(monthly).toContain("Résumé mensuel Atalaya");
    expect(monthly).toContain("Bonjour Luc,");
    expect(monthly).toContain("Signalements reçus:");
    // Nobody who turned the daily one off, and no patrol, got anything.
    expect(smtp.mails.filter((m) => m.to.includes(quiet.email) || m.to.includes(patrol.email))).toEqual([]);
  });

  it("sends each user's summary of a period once, even from two processes at the same moment", async () => {
    const other = await buildUser(db, { companyId: (await buildCompany(db)).id, role: "company_admin" });
    const ids = [...users(), other.id];
    const [a, b] = await Promise.all([sendDueSummaries(db, app.ctx.config, new Date(), ids), sendDueSummaries(await testDb(), second.ctx.config, new Date(), ids)]);
    // Only the new user's daily summary was still due, and exactly one of the two runs sent it.
    expect(a.daily + b.daily).toBe(1);
    expect(a.monthly + b.monthly).toBe(0);
    const rows = await db.query<{ user_id: number; period: string; n: number }>(
      "select user_id, period, count(*)::int as n from summary_mails where user_id = any($1::int[]) group by user_id, period order by user_id, period",
      [ids],
    );
    expect(rows).toEqual([
      { user_id: admin.id, period: "daily", n: 1 },
      { user_id: operator.id, period: "monthly", n: 1 },
      { user_id: other.id, period: "daily", n: 1 },
    ]);
    await waitFor(() => smtp.mails.some((m) => m.to.includes(other.email)), { timeout: 15_000 });
    const outbox = await db.query<{ to_address: string; n: number }>(
      "select to_address, count(*)::int as n from mail_outbox where to_address = any($1::text[]) group by to_address order by to_address",
      [[admin.email, operator.email, other.email]],
    );
    expect(outbox.map((r) => r.n)).toEqual([1, 1, 1]);
  });
});
