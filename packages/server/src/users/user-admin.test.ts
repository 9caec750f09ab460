import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN, body, buildCompany, buildUser, loginAs, testApp, testDb, unique, type TestUser } from "../test/harness.js";

let app: FastifyInstance;
let second: FastifyInstance;
let companyId: number;
let zoneId: number;
let otherCompanyId: number;
let otherZoneId: number;
let admin: TestUser;
let adminToken: string;
let operatorToken: string;
let patrolToken: string;
let platformToken: string;
let otherAdminToken: string;
let strangerId: number;

beforeAll(async () => {
  app = await testApp();
  // A second server process on the same database, for the sockets a lock must close everywhere.
  second = await testApp();
  const db = await testDb();
  ({ id: companyId, zoneId } = await buildCompany(db));
  ({ id: otherCompanyId, zoneId: otherZoneId } = await buildCompany(db));
  admin = await buildUser(db, { companyId, role: "company_admin", groups: [2] });
  adminToken = await loginAs(app, admin);
  operatorToken = await loginAs(app, await buildUser(db, { companyId, role: "operator" }));
  patrolToken = await loginAs(app, await buildUser(db, { companyId, role: "patrol", groups: [3] }));
  // A platform admin (SPEC §6: group 1) belongs to no company.
  platformToken = await loginAs(app, await buildUser(db, { groups: [1] }));
  otherAdminToken = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin", groups: [2] }));
  strangerId = (await buildUser(db, { companyId: otherCompanyId })).id;
});
afterAll(async () => {
  await app.close();
  await second.close();
});

const base = (cid = companyId) => `/api/companies/${cid}/users`;
const as = (token: string, lang = "en") => ({ "access-token": token, "accept-language": lang });
const newUser = (over: Record<string, unknown> = {}) => ({
  email: `${unique("nuevo")}@demo.cl`,
  first_name: "Ana",
  last_name: "Pérez",
  phone: "9 6123 4567",
  social_number: "12.345.678-5",
  role: "operator",
  password: "Segura-2026",
  password_confirmation: "Segura-2026",
  ...over,
});
type UserBody = { success: true; user: { id: number; email: string; role: string; roleName: string; locked: boolean; zones: number[]; reportTypes: number[]; phone: string | null; social_number: string | null; gravatar: string; settings: Record<string, unknown>; otherCompanies: number }; grantableRoles: string[] };

async function create(over: Record<string, unknown> = {}, token = adminToken) {
  const payload = newUser(over);
  const res = await app.inject({ method: "POST", url: base(), headers: as(token), payload });
  expect(res.statusCode, res.body).toBe(200);
  return { ...body<UserBody>(res).user, password: payload.password };
}
const signIn = async (email: string, password = "Segura-2026") => {
  const res = await app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
  return res.statusCode === 200 ? body<{ user: { access_token: string } }>(res).user.access_token : null;
};
const settingsStatus = async (token: string) => (await app.inject({ method: "GET", url: "/api/settings", headers: { "access-token": token } })).statusCode;

describe("every users route", () => {
  const routes = (id: number) => [
    { method: "GET", url: base() },
    { method: "POST", url: base(), payload: newUser() },
    { method: "GET", url: `${base()}/${id}` },
    { method: "PUT", url: `${base()}/${id}`, payload: { zones: [] } },
    { method: "PUT", url: `${base()}/${id}/password`, payload: { password: "Otra-clave-1", password_confirmation: "Otra-clave-1" } },
    { method: "POST", url: `${base()}/${id}/unlock` },
    { method: "DELETE", url: `${base()}/${id}` },
  ] as const;

  it("answers 401 without a token", async () => {
    for (const r of routes(admin.id)) {
      const res = await app.inject({ method: r.method, url: r.url, ...("payload" in r ? { payload: r.payload } : {}) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it("permission matrix: company and platform admins manage; operators and patrols 403; another company's admin 404", async () => {
    const db = await testDb();
    for (const [who, token, expected] of [
      ["operator", operatorToken, 403],
      ["patrol", patrolToken, 403],
      ["other company's admin", otherAdminToken, 404],
      ["company admin", adminToken, 200],
      ["platform admin", platformToken, 200],
    ] as const) {
      // A fresh member per role, so the successful DELETE of one role does not hide the next answer.
      const target = await buildUser(db, { companyId });
      for (const r of routes(target.id)) {
        const payload = "payload" in r ? (r.method === "POST" ? newUser() : r.payload) : undefined;
        const res = await app.inject({ method: r.method, url: r.url, headers: as(token), ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${who}: ${r.method} ${r.url} ${res.body.slice(0, 120)}`).toBe(expected);
      }
    }
  });

  it("answers 404 for another company's user and for an unknown company", async () => {
    for (const [method, url] of [["GET", `${base()}/${strangerId}`], ["PUT", `${base()}/${strangerId}`], ["POST", `${base()}/${strangerId}/lock`], ["DELETE", `${base()}/${strangerId}`], ["PUT", `${base()}/${strangerId}/password`]] as const) {
      const payload = method === "PUT" ? (url.endsWith("password") ? { password: "Otra-clave-1", password_confirmation: "Otra-clave-1" } : { zones: [] }) : undefined;
      const res = await app.inject({ method, url, headers: as(adminToken), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await app.inject({ method: "GET", url: base(2147483000), headers: as(platformToken) })).statusCode).toBe(404);
    const db = await testDb();
    const [row] = await db.query<{ locked: boolean }>("select locked from users where id = $1", [strangerId]);
    expect(row!.locked).toBe(false);
  });
});

describe("validation (SPEC §5 profile rules)", () => {
  const fieldsOf = async (payload: unknown, lang = "en", url = base(), method: "POST" | "PUT" = "POST") => {
    const res = await app.inject({ method, url, headers: as(adminToken, lang), payload: payload as object });
    expect(res.statusCode, res.body).toBe(400);
    return body<{ error: { fields: { field: string; code: string; message?: string }[] } }>(res).error.fields;
  };

  it("answers each broken rule on its field with its exact message", async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ first_name: "Al" }, "first_name", "name_too_short", "Must have at least 3 characters"],
      [{ last_name: "Li" }, "last_name", "name_too_short", "Must have at least 3 characters"],
      [{ social_number: "12.345.678-4" }, "social_number", "invalid_rut", "The RUT is not valid"],
      [{ phone: "123" }, "phone", "invalid_phone", "The phone number is not valid"],
      [{ email: "correo@" }, "email", "invalid_email", "Must be a valid email address"],
      [{ role: undefined }, "role", "role_required", "A role must be selected"],
      [{ password: "corta", password_confirmation: "corta" }, "password", "password_length", "The password must have between 8 and 64 characters"],
      [{ password_confirmation: "Distinta-2026" }, "password_confirmation", "password_mismatch", "The password confirmation does not match"],
    ];
    for (const [over, field, code, message] of cases) expect(await fieldsOf(newUser(over)), JSON.stringify(over)).toEqual([{ field, code, message }]);
  });

  it("requires e-mail, names, role and password (with its confirmation); phone and RUT only when given", async () => {
    const required = ["email", "first_name", "last_name", "role", "password", "password_confirmation"];
    for (const field of required) expect((await fieldsOf(newUser({ [field]: undefined }))).map((f) => f.field), field).toEqual([field]);
    const u = await create({ phone: undefined, social_number: "  " });
    expect(u).toMatchObject({ phone: null, social_number: null });
    expect(await signIn(u.email)).toBeTruthy();
  });

  it("speaks the caller's language: Spanish by default, French when asked", async () => {
    expect(await fieldsOf(newUser({ social_number: "1-1" }), "")).toEqual([{ field: "social_number", code: "invalid_rut", message: "El RUT no es válido" }]);
    expect(await fieldsOf(newUser({ first_name: "Al" }), "fr")).toEqual([{ field: "first_name", code: "name_too_short", message: "Doit contenir au moins 3 caractères" }]);
  });

  it("refuses another company's zone, an unknown report type, a taken e-mail; edits validate the same way", async () => {
    expect(await fieldsOf(newUser({ zones: [otherZoneId] }))).toEqual([{ field: "zones", code: "invalid_zone", message: "The zone does not belong to the organisation" }]);
    expect(await fieldsOf(newUser({ reportTypes: [99999] }))).toEqual([{ field: "reportTypes", code: "invalid_report_type", message: "The report type does not exist" }]);
    expect(await fieldsOf(newUser({ email: admin.email.toUpperCase() }))).toEqual([{ field: "email", code: "email_taken", message: "This e-mail already belongs to a member of the organisation" }]);
    const u = await create();
    expect(await fieldsOf({ first_name: "Yo" }, "en", `${base()}/${u.id}`, "PUT")).toEqual([{ field: "first_name", code: "name_too_short", message: "Must have at least 3 characters" }]);
    expect(await fieldsOf({ zones: [otherZoneId] }, "en", `${base()}/${u.id}`, "PUT")).toEqual([{ field: "zones", code: "invalid_zone", message: "The zone does not belong to the organisation" }]);
    expect(await fieldsOf({ email: admin.email }, "en", `${base()}/${u.id}`, "PUT")).toEqual([{ field: "email", code: "email_taken", message: "This e-mail already belongs to a member of the organisation" }]);
    expect((await fieldsOf({ timezone: "Mars/Olympus" }, "en", `${base()}/${u.id}`, "PUT"))[0]).toMatchObject({ field: "timezone", code: "invalid_timezone" });
    expect((await fieldsOf({ groups: [1] }, "en", `${base()}/${u.id}`, "PUT")).length).toBeGreaterThan(0);
    expect(await fieldsOf({ password: "Segura-2026", password_confirmation: "x" }, "en", `${base()}/${u.id}/password`, "PUT")).toEqual([
      { field: "password_confirmation", code: "password_mismatch", message: "The password confirmation does not match" },
    ]);
  });

  it("answers 400 to junk queries and bodies, never 500", async () => {
    for (const q of ["?page=0", "?pageSize=1000", "?role=root", "?locked=maybe", "?q=%00", `?q=${"x".repeat(200)}`])
      expect((await app.inject({ method: "GET", url: base() + q, headers: as(adminToken) })).statusCode, q).toBe(400);
    for (const payload of [[], "x", { ...newUser(), zones: [2147483648] }, { ...newUser(), first_name: "Ana\u0000" }, { ...newUser(), email: "a\u0000@b.cl" }])
      expect((await app.inject({ method: "POST", url: base(), headers: { ...as(adminToken), "content-type": "application/json" }, payload: JSON.stringify(payload) })).statusCode).toBe(400);
  });
});

describe("user admin", () => {
  it("creates a member with a normalised phone and RUT, default settings and a gravatar; the new user signs in", async () => {
    const u = await create({ zones: [zoneId], reportTypes: [0, 11] });
    expect(u).toMatchObject({ role: "operator", roleName: "Operator", locked: false, zones: [zoneId], reportTypes: [0, 11], phone: "+56 9 6123 4567", social_number: "12345678-5", otherCompanies: 0 });
    expect(u.settings).toMatchObject({ onlyAssignedReports: false, pushNotifications: true, dailySummaryEmail: true });
    expect(u.gravatar).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?/);
    const token = await signIn(u.email);
    expect(token).toBeTruthy();
    const settings = body<{ user: { zones: number[]; reportTypes: number[] } }>(await app.inject({ method: "GET", url: "/api/settings", headers: { "access-token": token! } }));
    expect(settings.user).toMatchObject({ zones: [zoneId], reportTypes: [0, 11] });
  });

  it("joins an existing account of another company by its e-mail, keeping its profile and password", async () => {
    const db = await testDb();
    const outsider = await buildUser(db, { companyId: otherCompanyId });
    const res = await app.inject({ method: "POST", url: base(), headers: as(adminToken), payload: newUser({ email: outsider.email, first_name: "Intruso", password: "Cambiada-99", password_confirmation: "Cambiada-99" }) });
    expect(res.statusCode).toBe(200);
    expect(body<UserBody>(res).user).toMatchObject({ id: outsider.id, otherCompanies: 1 });
    const [row] = await db.query<{ first_name: string }>("select first_name from users where id = $1", [outsider.id]);
    expect(row!.first_name).toBe("Test");
    expect(await signIn(outsider.email, "Cambiada-99")).toBeNull();
    // A shared account: its profile, password and lock are not this company's; its role and restrictions are.
    for (const [method, url, payload] of [
      ["PUT", `${base()}/${outsider.id}`, { first_name: "Otro" }],
      ["PUT", `${base()}/${outsider.id}/password`, { password: "Otra-clave-1", password_confirmation: "Otra-clave-1" }],
      ["POST", `${base()}/${outsider.id}/lock`, undefined],
    ] as const) {
      const r = await app.inject({ method, url, headers: as(adminToken), ...(payload ? { payload } : {}) });
      expect(r.statusCode, url).toBe(409);
      expect(body(r)).toMatchObject({ error: { reason: "sharedAccount" } });
    }
    expect((await app.inject({ method: "DELETE", url: `${base()}/${outsider.id}?permanent=true`, headers: as(adminToken) })).statusCode).toBe(409);
    expect((await app.inject({ method: "PUT", url: `${base()}/${outsider.id}`, headers: as(adminToken), payload: { role: "patrol", zones: [zoneId] } })).statusCode).toBe(200);
    // Removing from this company leaves the account and its other membership.
    expect((await app.inject({ method: "DELETE", url: `${base()}/${outsider.id}`, headers: as(adminToken) })).statusCode).toBe(200);
    expect(await db.query("select company_id from memberships where user_id = $1", [outsider.id])).toEqual([{ company_id: otherCompanyId }]);
  });

  it("lists with search by name, e-mail, RUT and phone digits, role and locked filters, and pages", async () => {
    const tag = unique("zz").replace(/[^a-z0-9]/gi, "");
    const a = await create({ first_name: `Bea${tag}`, phone: "+56 9 1234 9876", social_number: "9.876.543-3" });
    const b = await create({ first_name: `Bea${tag}`, role: "patrol" });
    await app.inject({ method: "POST", url: `${base()}/${b.id}/lock`, headers: as(adminToken) });
    const list = async (q: string) => body<{ users: { id: number }[]; total: number; grantableRoles: string[] }>(await app.inject({ method: "GET", url: `${base()}?${q}`, headers: as(adminToken) }));
    expect((await list(`q=bea${tag}`)).users.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect((await list(`q=${encodeURIComponent(a.email)}`)).users.map((u) => u.id)).toEqual([a.id]);
    expect((await list("q=9.876.543")).users.map((u) => u.id)).toContain(a.id);
    expect((await list("q=12349876")).users.map((u) => u.id)).toEqual([a.id]);
    expect((await list(`q=bea${tag}&role=patrol`)).users.map((u) => u.id)).toEqual([b.id]);
    expect((await list(`q=bea${tag}&locked=true`)).users.map((u) => u.id)).toEqual([b.id]);
    expect((await list(`q=bea${tag}&locked=false`)).users.map((u) => u.id)).toEqual([a.id]);
    const page = await list(`q=bea${tag}&pageSize=1&page=2`);
    expect(page.total).toBe(2);
    expect(page.users).toHaveLength(1);
    expect(page.grantableRoles).toEqual(["operator", "patrol"]);
    expect((await list("q=%25")).users.length).toBeLessThan((await list("")).total + 1);
  });

  it("edits profile, restrictions and settings; none selected means all types", async () => {
    const u = await create({ reportTypes: [0] });
    const res = await app.inject({
      method: "PUT",
      url: `${base()}/${u.id}`,
      headers: as(adminToken),
      payload: { first_name: "Beatriz", phone: "+56 2 2345 6789", zones: [zoneId], reportTypes: [], lang: "fr", timezone: "Europe/Paris", settings: { onlyAssignedReports: true, dailySummaryEmail: false, portal_version: "v2", alarm: { sound: "siren", volume: 0.5, loop: false, mute: false } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<UserBody>(res).user).toMatchObject({ zones: [zoneId], reportTypes: [], lang: "fr", timezone: "Europe/Paris", settings: { onlyAssignedReports: true, dailySummaryEmail: false, pushNotifications: true, portal_version: "v2", alarm: { sound: "siren" } } });
    const db = await testDb();
    expect(await db.query("select zone_ids, report_type_ids from memberships where company_id = $1 and user_id = $2", [companyId, u.id])).toEqual([{ zone_ids: [zoneId], report_type_ids: [] }]);
  });

  it("clears a phone or RUT sent blank, and keeps what an edit leaves out", async () => {
    const u = await create();
    const edit = async (payload: object) => body<UserBody>(await app.inject({ method: "PUT", url: `${base()}/${u.id}`, headers: as(adminToken), payload })).user;
    expect(await edit({ first_name: "Beatriz" })).toMatchObject({ phone: "+56 9 6123 4567", social_number: "12345678-5" });
    expect(await edit({ phone: "" })).toMatchObject({ phone: null, social_number: "12345678-5" });
    expect(await edit({ social_number: " ", phone: "9 6123 4567" })).toMatchObject({ phone: "+56 9 6123 4567", social_number: null });
  });

  it("refuses a role the actor may not grant with the SPEC message; a platform admin may", async () => {
    const u = await create();
    for (const [lang, text] of [["en", "You do not have permission to change this role"], ["es", "No tienes permiso para cambiar este rol"], ["fr", "Vous n'avez pas la permission de modifier ce rôle"]] as const) {
      const res = await app.inject({ method: "PUT", url: `${base()}/${u.id}`, headers: as(adminToken, lang), payload: { role: "company_admin" } });
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ error: { code: "roleChangeForbidden", message: text } });
    }
    const created = await app.inject({ method: "POST", url: base(), headers: as(adminToken), payload: newUser({ role: "company_admin" }) });
    expect(created.statusCode).toBe(403);
    expect(body(created)).toMatchObject({ error: { code: "roleChangeForbidden", message: "You do not have permission to change this role" } });
    const promoted = await app.inject({ method: "PUT", url: `${base()}/${u.id}`, headers: as(platformToken), payload: { role: "company_admin" } });
    expect(promoted.statusCode).toBe(200);
    expect(body<UserBody>(promoted).user).toMatchObject({ role: "company_admin", roleName: "Admin" });
    // Now an admin: the company's admin may no longer change that role.
    expect((await app.inject({ method: "PUT", url: `${base()}/${u.id}`, headers: as(adminToken), payload: { role: "operator" } })).statusCode).toBe(403);
    // Nobody changes their own role, locks, removes or deletes themself.
    for (const [method, url, payload] of [["PUT", `${base()}/${admin.id}`, { role: "operator" }], ["POST", `${base()}/${admin.id}/lock`, undefined], ["DELETE", `${base()}/${admin.id}`, undefined]] as const) {
      const r = await app.inject({ method, url, headers: as(adminToken), ...(payload ? { payload } : {}) });
      expect(r.statusCode, url).toBe(409);
      expect(body(r)).toMatchObject({ error: { reason: "ownAccount" } });
    }
  });

  it("a role change ends the member's sessions", async () => {
    const u = await create();
    const token = (await signIn(u.email))!;
    expect(await settingsStatus(token)).toBe(200);
    expect((await app.inject({ method: "PUT", url: `${base()}/${u.id}`, headers: as(adminToken), payload: { role: "patrol" } })).statusCode).toBe(200);
    expect(await settingsStatus(token)).toBe(401);
  });

  it("a password change ends the member's sessions; the new password signs in", async () => {
    const u = await create();
    const token = (await signIn(u.email))!;
    const res = await app.inject({ method: "PUT", url: `${base()}/${u.id}/password`, headers: as(adminToken), payload: { password: "Nueva-clave-1", password_confirmation: "Nueva-clave-1" } });
    expect(res.statusCode).toBe(200);
    expect(await settingsStatus(token)).toBe(401);
    expect(await signIn(u.email)).toBeNull();
    expect(await signIn(u.email, "Nueva-clave-1")).toBeTruthy();
  });

  it("locking ends a live session (API and socket, on every process); unlocking lets the user sign in again", async () => {
    const u = await create();
    const token = (await signIn(u.email))!;
    const sockets = [];
    for (const server of [app, second]) {
      const t = await app.inject({ method: "POST", url: "/api/realtime/ticket", headers: { "access-token": token }, payload: { companyId } });
      await server.ready();
      const ws = await server.injectWS(`/api/realtime?ticket=${encodeURIComponent(body<{ ticket: string }>(t).ticket)}`, { headers: { origin: TEST_ORIGIN } });
      sockets.push({ ws, closed: new Promise<number>((resolve) => ws.on("close", (code) => resolve(code))) });
    }
    // The hub holds each socket once it is open.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sockets.map((s) => s.ws.readyState)).toEqual([1, 1]);
    const opened = sockets.map((s) => s.closed);
    const res = await app.inject({ method: "POST", url: `${base()}/${u.id}/lock`, headers: as(adminToken) });
    expect(res.statusCode).toBe(200);
    expect(body<UserBody>(res).user.locked).toBe(true);
    expect(await settingsStatus(token)).toBe(401);
    // This process closed its socket at once; the other closes it at its heartbeat's session check.
    expect(await opened[0]).toBe(4001);
    await second.ctx.hub.closeEndedSessions();
    expect(await opened[1]).toBe(4001);
    expect(await signIn(u.email)).toBeNull();
    expect((await app.inject({ method: "POST", url: `${base()}/${u.id}/unlock`, headers: as(adminToken) })).statusCode).toBe(200);
    expect(await signIn(u.email)).toBeTruthy();
  });

  it("removing from the company ends the sessions; a permanent delete removes the account", async () => {
    const db = await testDb();
    const u = await create();
    const token = (await signIn(u.email))!;
    expect((await app.inject({ method: "DELETE", url: `${base()}/${u.id}`, headers: as(adminToken) })).statusCode).toBe(200);
    expect(await settingsStatus(token)).toBe(401);
    expect((await app.inject({ method: "GET", url: `${base()}/${u.id}`, headers: as(adminToken) })).statusCode).toBe(404);
    expect(await db.query("select id from users where id = $1", [u.id])).toHaveLength(1);

    const gone = await create();
    expect((await app.inject({ method: "DELETE", url: `${base()}/${gone.id}?permanent=true`, headers: as(adminToken) })).statusCode).toBe(200);
    expect(await db.query("select id from users where id = $1", [gone.id])).toEqual([]);
    // Someone whose writing stays (a note) is anonymised instead: nothing personal left, cannot sign in.
    const author = await create();
    const [report] = await db.query<{ id: number }>("insert into reports (type_id, initial_type_id, description, latitude, longitude) values (0, 0, 'x', -33.45, -70.65) returning id");
    await db.query("insert into report_attentions (company_id, report_id) values ($1, $2)", [companyId, report!.id]);
    await db.query("insert into notes (company_id, report_id, user_id, body) values ($1, $2, $3, 'nota')", [companyId, report!.id, author.id]);
    expect((await app.inject({ method: "DELETE", url: `${base()}/${author.id}?permanent=true`, headers: as(adminToken) })).statusCode).toBe(200);
    const [row] = await db.query<{ email: string; first_name: string; phone: string | null; social_number: string | null; password_hash: string | null; locked: boolean }>(
      "select email, first_name, phone, social_number, password_hash, locked from users where id = $1",
      [author.id],
    );
    expect(row).toMatchObject({ first_name: "", phone: null, social_number: null, password_hash: null, locked: true });
    expect(row!.email).toMatch(/@invalid$/);
    expect(await signIn(author.email)).toBeNull();
  });

  it("a company admin cannot manage a platform admin who is a member; a platform admin can", async () => {
    const db = await testDb();
    const root = await buildUser(db, { companyId, role: "operator", groups: [100] });
    expect((await app.inject({ method: "POST", url: `${base()}/${root.id}/lock`, headers: as(adminToken) })).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: `${base()}/${root.id}`, headers: as(adminToken) })).statusCode).toBe(200);
    expect(body<UserBody>(await app.inject({ method: "GET", url: `${base()}/${root.id}`, headers: as(adminToken) })).user.roleName).toBe("Operator");
    const multi = await buildUser(db, { companyId, role: "operator", groups: [2, 3] });
    expect(body<UserBody>(await app.inject({ method: "GET", url: `${base()}/${multi.id}`, headers: as(adminToken) })).user.roleName).toBe("Root");
    expect((await app.inject({ method: "PUT", url: `${base()}/${root.id}`, headers: as(platformToken), payload: { zones: [zoneId] } })).statusCode).toBe(200);
  });
});
