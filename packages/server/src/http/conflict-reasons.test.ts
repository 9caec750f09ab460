import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRUGS_TYPE_ID, errorBodySchema, type Report } from "@atalaya/shared";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";

// A 409 keeps its reason all the way to the client: `reason` beside `code`, and the message is the reason's text.
let app: FastifyInstance;
let companyId: number;
let tokenA: string;
let tokenB: string;

const ROBBERY = 0;

beforeAll(async () => {
  app = await testApp();
  const db = await testDb();
  companyId = (await buildCompany(db)).id;
  await db.query(
    "insert into company_report_types (company_id, report_type_id, priority, attention_time, attention_unit) values ($1, $2, 'high', 30, 'minutes')",
    [companyId, ROBBERY],
  );
  tokenA = await loginAs(app, await buildUser(db, { companyId }));
  tokenB = await loginAs(app, await buildUser(db, { companyId }));
});
afterAll(() => app.close());

const headers = (token: string, lang = "es") => ({ "access-token": token, "accept-language": lang });
const url = (rest = "") => `/api/companies/${companyId}/reports${rest}`;

async function create(): Promise<Report> {
  const res = await app.inject({
    method: "POST", url: url(), headers: headers(tokenA),
    payload: { type: ROBBERY, description: "Robo en la esquina", latitude: -33.45, longitude: -70.65, informerType: "anonymous" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ report: Report }>(res).report;
}

describe("409 reasons", () => {
  it("a second take answers alreadyTaken as its reason, naming the taker in the caller's language", async () => {
    const r = await create();
    expect((await app.inject({ method: "POST", url: url(`/${r.id}/take`), headers: headers(tokenA) })).statusCode).toBe(200);
    for (const [lang, text] of [["es", "Este reporte ya fue tomado por Test User"], ["en", "This report was already taken by Test User"]] as const) {
      const second = await app.inject({ method: "POST", url: url(`/${r.id}/take`), headers: headers(tokenB, lang) });
      expect(second.statusCode).toBe(409);
      const parsed = errorBodySchema.parse(body(second));
      expect(parsed.error).toMatchObject({ code: "alreadyTaken", reason: "alreadyTaken" });
      expect(parsed.error.message).toContain(text);
    }
  });

  it("changing the type to drugs without confirmation answers reason confirmDrugs; working an untaken report notTaken", async () => {
    const r = await create();
    const put = (payload: object, lang = "es") => app.inject({ method: "PUT", url: url(`/${r.id}`), headers: headers(tokenA, lang), payload });
    const untaken = await put({ priority: "highest" }, "fr");
    expect(untaken.statusCode).toBe(409);
    expect(body(untaken)).toMatchObject({ error: { code: "invalidTransition", reason: "notTaken", message: "Il faut d'abord prendre le signalement" } });

    await app.inject({ method: "POST", url: url(`/${r.id}/take`), headers: headers(tokenA) });
    const drugs = await put({ type: DRUGS_TYPE_ID }, "en");
    expect(drugs.statusCode).toBe(409);
    expect(body(drugs)).toEqual({
      success: false,
      error: {
        code: "invalidTransition",
        reason: "confirmDrugs",
        message: "Changing the type to drugs makes the report private and anonymous; confirm the change",
      },
    });
    expect((await put({ type: DRUGS_TYPE_ID, confirmDrugs: true })).statusCode).toBe(200);
  });

  it("a stale version keeps code conflict with reason staleVersion; errors without a reason carry none", async () => {
    const r = await create();
    await app.inject({ method: "POST", url: url(`/${r.id}/take`), headers: headers(tokenA) });
    const stale = await app.inject({ method: "PUT", url: url(`/${r.id}`), headers: headers(tokenA), payload: { priority: "low", version: 9999 } });
    expect(stale.statusCode).toBe(409);
    expect(body(stale)).toMatchObject({ error: { code: "conflict", reason: "staleVersion" } });

    const missing = await app.inject({ method: "GET", url: url("/999999999"), headers: headers(tokenA) });
    expect(missing.statusCode).toBe(404);
    expect(body<{ error: object }>(missing).error).not.toHaveProperty("reason");
  });
});
