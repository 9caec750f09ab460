import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompanySettings, Report } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";
import { LiveSockets } from "../test/live.js";
import { appLoginAs } from "../test/interactions.js";
import { waitFor } from "../test/wait-for.js";

let app: FastifyInstance;
let db: Db;
const h = (token: string, lang = "es") => ({ "access-token": token, "accept-language": lang });
const inside = { latitude: -33.45, longitude: -70.65 };
// A type no other test of this file routes, so each case controls who attends it.
const SUSPICIOUS = 11;

/** A company with an admin, an operator and a patrol signed in. */
async function world(options: Parameters<typeof buildCompany>[1] = {}) {
  const company = await buildCompany(db, options);
  const admin = await loginAs(app, await buildUser(db, { companyId: company.id, role: "company_admin" }));
  const operator = await loginAs(app, await buildUser(db, { companyId: company.id, role: "operator" }));
  const patrol = await loginAs(app, await buildUser(db, { companyId: company.id, role: "patrol" }));
  return { id: company.id, admin, operator, patrol };
}

const settingsUrl = (companyId: number) => `/api/companies/${companyId}/settings`;
const put = (companyId: number, token: string, payload: unknown, lang = "es") =>
  app.inject({ method: "PUT", url: settingsUrl(companyId), headers: h(token, lang), payload: payload as object });
/** Attends a type with a priority and attention time. */
const attend = (w: { id: number; admin: string }, typeId: number, extra: Partial<CompanySettings["reportTypes"][number]> = {}) =>
  put(w.id, w.admin, { reportTypes: [{ typeId, active: true, priority: "normal", attentionTime: null, attentionUnit: null, ...extra }] });
const sendAppReport = async (type: number, description: string) =>
  body<{ report: { id: number; uuid: string } }>(await app.inject({ method: "POST", url: "/api/app/reports", payload: { type, description, ...inside } })).report;
const readReport = (companyId: number, token: string, id: number) => app.inject({ method: "GET", url: `/api/companies/${companyId}/reports/${id}`, headers: h(token) });

let provider: string;
let providerCompany: { id: number; admin: string };

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  providerCompany = await world();
  // A provider administrator (SPEC §6 group 1) who is a company admin of one organisation.
  provider = await loginAs(app, await buildUser(db, { companyId: providerCompany.id, role: "company_admin", groups: [1] }));
});
afterAll(() => app.close());

describe("GET /api/companies/:companyId/settings", () => {
  it("401 without a token, 404 for another company, 403 for a patrol (issue 14), 200 for admins and operators with types, config, flags, modules and gates", async () => {
    const a = await world();
    const b = await world();
    expect((await app.inject({ method: "GET", url: settingsUrl(a.id) })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: settingsUrl(b.id), headers: h(a.admin) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: settingsUrl(a.id), headers: h(a.patrol) })).statusCode).toBe(403);
    for (const token of [a.admin, a.operator]) {
      const res = await app.inject({ method: "GET", url: settingsUrl(a.id), headers: h(token) });
      expect(res.statusCode).toBe(200);
      const { settings } = body<{ settings: CompanySettings }>(res);
      expect(settings.reportTypes.length).toBeGreaterThan(20);
      expect(settings.reportTypes.find((t) => t.typeId === 0)).toEqual({ typeId: 0, imageName: "type_0.svg", imageUrl: expect.stringMatching(/^https?:\/\/[^/]+\/report-types\/type_0\.svg$/), active: false, priority: "normal", attentionTime: null, attentionUnit: null, duplicateRadiusMeters: null, duplicateWindowMinutes: null });
      expect(settings.flags).toEqual({ is_observer: false, is_freemium: false, hasDelayInReportNotifications: false, visualizeAttendingCompanies: false, displayDni: false, publicOpen311Reads: false });
      expect(settings.modules).toContain("dashboard");
      expect(settings.gates).toEqual([]);
      expect(settings.providerAdmin).toBe(false);
    }
  });
});

describe("PUT /api/companies/:companyId/settings", () => {
  it("401, 403 for operators and patrols, 404 for another company", async () => {
    const a = await world();
    const b = await world();
    const payload = { substatuses: ["Derivado"] };
    expect((await app.inject({ method: "PUT", url: settingsUrl(a.id), payload })).statusCode).toBe(401);
    expect((await put(a.id, a.operator, payload)).statusCode).toBe(403);
    expect((await put(a.id, a.patrol, payload)).statusCode).toBe(403);
    expect((await put(b.id, a.admin, payload)).statusCode).toBe(404);
    expect(body<{ settings: CompanySettings }>(await app.inject({ method: "GET", url: settingsUrl(b.id), headers: h(b.admin) })).settings.substatuses).toEqual([]);
  });

  it("refuses malformed sections with a 400 and a field", async () => {
    const a = await world();
    const type = { typeId: 0, active: true, priority: "high", attentionTime: 2, attentionUnit: "hours" };
    const cases: [unknown, string][] = [
      [{}, "body"],
      [{ reportTypes: [{ ...type, priority: "urgent" }] }, "reportTypes.0.priority"],
      [{ reportTypes: [{ ...type, attentionUnit: "weeks" }] }, "reportTypes.0.attentionUnit"],
      [{ reportTypes: [{ ...type, attentionTime: 0 }] }, "reportTypes.0.attentionTime"],
      [{ reportTypes: [{ ...type, attentionTime: 2147483648 }] }, "reportTypes.0.attentionTime"],
      [{ reportTypes: [{ ...type, attentionUnit: null }] }, "reportTypes.0.attentionUnit"],
      [{ reportTypes: [{ ...type, typeId: 999 }] }, "reportTypes.0.typeId"],
      [{ reportTypes: [{ ...type, duplicateRadiusMeters: 5 }] }, "reportTypes.0.duplicateRadiusMeters"],
      [{ reportTypes: [{ ...type, duplicateWindowMinutes: 20_000 }] }, "reportTypes.0.duplicateWindowMinutes"],
      [{ reportTypes: [type, type] }, "reportTypes"],
      [{ substatuses: ["a\tb"] }, "substatuses.0"],
      [{ substatuses: ["Derivado", "Derivado"] }, "substatuses"],
      [{ config: [{ name: "", value: "1" }] }, "config.0.name"],
      [{ config: [{ name: "x", value: "1" }, { name: "x", value: "2" }] }, "config.1.name"],
      [{ config: [{ name: "reportNotificationDelayMinutes", value: "5000" }] }, "config.0.value"],
      [{ flags: { unknown: true } }, "flags"],
    ];
    for (const [payload, field] of cases) {
      const res = await put(a.id, a.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = body<{ error: { fields?: { field: string }[] } }>(res).error.fields ?? [];
      expect(fields.some((f) => f.field.startsWith(field)), `${JSON.stringify(payload)} → ${JSON.stringify(fields)}`).toBe(true);
    }
  });

  it("checks numeric config values as SPEC §5 (optional sign, digits, optional decimals) with a message in es, en and fr", async () => {
    const a = await world();
    for (const value of ["15", "+2", "-2.5", "0.75"]) {
      expect((await put(a.id, a.admin, { config: [{ name: "pollingNewReportsMinutes", value }] })).statusCode, value).toBe(200);
    }
    for (const value of ["", "1,5", "1e3", ".5", "5.", "quince", "- 2", "0x10"]) {
      const res = await put(a.id, a.admin, { config: [{ name: "demo", value: "texto libre" }, { name: "pollingNewReportsMinutes", value }] });
      expect(res.statusCode, value).toBe(400);
      expect(body<{ error: { code: string; fields: unknown[] } }>(res).error).toMatchObject({ code: "invalidNumber", fields: [{ field: "config.1.value", code: "invalidNumber" }] });
    }
    const bad = { config: [{ name: "pollingNewReportsMinutes", value: "diez" }] };
    const messages = await Promise.all(["es", "en", "fr"].map(async (lang) => body<{ error: { message: string } }>(await put(a.id, a.admin, bad, lang)).error.message));
    expect(messages).toEqual([
      "El valor de «pollingNewReportsMinutes» debe ser un número: signo opcional, dígitos y decimales opcionales (por ejemplo 15 o -2.5)",
      "The value of “pollingNewReportsMinutes” must be a number: optional sign, digits and optional decimals (for example 15 or -2.5)",
      "La valeur de « pollingNewReportsMinutes » doit être un nombre : signe facultatif, chiffres et décimales facultatives (par exemple 15 ou -2.5)",
    ]);
    // Free-text names take any text.
    expect((await put(a.id, a.admin, { config: [{ name: "geocoderUrl", value: "https://geo.example.cl" }] })).statusCode).toBe(200);
  });

  it("saves types, substatuses, config and the admin's flags; the provider's flags only a provider administrator changes", async () => {
    const a = await world();
    const res = await put(a.id, a.admin, {
      reportTypes: [{ typeId: 0, active: true, priority: "highest", attentionTime: 30, attentionUnit: "minutes" }],
      substatuses: ["Derivado a Carabineros", "En espera"],
      config: [{ name: "pollingNewReportsMinutes", value: " 10 " }],
      flags: { displayDni: true, visualizeAttendingCompanies: true, hasDelayInReportNotifications: true },
    });
    expect(res.statusCode).toBe(200);
    const { settings } = body<{ settings: CompanySettings }>(res);
    expect(settings.reportTypes.find((t) => t.typeId === 0)).toMatchObject({ typeId: 0, imageName: "type_0.svg", active: true, priority: "highest", attentionTime: 30, attentionUnit: "minutes", duplicateRadiusMeters: null, duplicateWindowMinutes: null });
    expect(settings.substatuses).toEqual(["Derivado a Carabineros", "En espera"]);
    expect(settings.config).toEqual([{ name: "pollingNewReportsMinutes", value: "10" }]);
    expect(settings.flags).toMatchObject({ displayDni: true, visualizeAttendingCompanies: true, hasDelayInReportNotifications: true });

    for (const flags of [{ is_observer: true }, { is_freemium: true }]) {
      const refused = await put(a.id, a.admin, { flags });
      expect(refused.statusCode).toBe(403);
      expect(body<{ error: { code: string } }>(refused).error.code).toBe("providerOnly");
    }
    const byProvider = await put(providerCompany.id, provider, { flags: { is_observer: true } });
    expect(byProvider.statusCode).toBe(200);
    expect(body<{ settings: CompanySettings }>(byProvider).settings).toMatchObject({ flags: { is_observer: true }, providerAdmin: true });
    await put(providerCompany.id, provider, { flags: { is_observer: false } });
  });

  it("a new community report gets the type's configured priority and due time", async () => {
    const a = await world();
    expect((await attend(a, SUSPICIOUS, { priority: "high", attentionTime: 2, attentionUnit: "hours" })).statusCode).toBe(200);
    const sent = await sendAppReport(SUSPICIOUS, "Persona merodeando autos");
    const report = body<{ report: Report }>(await readReport(a.id, a.operator, sent.id)).report;
    expect(report.priority).toBe("high");
    expect(new Date(report.dueDate!).getTime() - new Date(report.createdAt).getTime()).toBe(2 * 3_600_000);
    // Changed settings apply to the next report, in days.
    await attend(a, SUSPICIOUS, { priority: "lowest", attentionTime: 1, attentionUnit: "days" });
    const next = body<{ report: Report }>(await readReport(a.id, a.operator, (await sendAppReport(SUSPICIOUS, "Otra persona merodeando")).id)).report;
    expect(next.priority).toBe("lowest");
    expect(new Date(next.dueDate!).getTime() - new Date(next.createdAt).getTime()).toBe(86_400_000);
    await put(a.id, a.admin, { reportTypes: [{ typeId: SUSPICIOUS, active: false, priority: "normal", attentionTime: null, attentionUnit: null }] });
  });
});

describe("modules", () => {
  it("GET for members, 404 for strangers; PUT by provider administrators only (403 providerOnly)", async () => {
    const a = await world();
    expect((await app.inject({ method: "GET", url: `/api/companies/${a.id}/modules` })).statusCode).toBe(401);
    expect(body<{ modules: string[] }>(await app.inject({ method: "GET", url: `/api/companies/${a.id}/modules`, headers: h(a.operator) })).modules).toContain("history");
    expect((await app.inject({ method: "GET", url: `/api/companies/${a.id}/modules`, headers: h(provider) })).statusCode).toBe(404);
    const refused = await app.inject({ method: "PUT", url: `/api/companies/${a.id}/modules`, headers: h(a.admin), payload: { modules: ["events"] } });
    expect(refused.statusCode).toBe(403);
    expect(body<{ error: { code: string } }>(refused).error.code).toBe("providerOnly");
    const bad = await app.inject({ method: "PUT", url: `/api/companies/${providerCompany.id}/modules`, headers: h(provider), payload: { modules: ["events", "teleport"] } });
    expect(bad.statusCode).toBe(400);
    const twice = await app.inject({ method: "PUT", url: `/api/companies/${providerCompany.id}/modules`, headers: h(provider), payload: { modules: ["events", "events"] } });
    expect(twice.statusCode).toBe(400);
  });

  it("a company without a feature's module gets 403 moduleDisabled on its routes; given the module back, 200", async () => {
    const a = await world({ modules: ["events"] });
    const routes = [
      `/api/companies/${a.id}/dashboard/summary`,
      `/api/companies/${a.id}/dashboard/reports`,
      `/api/companies/${a.id}/maps/reports`,
      `/api/companies/${a.id}/patrols`,
      `/api/companies/${a.id}/reported-users`,
    ];
    for (const url of routes) {
      const res = await app.inject({ method: "GET", url, headers: h(a.admin) });
      expect(res.statusCode, url).toBe(403);
      expect(body<{ error: { code: string; message: string } }>(res).error).toEqual({ code: "moduleDisabled", message: "Tu organización no tiene activado el módulo de esta función" });
    }
    const history = await app.inject({ method: "POST", url: `/api/companies/${a.id}/reports/history`, headers: h(a.admin), payload: {} });
    expect(history.statusCode).toBe(403);
    // Another company's id is still 404, not a hint about its modules.
    expect((await app.inject({ method: "GET", url: `/api/companies/${a.id}/dashboard/summary`, headers: h(provider) })).statusCode).toBe(404);
    await db.query("update companies set modules = $2 where id = $1", [a.id, ["events", "dashboard"]]);
    expect((await app.inject({ method: "GET", url: routes[0]!, headers: h(a.admin) })).statusCode).toBe(200);
  });
});

describe("gates as data", () => {
  it("a company added to a gate gets the feature without a code change", async () => {
    const a = await world();
    const apps = () => app.inject({ method: "GET", url: `/api/companies/${a.id}/dashboard/apps`, headers: h(a.operator) });
    const gatesOf = async () => body<{ gates: string[] }>(await app.inject({ method: "GET", url: `/api/settings?companyId=${a.id}`, headers: h(a.operator) })).gates;
    expect((await apps()).statusCode).toBe(403);
    expect(await gatesOf()).toEqual([]);
    await db.query("insert into company_gates (gate, company_id) values ('report_apps_metrics', $1), ('show_user_emails', $1)", [a.id]);
    expect((await apps()).statusCode).toBe(200);
    expect(await gatesOf()).toEqual(["report_apps_metrics", "show_user_emails"]);
    expect(body<{ settings: CompanySettings }>(await app.inject({ method: "GET", url: settingsUrl(a.id), headers: h(a.admin) })).settings.gates).toEqual([
      "report_apps_metrics",
      "show_user_emails",
    ]);
  });

  it("are seeded with the SPEC §6 company ids", async () => {
    const rows = await db.query<{ gate: string; ids: number[] }>("select gate, array_agg(company_id order by company_id) as ids from company_gates where company_id in (1, 11, 110, 268, 365) group by gate order by gate");
    expect(rows).toEqual([
      { gate: "block_users_without_role", ids: [110, 268] },
      { gate: "phone_calls", ids: [110, 268, 365] },
      { gate: "premium_alert", ids: [110, 268] },
      { gate: "report_apps_metrics", ids: [110, 268] },
      { gate: "show_user_emails", ids: [1, 11] },
      { gate: "subscription_badges", ids: [110, 268] },
    ]);
  });
});

describe("company flags", () => {
  it("is_observer: sees the community reports of its zones but may not take or close them (403 observerCompany, abilities false)", async () => {
    const a = await world();
    await attend(a, 13);
    await db.query("update companies set is_observer = true where id = $1", [a.id]);
    const sent = await sendAppReport(13, "Árbol caído observado");
    const list = body<{ reports: Report[] }>(await app.inject({ method: "GET", url: `/api/companies/${a.id}/reports?status=pending`, headers: h(a.operator) }));
    const row = list.reports.find((r) => r.id === sent.id)!;
    expect(row.can).toMatchObject({ take: false, close: false });
    const take = await app.inject({ method: "POST", url: `/api/companies/${a.id}/reports/${sent.id}/take`, headers: h(a.operator) });
    expect(take.statusCode).toBe(403);
    expect(body<{ error: { code: string } }>(take).error.code).toBe("observerCompany");
    const close = await app.inject({ method: "POST", url: `/api/companies/${a.id}/reports/${sent.id}/close`, headers: h(a.admin), payload: { kind: "solved" } });
    expect(close.statusCode).toBe(403);
    expect(body<{ error: { code: string } }>(close).error.code).toBe("observerCompany");
    // The same report in a company that is not an observer may be taken.
    await db.query("update companies set is_observer = false where id = $1", [a.id]);
    expect(body<{ report: Report }>(await readReport(a.id, a.operator, sent.id)).report.can.take).toBe(true);
    expect((await app.inject({ method: "POST", url: `/api/companies/${a.id}/reports/${sent.id}/take`, headers: h(a.operator) })).statusCode).toBe(200);
    await put(a.id, a.admin, { reportTypes: [{ typeId: 13, active: false, priority: "normal", attentionTime: null, attentionUnit: null }] });
  });

  it("hasDelayInReportNotifications: a new community report reaches the company only when its stored job runs, with its event", async () => {
    const a = await world();
    const now = await world();
    await attend(a, 21, { priority: "high", attentionTime: 10, attentionUnit: "minutes" });
    await attend(now, 21);
    await put(a.id, a.admin, { flags: { hasDelayInReportNotifications: true }, config: [{ name: "reportNotificationDelayMinutes", value: "30" }] });
    const sent = await sendAppReport(21, "Basura acumulada en la esquina");
    // The company without delay has it at once; the delayed one neither lists nor reads it yet.
    expect((await readReport(now.id, now.operator, sent.id)).statusCode).toBe(200);
    expect((await readReport(a.id, a.operator, sent.id)).statusCode).toBe(404);
    const [job] = await db.query<{ id: number; minutes: number }>(
      "select id, round(extract(epoch from run_after - now()) / 60)::int as minutes from jobs where kind = 'reports.deliverDelayed' and company_id = $1 and payload->>'reportId' = $2",
      [a.id, String(sent.id)],
    );
    expect(job!.minutes).toBeGreaterThanOrEqual(29);
    expect(job!.minutes).toBeLessThanOrEqual(30);
    // The delay is over (any process's worker runs it): the report arrives, due 10 minutes after it was sent.
    await db.query("update jobs set run_after = now() where id = $1", [job!.id]);
    const res = await waitFor(async () => {
      const r = await readReport(a.id, a.operator, sent.id);
      return r.statusCode === 200 && r;
    }, { timeout: 10_000, interval: 200 });
    const report = body<{ report: Report }>(res).report;
    expect(report.priority).toBe("high");
    expect(new Date(report.dueDate!).getTime() - new Date(report.createdAt).getTime()).toBe(600_000);
    const events = body<{ events: { type: string; data: { report?: { id: number } } }[] }>(
      await app.inject({ method: "GET", url: `/api/companies/${a.id}/events?after=0`, headers: h(a.operator) }),
    ).events;
    expect(events.filter((e) => e.type === "newReport" && e.data.report?.id === sent.id)).toHaveLength(1);
    await waitFor(async () => (await db.query("select 1 from jobs where id = $1 and state = 'done'", [job!.id])).length === 1, { timeout: 5000, interval: 100 });
    for (const w of [a, now]) await put(w.id, w.admin, { reportTypes: [{ typeId: 21, active: false, priority: "normal", attentionTime: null, attentionUnit: null }] });
  });

  it("visualizeAttendingCompanies lists the other organisations attending the report; displayDni shows the reporter's RUT", async () => {
    const a = await world({ name: "Municipalidad A" });
    const b = await world({ name: "Seguridad B" });
    await attend(a, 22);
    await attend(b, 22);
    const reporter = await buildUser(db, { groups: [2] });
    await db.query("update users set social_number = '12.345.678-5' where id = $1", [reporter.id]);
    const appToken = await appLoginAs(app, reporter);
    const sent = body<{ report: { id: number } }>(
      await app.inject({ method: "POST", url: "/api/app/reports", headers: { "access-token": appToken }, payload: { type: 22, description: "Luminaria apagada", ...inside } }),
    ).report;
    const before = body<{ report: Report }>(await readReport(a.id, a.operator, sent.id)).report;
    expect(before.attendingCompanies).toBeUndefined();
    expect(before.reporterDni).toBeUndefined();
    await put(a.id, a.admin, { flags: { visualizeAttendingCompanies: true, displayDni: true } });
    const after = body<{ report: Report }>(await readReport(a.id, a.operator, sent.id)).report;
    expect(after.attendingCompanies).toEqual([{ id: b.id, name: "Seguridad B" }]);
    expect(after.reporterDni).toBe("12.345.678-5");
    // B has neither flag.
    const inB = body<{ report: Report }>(await readReport(b.id, b.operator, sent.id)).report;
    expect(inB.attendingCompanies).toBeUndefined();
    expect(inB.reporterDni).toBeUndefined();
    for (const w of [a, b]) await put(w.id, w.admin, { reportTypes: [{ typeId: 22, active: false, priority: "normal", attentionTime: null, attentionUnit: null }] });
  });
});

describe("is_observer over the real-time channel", () => {
  const live = new LiveSockets();
  afterAll(() => live.closeAll());
  /** The reports the token's user receives live in `newReport` messages. */
  const liveReports = (token: string, companyId: number) => live.collect(app, token, companyId, "newReport", (data) => (data as { report: Report }).report);

  it("the newReport a community report sends an observer company offers neither take nor close (the one a regular company gets does)", async () => {
    // A type no other case routes: the observer and a regular company attend it, nobody else.
    const TYPE = 17;
    const observer = await world({ isObserver: true });
    const regular = await world();
    for (const w of [observer, regular]) expect((await attend(w, TYPE)).statusCode).toBe(200);
    const [observerLive, regularLive] = await Promise.all([liveReports(observer.operator, observer.id), liveReports(regular.operator, regular.id)]);

    const sent = await sendAppReport(TYPE, "Ruidos fuertes en la plaza");
    await waitFor(() => observerLive.some((r) => r.id === sent.id) && regularLive.some((r) => r.id === sent.id));
    // The live row carries the abilities of the company it reaches.
    expect(observerLive.find((r) => r.id === sent.id)!.can).toMatchObject({ take: false, close: false });
    expect(regularLive.find((r) => r.id === sent.id)!.can).toMatchObject({ take: true });

    for (const token of [observer.operator, observer.admin]) {
      const detail = body<{ report: Report }>(await readReport(observer.id, token, sent.id)).report;
      expect(detail.can).toMatchObject({ take: false, close: false });
      const list = body<{ reports: Report[] }>(await app.inject({ method: "GET", url: `/api/companies/${observer.id}/reports?status=pending`, headers: h(token) }));
      expect(list.reports.find((r) => r.id === sent.id)?.can).toMatchObject({ take: false, close: false });
      const take = await app.inject({ method: "POST", url: `/api/companies/${observer.id}/reports/${sent.id}/take`, headers: h(token) });
      expect(take.statusCode).toBe(403);
      expect(body<{ error: { code: string } }>(take).error.code).toBe("observerCompany");
    }
    for (const w of [observer, regular]) await put(w.id, w.admin, { reportTypes: [{ typeId: TYPE, active: false, priority: "normal", attentionTime: null, attentionUnit: null }] });
  });
});
