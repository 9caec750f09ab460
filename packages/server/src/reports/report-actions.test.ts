import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_IN_ZONE_MESSAGE, type RealtimeMessage, type Report } from "@atalaya/shared";
import { one } from "../db/db.js";
import { startFakeGeocoder, type FakeGeocoder } from "../test/fake-geocoder.js";
import { TEST_ORIGIN, body, buildCompany, buildUser, loginAs, testApp, testDb, unique, type TestUser } from "../test/harness.js";
import { hasPdftotext, pdftotext } from "../test/tools.js";
import { waitFor } from "../test/wait-for.js";

let app: FastifyInstance;
let geocoder: FakeGeocoder;
let companyId: number;
let santiagoZoneId: number;
let australZoneId: number;
let otherCompanyId: number;
let partnerCompanyId: number;
let operator: TestUser;
let token: string;
let patrolToken: string;
let otherToken: string;

const ROBBERY = 0;
const SANTIAGO = { latitude: -33.45, longitude: -70.65 };
// A zone only this file's company has, so neighbour counts are not disturbed by other test files.
const AUSTRAL = { latitude: -53.15, longitude: -70.9 };
const METRE = 1 / 111_320;

beforeAll(async () => {
  geocoder = await startFakeGeocoder();
  app = await testApp({ GEOCODER_URL: geocoder.url, GEOCODER_TIMEOUT_MS: "20000" });
  const db = await testDb();
  const company = await buildCompany(db);
  companyId = company.id;
  santiagoZoneId = company.zoneId;
  australZoneId = (await one<{ id: number }>(
    db,
    `insert into zones (company_id, name, geojson, area) values ($1, 'Austral', $2, $3::polygon) returning id`,
    [
      companyId,
      JSON.stringify({ type: "Polygon", coordinates: [[[-71.0, -53.2], [-70.8, -53.2], [-70.8, -53.1], [-71.0, -53.1], [-71.0, -53.2]]] }),
      "((-71.0,-53.2),(-70.8,-53.2),(-70.8,-53.1),(-71.0,-53.1))",
    ],
  ))!.id;
  otherCompanyId = (await buildCompany(db)).id;
  // A second organisation attending the same community reports in Santiago.
  partnerCompanyId = (await buildCompany(db)).id;
  for (const cid of [companyId, partnerCompanyId])
    await db.query("insert into company_report_types (company_id, report_type_id) values ($1, $2)", [cid, ROBBERY]);
  operator = await buildUser(db, { companyId });
  token = await loginAs(app, operator);
  patrolToken = await loginAs(app, await buildUser(db, { companyId, role: "patrol" }));
  otherToken = await loginAs(app, await buildUser(db, { companyId: otherCompanyId }));
});
afterAll(async () => {
  await app.close();
  await geocoder.close();
});

const h = (t: string) => ({ "access-token": t });
const url = (id: number | string, rest: string, cid = companyId) => `/api/companies/${cid}/reports/${id}${rest}`;
const get = async (id: number) => body<{ report: Report }>(await app.inject({ method: "GET", url: url(id, ""), headers: h(token) })).report;

/** A community report from the app at a point, taken by the operator unless asked otherwise. */
async function communityReport(at: { latitude: number; longitude: number } = SANTIAGO, take = true): Promise<Report> {
  const res = await app.inject({ method: "POST", url: "/api/app/reports", payload: { type: ROBBERY, description: unique("Robo en la vía pública"), ...at } });
  expect(res.statusCode, res.body).toBe(200);
  const id = body<{ report: { id: number } }>(res).report.id;
  if (take) expect((await app.inject({ method: "POST", url: url(id, "/take"), headers: h(token) })).statusCode).toBe(200);
  return get(id);
}

async function companyReport(): Promise<Report> {
  const res = await app.inject({
    method: "POST", url: `/api/companies/${companyId}/reports`, headers: h(token),
    payload: { type: ROBBERY, description: "Llamada telefónica", ...SANTIAGO, informerType: "anonymous" },
  });
  const r = body<{ report: Report }>(res).report;
  await app.inject({ method: "POST", url: url(r.id, "/take"), headers: h(token) });
  return r;
}

/** Collects bus messages until the predicate holds (or 3 s pass). */
async function messagesUntil(action: () => Promise<unknown>, done: (seen: RealtimeMessage[]) => boolean): Promise<RealtimeMessage[]> {
  const seen: RealtimeMessage[] = [];
  const off = app.ctx.bus.subscribe((m) => seen.push(m));
  try {
    await action();
    await waitFor(() => done(seen), { timeout: 3000 });
    return seen;
  } finally {
    off();
  }
}

/** The 401, other-company 404 and malformed-id 400 every report route starts with. */
async function guards(method: "GET" | "POST" | "DELETE", rest: string, payload?: object) {
  const r = await communityReport();
  expect((await app.inject({ method, url: url(r.id, rest), payload })).statusCode).toBe(401);
  expect((await app.inject({ method, url: url(r.id, rest), headers: h(otherToken), payload })).statusCode).toBe(404);
  expect((await app.inject({ method, url: url(r.id, rest, otherCompanyId), headers: h(otherToken), payload })).statusCode).toBe(404);
  expect((await app.inject({ method, url: url("abc", rest), headers: h(token), payload })).statusCode).toBe(400);
}

describe("POST …/reports/:id/private", () => {
  it("401, 404 for another company, 400 for a malformed id", () => guards("POST", "/private"));

  it("makes the attention private once (cannot be undone); patrols may not", async () => {
    const r = await communityReport();
    expect(r.can.makePrivate).toBe(true);
    expect((await app.inject({ method: "POST", url: url(r.id, "/private"), headers: h(patrolToken) })).statusCode).toBe(403);
    const res = await app.inject({ method: "POST", url: url(r.id, "/private"), headers: h(token) });
    expect(body<{ report: Report }>(res).report).toMatchObject({ isPrivate: true, can: { makePrivate: false } });
    const again = await app.inject({ method: "POST", url: url(r.id, "/private"), headers: h(token) });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ error: { code: "invalidTransition" } });
    // Only this organisation's attention is private.
    const partner = await one<{ is_private: boolean }>(await testDb(), "select is_private from report_attentions where company_id = $1 and report_id = $2", [partnerCompanyId, r.id]);
    expect(partner?.is_private).toBe(false);
  });

  it("a closed report cannot be made private", async () => {
    const r = await communityReport();
    await app.inject({ method: "POST", url: url(r.id, "/close"), headers: h(token), payload: { kind: "solved" } });
    expect((await app.inject({ method: "POST", url: url(r.id, "/private"), headers: h(token) })).statusCode).toBe(409);
  });
});

describe("POST and DELETE …/reports/:id/notify-neighbours", () => {
  it("401, 404 for another company, 400 for a malformed id", async () => {
    await guards("POST", "/notify-neighbours");
    await guards("DELETE", "/notify-neighbours");
  });

  it("counts app users who reported or follow within 500 m, once each, without the organisation's members", async () => {
    const db = await testDb();
    const r = await communityReport(AUSTRAL);
    const [near, nearFollower, both, far, deleted] = await Promise.all([1, 2, 3, 4, 5].map(() => buildUser(db)));
    const at = (metres: number) => [AUSTRAL.latitude + metres * METRE, AUSTRAL.longitude] as const;
    const insert = async (userId: number, metres: number, deletedAt: string | null = null) =>
      (await one<{ id: number }>(db, `insert into reports (type_id, initial_type_id, latitude, longitude, user_id, deleted_at) values (0, 0, $1, $2, $3, $4) returning id`, [...at(metres), userId, deletedAt]))!.id;
    await insert(near!.id, 200);
    await insert(far!.id, 800);
    await insert(deleted!.id, 100, new Date().toISOString());
    await insert(operator.id, 50); // a member of the organisation is not a neighbour
    const followed = await insert(both!.id, 300);
    for (const u of [nearFollower!, both!]) await db.query("insert into app_followers (report_id, user_id) values ($1, $2)", [followed, u.id]);
    const farReport = await insert(far!.id, 900);
    await db.query("insert into app_followers (report_id, user_id) values ($1, $2)", [farReport, deleted!.id]);

    const res = await app.inject({ method: "POST", url: url(r.id, "/notify-neighbours"), headers: h(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ neighbours: number; report: Report }>(res)).toMatchObject({
      neighbours: 3,
      report: { notifyNeighbours: true, notificationNeighboursWasCanceled: false },
    });
    const activity = body<{ activity: { action: string; data: Record<string, unknown> }[] }>(await app.inject({ method: "GET", url: url(r.id, "/activity"), headers: h(token) })).activity;
    expect(activity.at(-1)).toMatchObject({ action: "neighboursNotified", data: { neighbours: 3 } });
  });

  it("notifying twice, cancelling before notifying or twice are 409; notifying again after a cancel works", async () => {
    const r = await communityReport();
    const notify = () => app.inject({ method: "POST", url: url(r.id, "/notify-neighbours"), headers: h(token) });
    const cancel = () => app.inject({ method: "DELETE", url: url(r.id, "/notify-neighbours"), headers: h(token) });
    expect((await cancel()).statusCode).toBe(409);
    expect((await notify()).statusCode).toBe(200);
    const twice = await notify();
    expect([twice.statusCode, body(twice).error]).toEqual([409, expect.objectContaining({ code: "invalidTransition" })]);
    const cancelled = await cancel();
    expect(body<{ report: Report }>(cancelled).report).toMatchObject({ notifyNeighbours: true, notificationNeighboursWasCanceled: true });
    expect((await cancel()).statusCode).toBe(409);
    expect(body<{ report: Report }>(await notify()).report).toMatchObject({ notifyNeighbours: true, notificationNeighboursWasCanceled: false });
  });

  it("a closed report cannot notify its neighbours", async () => {
    const r = await communityReport();
    await app.inject({ method: "POST", url: url(r.id, "/close"), headers: h(token), payload: { kind: "false" } });
    expect((await app.inject({ method: "POST", url: url(r.id, "/notify-neighbours"), headers: h(token) })).statusCode).toBe(409);
  });
});

describe("POST …/reports/:id/address", () => {
  const change = (id: number, address: unknown, lang = "es") =>
    app.inject({ method: "POST", url: url(id, "/address"), headers: { ...h(token), "accept-language": lang }, payload: { address } });

  it("401, 404 for another company, 400 for a malformed id or body", async () => {
    await guards("POST", "/address", { address: "Huérfanos 1234" });
    const r = await communityReport();
    expect((await app.inject({ method: "POST", url: url(r.id, "/address"), headers: h(token), payload: {} })).statusCode).toBe(400);
    expect((await change(r.id, "x".repeat(301))).statusCode).toBe(400);
    expect((await change(r.id, 42)).statusCode).toBe(400);
  });

  it("a blank or unusable address is noRegisteredAddress, without asking the geocoder", async () => {
    const r = await communityReport();
    const before = geocoder.requests.length;
    for (const address of ["", "   ", "- ."]) {
      const res = await change(r.id, address);
      expect([res.statusCode, body(res).error]).toEqual([400, expect.objectContaining({ code: "noRegisteredAddress" })]);
    }
    expect(geocoder.requests.length).toBe(before);
  });

  it("is refused (409) for a report the organisation created, and before the report is taken", async () => {
    const own = await companyReport();
    expect(body(await change(own.id, "Huérfanos 1234"))).toMatchObject({ error: { code: "invalidTransition" } });
    const pending = await communityReport(SANTIAGO, false);
    expect((await change(pending.id, "Huérfanos 1234")).statusCode).toBe(409);
  });

  it("maps geocoder failures to overQueryLimit, unknow and noResults, and changes nothing", async () => {
    const r = await communityReport();
    geocoder.respond((_req, res) => res.writeHead(429).end());
    const limited = await change(r.id, "Huérfanos 1234");
    expect([limited.statusCode, body(limited).error]).toEqual([503, expect.objectContaining({ code: "overQueryLimit" })]);
    geocoder.respond((_req, res) => res.writeHead(500).end());
    const broken = await change(r.id, "Huérfanos 1234");
    expect([broken.statusCode, body(broken).error]).toEqual([502, expect.objectContaining({ code: "unknow" })]);
    geocoder.respond((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("[]"));
    const none = await change(r.id, "Calle Inexistente 99999");
    expect([none.statusCode, body(none).error]).toEqual([422, expect.objectContaining({ code: "noResults" })]);
    expect(await get(r.id)).toMatchObject({ latitude: SANTIAGO.latitude, longitude: SANTIAGO.longitude, version: r.version });
  });

  it("an address outside every zone of the organisation is notInZone with the SPEC text", async () => {
    const r = await communityReport();
    geocoder.place(-20.2, -70.15, "Iquique, Chile");
    const en = await change(r.id, "Baquedano 100, Iquique", "en");
    expect(en.statusCode).toBe(422);
    expect(body(en)).toMatchObject({ error: { code: "notInZone", message: NOT_IN_ZONE_MESSAGE } });
    const es = await change(r.id, "Baquedano 100, Iquique", "es");
    expect(body(es)).toMatchObject({ error: { code: "notInZone", message: "La dirección no es parte de la zona de tu compañía" } });
    expect((await get(r.id)).address).toBeNull();
  });

  it("moves the report, refreshes every attending organisation's zones and tells each of them", async () => {
    const r = await communityReport();
    expect(r.zones).toEqual([santiagoZoneId]);
    geocoder.place(AUSTRAL.latitude, AUSTRAL.longitude, "Avenida Colón 800, Punta Arenas, Chile");
    let res: Awaited<ReturnType<typeof change>> | undefined;
    const seen = await messagesUntil(
      async () => (res = await change(r.id, "  Avenida Colón   800, Punta Arenas ")),
      (s) => [companyId, partnerCompanyId].every((cid) => s.some((m) => m.type === "updateReport" && m.companyId === cid)),
    );
    expect(res!.statusCode, res!.body).toBe(200);
    expect(body<{ report: Report }>(res!).report).toMatchObject({
      address: "Avenida Colón 800, Punta Arenas",
      latitude: AUSTRAL.latitude,
      longitude: AUSTRAL.longitude,
      zones: [australZoneId],
    });
    for (const cid of [companyId, partnerCompanyId]) {
      const update = seen.find((m) => m.type === "updateReport" && m.companyId === cid && (m.data.report as Report).id === r.id);
      expect((update?.data.report as Report | undefined)?.address).toBe("Avenida Colón 800, Punta Arenas");
    }
    // The partner has no zone down south: its attention now lies outside its zones.
    const partner = await one<{ zone_ids: number[] }>(await testDb(), "select zone_ids from report_attentions where company_id = $1 and report_id = $2", [partnerCompanyId, r.id]);
    expect(partner?.zone_ids).toEqual([]);
    const request = geocoder.requests.at(-1)!;
    expect(request.url.searchParams.get("q")).toBe("Avenida Colón 800, Punta Arenas");
    const activity = body<{ activity: { action: string; data: Record<string, unknown> }[] }>(await app.inject({ method: "GET", url: url(r.id, "/activity"), headers: h(token) })).activity;
    expect(activity.at(-1)).toMatchObject({ action: "addressChanged", data: { address: "Avenida Colón 800, Punta Arenas", previousAddress: null } });
  });
});

describe("GET /api/reports/share/:id", () => {
  it("401, 404 for a report none of the caller's organisations attends, 400 for a malformed id", async () => {
    const own = await companyReport();
    expect((await app.inject({ method: "GET", url: `/api/reports/share/${own.id}` })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: `/api/reports/share/${own.id}`, headers: h(otherToken) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/reports/share/999999999", headers: h(token) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/reports/share/abc", headers: h(token) })).statusCode).toBe(400);
  });

  it("answers SPEC §2's public link leading visitors to the public page; the link alone counts no share", async () => {
    const r = await communityReport();
    const share = () => app.inject({ method: "GET", url: `/api/reports/share/${r.id}`, headers: h(token) });
    const page = encodeURIComponent(`${TEST_ORIGIN}/shared/${r.uuid}`);
    expect(body(await share())).toEqual({ success: true, share_url: `${TEST_ORIGIN}/public/${r.uuid}?sharedUrl=${page}` });
    const row = await one<{ shares_counter: number }>(await testDb(), "select shares_counter from reports where id = $1", [r.id]);
    expect(row?.shares_counter).toBe(0);
  });

  it("offers no link for a private report (409 privateReport)", async () => {
    const r = await communityReport();
    expect((await app.inject({ method: "POST", url: url(r.id, "/private"), headers: h(token) })).statusCode).toBe(200);
    const res = await app.inject({ method: "GET", url: `/api/reports/share/${r.id}`, headers: h(token) });
    expect(res.statusCode).toBe(409);
    expect(body<{ error: { code: string; reason: string } }>(res).error).toMatchObject({ code: "invalidTransition", reason: "privateReport" });
  });
});

describe("GET …/reports/:id/pdf", () => {
  it("401, 404 for another company, 400 for a malformed id", () => guards("GET", "/pdf"));

  it("is a PDF attachment with the report's data, comments, notes and activity", async ({ skip }) => {
    const db = await testDb();
    const r = await communityReport();
    await db.query("insert into comments (report_id, user_id, company_id, body) values ($1, $2, $3, 'Patrulla en camino al lugar')", [r.id, operator.id, companyId]);
    await db.query("insert into notes (company_id, report_id, user_id, body) values ($1, $2, $3, 'Nota interna: vecino confirma')", [companyId, r.id, operator.id]);
    const res = await app.inject({ method: "GET", url: url(r.id, "/pdf"), headers: h(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="reporte-${r.id}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(res.rawPayload.subarray(-6).toString()).toContain("%%EOF");
    skip(!hasPdftotext, "pdftotext is not installed (poppler-utils): the PDF's text was not checked");
    const text = pdftotext(res.rawPayload);
    for (const expected of [r.description, "Patrulla en camino al lugar", "Nota interna: vecino confirma", `Reporte #${r.id}`, "Robo", "En curso", "Tomó el reporte", "Página 1 de"])
      expect(text).toContain(expected);
  });
});
