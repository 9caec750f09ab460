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
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  const user = await buildUser(db, { companyId });
  userId = user.id;
  token = await loginAs(app, user);
  const [team] = await db.query<{ id: number }>("insert into teams (company_id, name, color) values ($1, 'Norte', '#123456') returning id", [companyId]);
  await db.query("insert into team_members (company_id, team_id, user_id) values ($1, $2, $3)", [companyId, team!.id, userId]);
  await db.query("insert into teams (company_id, name) values ($1, 'Ajeno')", [otherCompanyId]);
  await db.query("insert into tags (company_id, name, color) values ($1, 'Urgente', '#f00'), ($2, 'Secreto', '#000')", [companyId, otherCompanyId]);
});
afterAll(() => app.close());

describe.each(["teams", "tags"])("GET /api/companies/:companyId/%s", (what) => {
  it("401, 404 for another company, 400 for a bad id", async () => {
    expect((await app.inject({ method: "GET", url: `/api/companies/${companyId}/${what}` })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: `/api/companies/${otherCompanyId}/${what}`, headers: { "access-token": token } })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `/api/companies/x/${what}`, headers: { "access-token": token } })).statusCode).toBe(400);
  });
});

describe("lists", () => {
  it("returns only this company's teams (with members) and tags", async () => {
    const teams = body<{ teams: { name: string; memberIds: number[] }[] }>(await app.inject({ method: "GET", url: `/api/companies/${companyId}/teams`, headers: { "access-token": token } }));
    expect(teams.teams).toEqual([expect.objectContaining({ name: "Norte", color: "#123456", memberIds: [userId] })]);
    const tags = body<{ tags: { name: string }[] }>(await app.inject({ method: "GET", url: `/api/companies/${companyId}/tags`, headers: { "access-token": token } }));
    expect(tags.tags.map((t) => t.name)).toEqual(["Urgente"]);
  });
});
