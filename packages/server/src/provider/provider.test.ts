import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification, NotificationsResponse, ProviderCompany } from "@atalaya/shared";
import { installAuthentication } from "../auth/authenticate.js";
import { installCompanyScope, scopeOf } from "../auth/company-scope.js";
import type { Db } from "../db/db.js";
import { installErrorHandlers } from "../http/error-handler.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";
import { LiveSockets } from "../test/live.js";
import { waitFor } from "../test/wait-for.js";

let app: FastifyInstance;
let db: Db;
const h = (token: string) => ({ "access-token": token });
const REQUEST = "/api/app-companies/freemium/upgrade-request";
let provider: string;
let freemium: { id: number; operator: string; admin: string };
let paying: { id: number; admin: string };

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  const f = await buildCompany(db, { isFreemium: true, modules: ["events", "teams", "messages"] });
  freemium = {
    id: f.id,
    operator: await loginAs(app, await buildUser(db, { companyId: f.id, role: "operator" })),
    admin: await loginAs(app, await buildUser(db, { companyId: f.id, role: "company_admin" })),
  };
  const p = await buildCompany(db);
  paying = { id: p.id, admin: await loginAs(app, await buildUser(db, { companyId: p.id, role: "company_admin" })) };
  // Group 100 (root) alone cannot sign in (SPEC §6 login roles 1, 2, 3): root with admin does.
  provider = await loginAs(app, await buildUser(db, { companyId: p.id, role: "operator", groups: [1, 100] }));
});
afterAll(() => app.close());

describe("POST /api/app-companies/freemium/upgrade-request", () => {
  it("401; 400 for a company that is not freemium; 404 for another company; once per company while open", async () => {
    expect((await app.inject({ method: "POST", url: REQUEST })).statusCode).toBe(401);
    const notFreemium = await app.inject({ method: "POST", url: `${REQUEST}?companyId=${paying.id}`, headers: h(paying.admin) });
    expect(notFreemium.statusCode).toBe(400);
    expect(body<{ error: { fields: unknown[] } }>(notFreemium).error.fields).toEqual([{ field: "companyId", code: "not_freemium" }]);
    expect((await app.inject({ method: "POST", url: `${REQUEST}?companyId=${paying.id}`, headers: h(freemium.operator) })).statusCode).toBe(404);

    const first = await app.inject({ method: "POST", url: `${REQUEST}?companyId=${freemium.id}`, headers: h(freemium.operator) });
    expect(first.statusCode).toBe(201);
    const { request, created } = body<{ request: { id: number; closedAt: null }; created: boolean }>(first);
    expect(created).toBe(true);
    // A second click, or a colleague's, answers the same open request.
    const again = await app.inject({ method: "POST", url: REQUEST, headers: h(freemium.admin) });
    expect(again.statusCode).toBe(200);
    expect(body<{ request: { id: number }; created: boolean }>(again)).toMatchObject({ request: { id: request.id }, created: false });
    expect(await db.query("select count(*)::int as n from upgrade_requests where company_id = $1", [freemium.id])).toEqual([{ n: 1 }]);
  });
});

describe("the provider's organisations (/api/admin/companies)", () => {
  it("401 without a token, 403 providerOnly for company admins and operators", async () => {
    expect((await app.inject({ method: "GET", url: "/api/admin/companies" })).statusCode).toBe(401);
    for (const token of [paying.admin, freemium.admin, freemium.operator]) {
      for (const [method, url, payload] of [
        ["GET", "/api/admin/companies", undefined],
        ["PUT", `/api/admin/companies/${freemium.id}/modules`, { modules: ["events"] }],
        ["PUT", `/api/admin/companies/${freemium.id}/flags`, { is_freemium: false }],
      ] as const) {
        const res = await app.inject({ method, url, headers: h(token), ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(body<{ error: { code: string } }>(res).error.code).toBe("providerOnly");
      }
    }
  });

  it("lists every organisation with modules, freemium flag and pending request; toggles modules; lifting freemium closes the request", async () => {
    await app.inject({ method: "POST", url: `${REQUEST}?companyId=${freemium.id}`, headers: h(freemium.operator) });
    const list = body<{ companies: ProviderCompany[] }>(await app.inject({ method: "GET", url: "/api/admin/companies", headers: h(provider) })).companies;
    const listed = list.find((c) => c.id === freemium.id)!;
    expect(listed).toMatchObject({ is_freemium: true, modules: ["events", "teams", "messages"], members: 2, pendingUpgradeRequest: { companyId: freemium.id, closedAt: null } });
    expect(list.find((c) => c.id === paying.id)).toMatchObject({ is_freemium: false, pendingUpgradeRequest: null });
    // Pending requests first.
    expect(list.findIndex((c) => c.id === freemium.id)).toBeLessThan(list.findIndex((c) => c.id === paying.id));

    expect((await app.inject({ method: "PUT", url: "/api/admin/companies/2147483647/modules", headers: h(provider), payload: { modules: [] } })).statusCode).toBe(404);
    expect((await app.inject({ method: "PUT", url: "/api/admin/companies/2147483647/flags", headers: h(provider), payload: { is_freemium: false } })).statusCode).toBe(404);
    expect((await app.inject({ method: "PUT", url: `/api/admin/companies/${freemium.id}/flags`, headers: h(provider), payload: {} })).statusCode).toBe(400);
    expect((await app.inject({ method: "PUT", url: `/api/admin/companies/${freemium.id}/flags`, headers: h(provider), payload: { displayDni: true } })).statusCode).toBe(400);
    expect((await app.inject({ method: "PUT", url: `/api/admin/companies/${freemium.id}/modules`, headers: h(provider), payload: { modules: ["nope"] } })).statusCode).toBe(400);

    const modules = await app.inject({ method: "PUT", url: `/api/admin/companies/${freemium.id}/modules`, headers: h(provider), payload: { modules: ["events", "teams", "messages", "history"] } });
    expect(body<{ company: ProviderCompany }>(modules).company.modules).toEqual(["events", "teams", "messages", "history"]);

    const lifted = await app.inject({ method: "PUT", url: `/api/admin/companies/${freemium.id}/flags`, headers: h(provider), payload: { is_freemium: false } });
    expect(lifted.statusCode).toBe(200);
    expect(body<{ company: ProviderCompany }>(lifted).company).toMatchObject({ is_freemium: false, pendingUpgradeRequest: null });
    expect(await db.query("select closed_at is not null as closed from upgrade_requests where company_id = $1", [freemium.id])).toEqual([{ closed: true }]);
    // The organisation's own settings say so, and asking again is refused.
    const settings = body<{ company: { is_freemium: boolean } }>(await app.inject({ method: "GET", url: `/api/settings?companyId=${freemium.id}`, headers: h(freemium.operator) }));
    expect(settings.company.is_freemium).toBe(false);
    expect((await app.inject({ method: "POST", url: REQUEST, headers: h(freemium.operator) })).statusCode).toBe(400);
    await db.query("update companies set is_freemium = true where id = $1", [freemium.id]);
  });
});

describe("the company-scope guard", () => {
  // A route of a feature a freemium company may not use (groups: teams.manage) in the teams module,
  // behind the same hooks as the app's: the guard, not each route, refuses.
  let guarded: FastifyInstance;
  beforeAll(async () => {
    guarded = Fastify();
    guarded.setValidatorCompiler(validatorCompiler);
    guarded.setSerializerCompiler(serializerCompiler);
    installErrorHandlers(guarded);
    installAuthentication(guarded, db);
    installCompanyScope(guarded, db);
    guarded.post("/api/companies/:companyId/teams-probe", { config: { permission: "teams.manage", module: "teams" } }, async (req) => ({ companyId: scopeOf(req).companyId }));
    await guarded.ready();
  });
  afterAll(() => guarded.close());
  const probe = (companyId: number, token: string) => guarded.inject({ method: "POST", url: `/api/companies/${companyId}/teams-probe`, headers: h(token) });

  it("refuses team writes to a freemium company (403 freemiumLimit) and to a company without the teams module (403 moduleDisabled)", async () => {
    const res = await probe(freemium.id, freemium.admin);
    expect(res.statusCode).toBe(403);
    expect(body<{ error: { code: string } }>(res).error.code).toBe("freemiumLimit");
    expect((await probe(freemium.id, freemium.operator)).statusCode).toBe(403);
    expect((await probe(paying.id, paying.admin)).statusCode).toBe(200);
    await db.query("update companies set modules = array_remove(modules, 'teams') where id = $1", [paying.id]);
    const noModule = await probe(paying.id, paying.admin);
    expect(body<{ error: { code: string } }>(noModule).error.code).toBe("moduleDisabled");
    expect((await probe(freemium.id, paying.admin)).statusCode).toBe(404);
  });
});

describe("an answered upgrade request reaches the organisation's admins", () => {
  const live = new LiveSockets();
  afterAll(() => live.closeAll());
  const notificationsOf = (token: string, companyId: number) =>
    live.collect(app, token, companyId, "notification", (data) => (data as { notification: Notification }).notification);
  const bell = async (token: string) => body<NotificationsResponse>(await app.inject({ method: "GET", url: "/api/notifications", headers: h(token) })).notifications;

  it("lifting the flag tells its admins and the requester live, with accepted true; nobody else", async () => {
    const c = await buildCompany(db, { isFreemium: true, modules: ["events", "teams"] });
    const adminUser = await buildUser(db, { companyId: c.id, role: "company_admin" });
    const admin = await loginAs(app, adminUser);
    const requester = await loginAs(app, await buildUser(db, { companyId: c.id, role: "operator" }));
    const bystander = await loginAs(app, await buildUser(db, { companyId: c.id, role: "operator" }));
    const [adminLive, requesterLive, bystanderLive, otherLive] = await Promise.all([
      notificationsOf(admin, c.id),
      notificationsOf(requester, c.id),
      notificationsOf(bystander, c.id),
      notificationsOf(paying.admin, paying.id),
    ]);
    expect((await app.inject({ method: "POST", url: `${REQUEST}?companyId=${c.id}`, headers: h(requester) })).statusCode).toBe(201);

    const lifted = await app.inject({ method: "PUT", url: `/api/admin/companies/${c.id}/flags`, headers: h(provider), payload: { is_freemium: false } });
    expect(lifted.statusCode, lifted.body).toBe(200);
    await waitFor(() => adminLive.length > 0 && requesterLive.length > 0);
    for (const got of [adminLive, requesterLive])
      expect(got).toEqual([expect.objectContaining({ kind: "upgradeAnswered", companyId: c.id, reportId: null, read: false, data: { accepted: true } })]);
    expect((await bell(admin))[0]).toMatchObject({ kind: "upgradeAnswered", data: { accepted: true } });
    // Lifting again answers nothing: no request is open.
    expect((await app.inject({ method: "PUT", url: `/api/admin/companies/${c.id}/flags`, headers: h(provider), payload: { is_freemium: false } })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(adminLive).toHaveLength(1);
    expect(bystanderLive).toEqual([]);
    expect(otherLive).toEqual([]);
    expect(await bell(bystander)).toEqual([]);
  });

  it("declining keeps the flag and tells the admins with accepted false; 403 to others, 404 without an open request", async () => {
    const c = await buildCompany(db, { isFreemium: true, modules: ["events"] });
    const admin = await loginAs(app, await buildUser(db, { companyId: c.id, role: "company_admin" }));
    const heard = await notificationsOf(admin, c.id);
    const decline = (token: string, id = c.id) => app.inject({ method: "POST", url: `/api/admin/companies/${id}/upgrade-request/decline`, headers: h(token), payload: {} });

    expect((await app.inject({ method: "POST", url: `/api/admin/companies/${c.id}/upgrade-request/decline`, payload: {} })).statusCode).toBe(401);
    const none = await decline(provider);
    expect(none.statusCode).toBe(404);
    expect(body<{ error: { code: string } }>(none).error.code).toBe("notFound");
    expect((await app.inject({ method: "POST", url: `${REQUEST}?companyId=${c.id}`, headers: h(admin) })).statusCode).toBe(201);
    const refused = await decline(admin);
    expect(refused.statusCode).toBe(403);
    expect(body<{ error: { code: string } }>(refused).error.code).toBe("providerOnly");
    expect((await decline(provider, 2147483647)).statusCode).toBe(404);
    expect((await decline(provider, 2147483648)).statusCode).toBe(400);

    const declined = await decline(provider);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(body<{ company: ProviderCompany }>(declined).company).toMatchObject({ is_freemium: true, pendingUpgradeRequest: null });
    await waitFor(() => heard.length > 0);
    expect(heard[0]).toMatchObject({ kind: "upgradeAnswered", data: { accepted: false } });
    // The organisation may ask again later.
    expect((await app.inject({ method: "POST", url: `${REQUEST}?companyId=${c.id}`, headers: h(admin) })).statusCode).toBe(201);
  });
});
