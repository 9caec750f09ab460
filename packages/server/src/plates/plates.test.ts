import { createServer } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PlateLookup, PlateLookupLog, Report } from "@atalaya/shared";
import { body, buildUser, loginAs, testApp } from "../test/harness.js";
import { h, interactionWorld, type World } from "../test/interactions.js";
import { startFakePlateProvider, type FakePlateProvider } from "./index.js";

/** SPEC §8's text for the service being unavailable (timeout and connection failure), word for word. */
const PLATE_SERVICE_UNAVAILABLE = "The police service for patent consultation is not available.";

let w: World;
let fake: FakePlateProvider;
let adminA: string;
let patrolA: string;

beforeAll(async () => {
  fake = await startFakePlateProvider();
  w = await interactionWorld({ PLATE_SERVICE_URL: fake.url, PLATE_SERVICE_KEY: "secret-key-1", PLATE_SERVICE_TIMEOUT_MS: "2500", PLATE_CACHE_SECONDS: "60" });
  adminA = await loginAs(w.app, await buildUser(w.db, { companyId: w.companyA, role: "company_admin" }));
  patrolA = await loginAs(w.app, await buildUser(w.db, { companyId: w.companyA, role: "patrol" }));
});
afterAll(async () => {
  await w.close();
  await fake.close();
});
beforeEach(() => fake.mode("normal"));

const lookup = (plate: string, token = w.tokens.opA, companyId = w.companyA, app: FastifyInstance = w.app) =>
  app.inject({ method: "GET", url: `/api/companies/${companyId}/plates/${encodeURIComponent(plate)}`, headers: { ...h(token), "accept-language": "en" } });
const asked = (plate: string) => fake.requests.filter((r) => r.plate === plate).length;
const logOf = async (plate: string, companyId = w.companyA) =>
  w.db.query<{ result: string; cached: boolean; user_id: number }>("select result, cached, user_id from plate_lookups where company_id = $1 and plate = $2 order by id", [companyId, plate]);

describe("GET /api/companies/:companyId/plates/:plate", () => {
  it("401, 404 for another company, 403 for a patrol", async () => {
    expect((await w.app.inject({ method: "GET", url: `/api/companies/${w.companyA}/plates/BBCL23` })).statusCode).toBe(401);
    expect((await lookup("BBCL23", w.tokens.opA, w.companyC)).statusCode).toBe(404);
    expect((await lookup("BBCL23", patrolA)).statusCode).toBe(403);
  });

  it("answers a wrong format 400 validationFailed without asking the service, and logs it", async () => {
    const before = fake.requests.length;
    for (const bad of ["BADF12", "A1", "1234AB", "ABCDEFGH"]) {
      const res = await lookup(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(body<{ error: { code: string; message: string } }>(res).error.code).toBe("validationFailed");
    }
    expect(fake.requests.length).toBe(before);
    expect((await logOf("BADF12")).map((r) => r.result)).toEqual(["validationFailed"]);
  });

  it("normalises the plate, reports a stolen one with its vehicle, sends the key, and logs who asked", async () => {
    const res = await lookup("bb-cl.23");
    expect(res.statusCode, res.body).toBe(200);
    const l = body<{ lookup: PlateLookup }>(res).lookup;
    expect(l).toMatchObject({ plate: "BBCL23", kind: "car_new", stolen: true, cached: false, vehicle: { make: "Toyota", model: "Yaris" } });
    expect(fake.requests.at(-1)).toEqual({ plate: "BBCL23", authorization: "Bearer secret-key-1" });
    expect(await logOf("BBCL23")).toEqual([{ result: "stolen", cached: false, user_id: w.opA.id }]);
    const clear = body<{ lookup: PlateLookup }>(await lookup("DRLP61")).lookup;
    expect(clear).toMatchObject({ plate: "DRLP61", stolen: false, vehicle: { make: "Hyundai" } });
  });

  it("reuses a fresh answer: a second lookup does not ask the service, and is logged as cached", async () => {
    expect((await lookup("GHJK12")).statusCode).toBe(200);
    expect(asked("GHJK12")).toBe(1);
    const again = body<{ lookup: PlateLookup }>(await lookup("GH JK 12", w.tokens.opA2));
    expect(again.lookup).toMatchObject({ plate: "GHJK12", stolen: false, cached: true });
    expect(asked("GHJK12")).toBe(1);
    expect((await logOf("GHJK12")).map((r) => [r.result, r.cached, r.user_id])).toEqual([
      ["clear", false, w.opA.id],
      ["clear", true, w.opA2.id],
    ]);
  });

  it("maps each failure of the service to its SPEC §8 code and text, caches none of them, and logs each", async () => {
    const expectFailure = async (plate: string, status: number, code: string, message?: string) => {
      const res = await lookup(plate);
      expect(res.statusCode, res.body).toBe(status);
      const error = body<{ error: { code: string; message: string } }>(res).error;
      expect(error.code).toBe(code);
      if (message) expect(error.message).toBe(message);
    };
    fake.mode("slow");
    await expectFailure("LLPP11", 504, "timeout", PLATE_SERVICE_UNAVAILABLE);
    fake.mode("error");
    await expectFailure("LLPP22", 503, "connectionFailed", PLATE_SERVICE_UNAVAILABLE);
    await expectFailure("LLPP22", 503, "connectionFailed");
    expect(asked("LLPP22")).toBe(2);
    fake.mode("reject");
    await expectFailure("LLPP33", 422, "validationFailed");
    expect((await logOf("LLPP11")).map((r) => r.result)).toEqual(["timeout"]);
    expect((await logOf("LLPP22")).map((r) => r.result)).toEqual(["connectionFailed", "connectionFailed"]);
    expect((await logOf("LLPP33")).map((r) => r.result)).toEqual(["validationFailed"]);
  });

  it("answers connectionFailed when nothing listens at the service's port, in the caller's language", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const app = await testApp({ PLATE_SERVICE_URL: `http://127.0.0.1:${port}`, PLATE_CACHE_SECONDS: "0" });
    try {
      const res = await lookup("LLPP44", w.tokens.opA, w.companyA, app);
      expect(res.statusCode, res.body).toBe(503);
      expect(body<{ error: { code: string; message: string } }>(res).error).toEqual({ code: "connectionFailed", message: PLATE_SERVICE_UNAVAILABLE });
      const es = await app.inject({ method: "GET", url: `/api/companies/${w.companyA}/plates/LLPP44`, headers: { ...h(w.tokens.opA), "accept-language": "es" } });
      expect(body<{ error: { message: string } }>(es).error.message).toBe("El servicio policial de consulta de patentes no está disponible.");
    } finally {
      await app.close();
    }
  });
});

describe("GET /api/companies/:companyId/plate-lookups", () => {
  it("403 for operators, 404 for another company, 400 for a malformed page; a page for admins with a plate filter", async () => {
    const url = (q = "", companyId = w.companyA) => `/api/companies/${companyId}/plate-lookups${q}`;
    expect((await w.app.inject({ method: "GET", url: url(), headers: h(w.tokens.opA) })).statusCode).toBe(403);
    expect((await w.app.inject({ method: "GET", url: url("", w.companyB), headers: h(adminA) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: url("?page=0"), headers: h(adminA) })).statusCode).toBe(400);
    expect((await w.app.inject({ method: "GET", url: url("?pageSize=1000"), headers: h(adminA) })).statusCode).toBe(400);
    await lookup("CD5678");
    await lookup("CD5678", w.tokens.opA, w.companyB).then((r) => expect(r.statusCode).toBe(404));
    const res = await w.app.inject({ method: "GET", url: url("?plate=cd-56-78&pageSize=5"), headers: h(adminA) });
    expect(res.statusCode, res.body).toBe(200);
    const page = body<{ lookups: PlateLookupLog[]; total: number }>(res);
    expect(page.total).toBe(1);
    expect(page.lookups[0]).toMatchObject({ plate: "CD5678", result: "clear", user: { id: w.opA.id } });
    const all = body<{ lookups: PlateLookupLog[]; total: number }>(await w.app.inject({ method: "GET", url: url("?pageSize=2"), headers: h(adminA) }));
    expect(all.lookups).toHaveLength(2);
    expect(all.total).toBeGreaterThan(5);
    expect(all.lookups[0]!.createdAt >= all.lookups[1]!.createdAt).toBe(true);
  });
});

describe("the report's stolen-plate flag", () => {
  it("is set from a stolen result only, shown on the report, logged on its activity, cleared; another company's report is 404", async () => {
    const report = await w.communityReport();
    const flag = (plate: string, token = w.tokens.opA, companyId = w.companyA) =>
      w.app.inject({ method: "POST", url: `/api/companies/${companyId}/reports/${report.id}/stolen-plate`, headers: h(token), payload: { plate } });
    const clean = await flag("DRLP61");
    expect(clean.statusCode, clean.body).toBe(409);
    expect(body<{ error: { reason: string } }>(clean).error.reason).toBe("plateNotStolen");
    expect((await flag("BADF12")).statusCode).toBe(400);
    expect((await flag("KHTR45", w.tokens.opC, w.companyC)).statusCode).toBe(404);
    const res = await flag("kh-tr-45");
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ report: Report }>(res).report.stolenPlate).toBe("KHTR45");
    // Company B attends the same report and keeps its own (empty) flag.
    const seenByB = await w.app.inject({ method: "GET", url: `/api/companies/${w.companyB}/reports/${report.id}`, headers: h(w.tokens.opB) });
    expect(body<{ report: Report }>(seenByB).report.stolenPlate).toBeNull();
    const cleared = await w.app.inject({ method: "DELETE", url: `/api/companies/${w.companyA}/reports/${report.id}/stolen-plate`, headers: h(w.tokens.opA) });
    expect(body<{ report: Report }>(cleared).report.stolenPlate).toBeNull();
    expect(await w.activity(w.companyA, report.id)).toEqual(expect.arrayContaining(["stolenPlateFlagged", "stolenPlateCleared"]));
  });
});
