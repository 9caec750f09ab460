import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";

let app: FastifyInstance;
let companyId: number;
let otherCompanyId: number;
let token: string;
let userId: number;

beforeAll(async () => {
  app = await testApp();
  const db = await testDb();
  companyId = (await buildCompany(db, { name: `B-${Date.now()}` })).id;
  otherCompanyId = (await buildCompany(db)).id;
  const user = await buildUser(db, { companyId });
  userId = user.id;
  await db.query("insert into company_config (company_id, name, value) values ($1, 'pollingNewReportsMinutes', '5')", [companyId]);
  token = await loginAs(app, user);
});
afterAll(() => app.close());
const auth = () => ({ "access-token": token });

describe("GET /api/settings", () => {
  it("401 without a token", async () => {
    expect((await app.inject({ method: "GET", url: "/api/settings" })).statusCode).toBe(401);
  });
  it("404 for a company the user does not belong to", async () => {
    expect((await app.inject({ method: "GET", url: `/api/settings?companyId=${otherCompanyId}`, headers: auth() })).statusCode).toBe(404);
  });
  it("400 for a malformed company id", async () => {
    const res = await app.inject({ method: "GET", url: "/api/settings?companyId=abc", headers: auth() });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, error: { code: "validation", fields: [{ field: "companyId" }] } });
  });
  it("returns user with default settings, company, config pairs and click_to_call", async () => {
    const res = await app.inject({ method: "GET", url: "/api/settings", headers: auth() });
    expect(res.statusCode).toBe(200);
    const b = body<Record<string, Record<string, unknown>>>(res);
    expect(b.user).toMatchObject({
      id: userId,
      role: "Operator",
      lang: "es",
      timezone: "America/Santiago",
      settings: { portal_version: "v3", onlyAssignedReports: false, pushNotifications: true, dailySummaryEmail: true, alarm: { sound: "beep", volume: 1, loop: true, mute: false } },
    });
    expect(b.user!.companies).toEqual([expect.objectContaining({ id: companyId, role: "operator" })]);
    expect(b.company).toMatchObject({ id: companyId, bound: { latitude: -33.44, longitude: -70.65 }, is_freemium: false });
    expect(b.config).toEqual([{ name: "pollingNewReportsMinutes", value: "5" }]);
    expect(b.click_to_call).toBe(false);
  });
  it("lists every company of a user in several and loads the chosen one", async () => {
    const db = await testDb();
    const user = await buildUser(db, { companyId, role: "company_admin" });
    await db.query("insert into memberships (company_id, user_id, role) values ($1, $2, 'operator')", [otherCompanyId, user.id]);
    const t = await loginAs(app, user);
    const res = await app.inject({ method: "GET", url: `/api/settings?companyId=${otherCompanyId}`, headers: { "access-token": t } });
    const b = body<{ user: { companies: { id: number }[]; role: string }; company: { id: number } }>(res);
    expect(b.user.companies.map((c) => c.id).sort()).toEqual([companyId, otherCompanyId].sort());
    expect(b.company.id).toBe(otherCompanyId);
    expect(b.user.role).toBe("Operator");
  });
  it("shows a user with several groups as Root", async () => {
    const db = await testDb();
    const user = await buildUser(db, { companyId, groups: [1, 3] });
    const res = await app.inject({ method: "GET", url: "/api/settings", headers: { "access-token": await loginAs(app, user) } });
    expect(body<{ user: { role: string } }>(res).user.role).toBe("Root");
  });
});

describe("PUT /api/user/:id/portal-version", () => {
  it("401, 404 for another user, 400 for a bad version, then saves it", async () => {
    const url = `/api/user/${userId}/portal-version`;
    expect((await app.inject({ method: "PUT", url, payload: { portal_version: "v1" } })).statusCode).toBe(401);
    const other = await buildUser(await testDb(), { companyId });
    expect((await app.inject({ method: "PUT", url: `/api/user/${other.id}/portal-version`, headers: auth(), payload: { portal_version: "v1" } })).statusCode).toBe(404);
    const bad = await app.inject({ method: "PUT", url, headers: auth(), payload: { portal_version: "v9" } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ error: { fields: [{ field: "portal_version" }] } });
    expect((await app.inject({ method: "PUT", url, headers: auth(), payload: { portal_version: "v1" } })).statusCode).toBe(200);
    const settings = await app.inject({ method: "GET", url: "/api/settings", headers: auth() });
    expect(body<{ user: { settings: { portal_version: string } } }>(settings).user.settings.portal_version).toBe("v1");
    await app.inject({ method: "PUT", url, headers: auth(), payload: { portal_version: "v3" } });
  });
});

describe("GET /api/operator/monitoring", () => {
  it("401, 404 for another company, 403 for a patrol, then lists operators", async () => {
    const url = "/api/operator/monitoring?include_deleted_forms=true";
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: `${url}&companyId=${otherCompanyId}`, headers: auth() })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `${url}&companyId=x`, headers: auth() })).statusCode).toBe(400);
    const db = await testDb();
    const patrol = await buildUser(db, { companyId, role: "patrol", groups: [3] });
    expect((await app.inject({ method: "GET", url, headers: { "access-token": await loginAs(app, patrol) } })).statusCode).toBe(403);
    const res = await app.inject({ method: "GET", url, headers: auth() });
    expect(res.statusCode).toBe(200);
    const ops = body<{ data: { operators: { id: number; online: boolean }[] } }>(res).data.operators;
    expect(ops.map((o) => o.id)).toContain(userId);
  });
});

describe("PUT /api/user/:id/settings", () => {
  it("401, 404 for another user, 400 for bad or unknown settings, then saves the alarm for this user", async () => {
    const url = `/api/user/${userId}/settings`;
    const alarm = { sound: "siren", volume: 0.4, loop: false, mute: true };
    expect((await app.inject({ method: "PUT", url, payload: { alarm } })).statusCode).toBe(401);
    const other = await buildUser(await testDb(), { companyId });
    expect((await app.inject({ method: "PUT", url: `/api/user/${other.id}/settings`, headers: auth(), payload: { alarm } })).statusCode).toBe(404);
    for (const payload of [{}, { alarm: { ...alarm, volume: 2 } }, { alarm: { ...alarm, sound: "gong" } }, { portal_version: "v1" }]) {
      const res = await app.inject({ method: "PUT", url, headers: auth(), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const ok = await app.inject({ method: "PUT", url, headers: auth(), payload: { alarm, onlyAssignedReports: true } });
    expect(ok.statusCode).toBe(200);
    const settings = body<{ user: { settings: { alarm: object; onlyAssignedReports: boolean; portal_version: string } } }>(
      await app.inject({ method: "GET", url: "/api/settings", headers: auth() }),
    ).user.settings;
    expect(settings).toMatchObject({ alarm, onlyAssignedReports: true, portal_version: "v3" });
    await app.inject({ method: "PUT", url, headers: auth(), payload: { onlyAssignedReports: false } });
  });
});
