import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUserLocked } from "../users/user.repository.js";
import { TEST_PASSWORD, body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";

let app: FastifyInstance;
let companyId: number;
beforeAll(async () => {
  app = await testApp();
  companyId = (await buildCompany(await testDb())).id;
});
afterAll(() => app.close());

const login = (payload: object, headers: Record<string, string> = {}, remoteAddress = "10.1.1.1") =>
  app.inject({ method: "POST", url: "/api/login", payload, headers, remoteAddress });

describe("POST /api/login", () => {
  it("answers 400 validation for a body of the wrong shape", async () => {
    const res = await login({ email: 42, password: ["x"] });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, error: { code: "validation" } });
    expect((body(res).error as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(
      expect.arrayContaining(["email", "password"]),
    );
  });

  it("answers fieldMissing without e-mail or password", async () => {
    for (const payload of [{ password: "x" }, { email: "a@b.cl" }, { email: "  ", password: "x" }]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ success: false, error: { code: "fieldMissing" } });
    }
  });

  it("signs in with e-mail (any case) and returns the SPEC user fields and a long random token", async () => {
    const user = await buildUser(await testDb(), { companyId });
    const res = await login({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const b = body<{ success: boolean; error: null; user: Record<string, unknown> }>(res);
    expect(b.success).toBe(true);
    expect(b.error).toBeNull();
    expect(b.user).toMatchObject({ id: user.id, uuid: user.uuid, groups: [3], first_name: "Test", last_name: "User", rating: 0, settings: { portal_version: "v3" } });
    expect(String(b.user.access_token).length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
  });

  it("stores only a hash of the token and issues a new one at each login", async () => {
    const db = await testDb();
    const user = await buildUser(db, { companyId });
    const a = await loginAs(app, user);
    const b = await loginAs(app, user);
    expect(a).not.toBe(b);
    const stored = await db.query<{ token_hash: Buffer }>("select token_hash from access_tokens where user_id = $1", [user.id]);
    expect(stored).toHaveLength(2);
    for (const row of stored) expect(Buffer.from(row.token_hash).toString("utf8")).not.toContain(a);
  });

  it("signs in with username too", async () => {
    const db = await testDb();
    const user = await buildUser(db, { companyId });
    await db.query("update users set username = $2 where id = $1", [user.id, `u${user.id}`]);
    const res = await login({ username: `U${user.id}`, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it("answers userNotFound and wrongPassword in the caller's language", async () => {
    const user = await buildUser(await testDb(), { companyId });
    const missing = await login({ email: "nobody-here@test.cl", password: "x" }, { "accept-language": "en-US,en;q=0.9" }, "10.2.0.1");
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({ error: { code: "userNotFound", message: "User not found" } });
    const wrong = await login({ email: user.email, password: "not-it" }, { "accept-language": "es-CL" }, "10.2.0.2");
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ error: { code: "wrongPassword", message: "Contraseña incorrecta" } });
    const fr = await login({ email: user.email, password: "not-it" }, { "accept-language": "fr" }, "10.2.0.3");
    expect(body(fr)).toMatchObject({ error: { message: "Mot de passe incorrect" } });
  });

  it("refuses guests and groups outside 1, 2, 3 with invalidRole", async () => {
    const db = await testDb();
    for (const groups of [[13], [4], []]) {
      const user = await buildUser(db, { groups });
      const res = await login({ email: user.email, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ error: { code: "invalidRole" } });
    }
  });

  it("refuses a locked account", async () => {
    const user = await buildUser(await testDb(), { companyId, locked: true });
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(423);
    expect(body(res)).toMatchObject({ error: { code: "accountLocked" } });
  });

  it("answers 429 with Retry-After after 5 failures for one e-mail, even with the right password", async () => {
    const user = await buildUser(await testDb(), { companyId });
    for (let i = 0; i < 5; i++) expect((await login({ email: user.email, password: "bad" }, {}, `10.3.0.${i}`)).statusCode).toBe(400);
    const res = await login({ email: user.email, password: TEST_PASSWORD }, {}, "10.3.1.1");
    expect(res.statusCode).toBe(429);
    expect(body(res)).toMatchObject({ error: { code: "tooManyAttempts" } });
    const retry = Number(res.headers["retry-after"]);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(300);
    expect((body(res).error as { message: string }).message).toContain(String(retry));
  });

  it("answers 429 after 20 failures from one address", async () => {
    const ip = "10.4.4.4";
    for (let i = 0; i < 20; i++) await login({ email: `ghost-${i}@test.cl`, password: "bad" }, {}, ip);
    const user = await buildUser(await testDb(), { companyId });
    const res = await login({ email: user.email, password: TEST_PASSWORD }, {}, ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
    expect((await login({ email: user.email, password: TEST_PASSWORD }, {}, "10.4.4.5")).statusCode).toBe(200);
  });
});

describe("tokens", () => {
  it("401 without a token, with a bad one, and the SPEC text", async () => {
    for (const headers of [{}, { "access-token": "nope" }, { authorization: "Bearer nope" }]) {
      const res = await app.inject({ method: "GET", url: "/api/settings", headers });
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({ success: false, error: { code: "notAuthenticated", message: "user not authenticated" } });
    }
  });

  it("accepts the access-token header and Authorization: Bearer", async () => {
    const user = await buildUser(await testDb(), { companyId });
    const token = await loginAs(app, user);
    expect((await app.inject({ method: "GET", url: "/api/settings", headers: { "access-token": token } })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/settings", headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  });

  it.each(["POST", "GET"] as const)("%s /api/logout revokes the token (GET: SPEC §7's form)", async (method) => {
    const user = await buildUser(await testDb(), { companyId });
    const token = await loginAs(app, user);
    expect((await app.inject({ method, url: "/api/logout" })).statusCode).toBe(401);
    expect((await app.inject({ method, url: "/api/logout", headers: { "access-token": token } })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/settings", headers: { "access-token": token } })).statusCode).toBe(401);
  });

  it("locking an account revokes its tokens", async () => {
    const db = await testDb();
    const user = await buildUser(db, { companyId });
    const token = await loginAs(app, user);
    await setUserLocked(db, user.id, true);
    expect((await app.inject({ method: "GET", url: "/api/settings", headers: { "access-token": token } })).statusCode).toBe(401);
    await setUserLocked(db, user.id, false);
    expect((await app.inject({ method: "GET", url: "/api/settings", headers: { "access-token": token } })).statusCode).toBe(401);
  });

  it("an expired token is refused", async () => {
    const db = await testDb();
    const user = await buildUser(db, { companyId });
    const token = await loginAs(app, user);
    await db.query("update access_tokens set expires_at = now() - interval '1 second' where user_id = $1", [user.id]);
    expect((await app.inject({ method: "GET", url: "/api/settings", headers: { "access-token": token } })).statusCode).toBe(401);
  });
});
