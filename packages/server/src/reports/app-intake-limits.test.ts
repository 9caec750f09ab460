import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildUser, testApp, testDb } from "../test/harness.js";
import { appLoginAs } from "../test/interactions.js";

// Issue 14: the anonymous intake took about 660 reports/s from one address, each ringing every
// operator's alarm. Small limits here so the test sees them; the defaults are in the README.
let app: FastifyInstance;
let reporterToken: string;
beforeAll(async () => {
  app = await testApp({ APP_REPORTS_PER_ADDRESS: "6", APP_REPORTS_ADDRESS_WINDOW_SECONDS: "60", APP_REPORTS_PER_REPORTER: "2", APP_REPORTS_REPORTER_WINDOW_SECONDS: "60" });
  const db = await testDb();
  await buildCompany(db);
  reporterToken = await appLoginAs(app, await buildUser(db, {}));
});
afterAll(() => app.close());

const report = (ip: string, token?: string, lang = "es") =>
  app.inject({
    method: "POST",
    url: "/api/app/reports",
    remoteAddress: ip,
    headers: { "accept-language": lang, ...(token ? { "access-token": token } : {}) },
    payload: { type: 0, description: "Prueba de límite", latitude: -33.44, longitude: -70.65 },
  });

describe("POST /api/app/reports limits", () => {
  it("a signed-in reporter gets 429 with Retry-After after their limit, in their language, and nothing is stored", async () => {
    const db = await testDb();
    const before = (await db.query<{ n: number }>("select count(*)::int as n from reports"))[0]!.n;
    expect((await report("10.0.0.1", reporterToken)).statusCode).toBe(200);
    expect((await report("10.0.0.2", reporterToken)).statusCode).toBe(200);
    const limited = await report("10.0.0.3", reporterToken, "en");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, error: { code: "tooManyRequests", message: expect.stringMatching(/^Too many requests in a row\. Wait \d+ seconds/) } });
    expect((await db.query<{ n: number }>("select count(*)::int as n from reports"))[0]!.n).toBe(before + 2);
  });

  it("one address gets its allowance, then 429; another address is not affected", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await report("10.1.1.1")).statusCode);
    // 6 allowed (the reporter test's requests came from other addresses).
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect((await report("10.2.2.2")).statusCode).toBe(200);
  });
});
