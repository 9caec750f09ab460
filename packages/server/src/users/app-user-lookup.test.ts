import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";

let app: FastifyInstance;
let companyId: number;
let otherCompanyId: number;
let operatorToken: string;
let patrolToken: string;
let communityId: number;

beforeAll(async () => {
  app = await testApp();
  const db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  const operator = await buildUser(db, { companyId, role: "operator" });
  operatorToken = await loginAs(app, operator);
  patrolToken = await loginAs(app, await buildUser(db, { companyId, role: "patrol" }));
  const community = await buildUser(db);
  communityId = community.id;
  await db.query("update users set phone = '+56 9 8765 4321', first_name = 'Francisca', last_name = 'Díaz' where id = $1", [communityId]);
  // The same digits on a member of an organisation, and twice on community users: never offered.
  await db.query("update users set phone = '+56 9 1111 2222' where id = $1", [operator.id]);
  for (const u of [await buildUser(db), await buildUser(db)]) await db.query("update users set phone = '+56 9 3333 4444' where id = $1", [u.id]);
});
afterAll(() => app.close());

const lookup = (phone: string, token = operatorToken, company = companyId) =>
  app.inject({ method: "GET", url: `/api/companies/${company}/app-users/by-phone?phone=${encodeURIComponent(phone)}`, headers: { "access-token": token } });

describe("GET /api/companies/:companyId/app-users/by-phone", () => {
  it("finds the one community user with those digits, however the number is written", async () => {
    for (const phone of ["+56987654321", "+56 9 8765 4321", "56 (9) 8765-4321"]) {
      const res = await lookup(phone);
      expect(res.statusCode, phone).toBe(200);
      expect(body(res)).toMatchObject({ success: true, user: { id: communityId, firstName: "Francisca", lastName: "Díaz" } });
    }
  });

  it("answers null for an unknown number, an organisation's member and a number two users share", async () => {
    for (const phone of ["+56900000000", "+56911112222", "+56933334444"]) expect(body(await lookup(phone)), phone).toEqual({ success: true, user: null });
  });

  it("401 without a token, 403 for a patrol, 404 for another company, 400 for what is not a phone", async () => {
    expect((await app.inject({ method: "GET", url: `/api/companies/${companyId}/app-users/by-phone?phone=%2B56987654321` })).statusCode).toBe(401);
    expect((await lookup("+56987654321", patrolToken)).statusCode).toBe(403);
    expect((await lookup("+56987654321", operatorToken, otherCompanyId)).statusCode).toBe(404);
    for (const bad of ["", "abc", "+56 9 8765 4321\n", "9".repeat(40), "' or 1=1 --"]) expect((await lookup(bad)).statusCode, JSON.stringify(bad)).toBe(400);
  });
});
