import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SearchResponse } from "@atalaya/shared";
import { SEARCH_CANDIDATES, likeEscaped, uuidRange } from "./search.repository.js";
import { SEARCH_CATCH_UP_ROWS, SEARCH_WORDS_EVERY_MS, SEARCH_WORDS_JOB, catchUpSearchWords, catchUpSearchWordsFully, correctedText } from "./search-words.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";

let app: FastifyInstance;
let companyId: number;
let otherCompanyId: number;
let adminToken: string;
let zonedToken: string;
let otherToken: string;
const ids: Record<string, number> = {};

/** A report attended by `company`, in `zone`, of `typeId`, with an optional comment. */
async function insertReport(
  key: string,
  o: { company: number; zone: number; title?: string; description: string; address?: string; typeId?: number; comment?: string; anonymous?: boolean; userId?: number },
): Promise<void> {
  const db = await testDb();
  const [r] = await db.query<{ id: number }>(
    `insert into reports (type_id, initial_type_id, title, description, address, latitude, longitude, is_anonymous, user_id)
     values ($1, $1, $2, $3, $4, -33.45, -70.65, $5, $6) returning id`,
    [o.typeId ?? 0, o.title ?? null, o.description, o.address ?? null, o.anonymous ?? false, o.userId ?? null],
  );
  await db.query("insert into report_attentions (company_id, report_id, zone_ids) values ($1, $2, $3)", [o.company, r!.id, [o.zone]]);
  if (o.comment) await db.query("insert into comments (report_id, company_id, body) values ($1, $2, $3)", [r!.id, o.company, o.comment]);
  ids[key] = r!.id;
}

beforeAll(async () => {
  app = await testApp();
  const db = await testDb();
  const company = await buildCompany(db);
  companyId = company.id;
  const [zoneB] = await db.query<{ id: number }>(
    "insert into zones (company_id, name, geojson, area) values ($1, 'Norte', '{}', '((-70.7,-33.4),(-70.6,-33.4),(-70.6,-33.3),(-70.7,-33.3))'::polygon) returning id",
    [companyId],
  );
  const other = await buildCompany(db);
  otherCompanyId = other.id;
  const admin = await buildUser(db, { companyId, role: "company_admin" });
  const zoned = await buildUser(db, { companyId, role: "operator" });
  await db.query("update memberships set zone_ids = $3, report_type_ids = $4 where company_id = $1 and user_id = $2", [companyId, zoned.id, [company.zoneId], [0]]);
  [adminToken, zonedToken, otherToken] = await Promise.all([
    loginAs(app, admin),
    loginAs(app, zoned),
    loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" })),
  ]);
  const [author] = await db.query<{ id: number }>(
    "insert into users (email, first_name, last_name) values ('zorobabel.quispe@example.com', 'Zorobabel', 'Quispe') returning id",
  );
  const z = company.zoneId;
  await insertReport("titled", { company: companyId, zone: z, title: "Vehículo abandonado", description: "Un auto estacionado hace semanas", comment: "El camión pasó por aquí" });
  await insertReport("described", { company: companyId, zone: z, description: "Ruido de un vehículo en la esquina durante la noche, con alarma sonando sin parar y vecinos molestos por ello" });
  await insertReport("unrelated", { company: companyId, zone: z, description: "Luminaria apagada", address: "Avenida Ñuñoa 123" });
  await insertReport("otherZone", { company: companyId, zone: zoneB!.id, description: "Vehículo en zona norte", comment: "Comentario del vehículo norteño" });
  await insertReport("otherType", { company: companyId, zone: z, typeId: 3, description: "Vehículo de otro tipo", comment: "Comentario vehicular de otro tipo" });
  await insertReport("otherCompany", { company: otherCompanyId, zone: other.zoneId, description: "Vehículo de la otra empresa", comment: "Vehículo ajeno" });
  await insertReport("byAuthor", { company: companyId, zone: z, description: "Bache profundo", userId: author!.id });
  await insertReport("anonymous", { company: companyId, zone: z, description: "Grafiti en el muro", userId: author!.id, anonymous: true });
  await insertReport("commented", { company: companyId, zone: z, description: "Semáforo", comment: "Llegó la grúa por el vehículo mal estacionado" });
  await insertReport("percent", { company: companyId, zone: z, description: "Cartel de descuento del 50% tapando la vereda" });
  await insertReport("contact", { company: companyId, zone: z, description: "Llamada por ruidos molestos" });
  await db.query(`update reports set contact = '{"firstName": "Eleuterio", "lastName": "Fuenzalida", "phone": "+56911112222", "email": null}' where id = $1`, [ids.contact]);
  // More reports with the same word than the search ranks (its candidates are the newest of each kind).
  await db.query(
    `with r as (insert into reports (type_id, initial_type_id, description, latitude, longitude)
                select 0, 0, 'Farol quebrado número ' || g, -33.45, -70.65 from generate_series(1, $3::int) g returning id)
     insert into report_attentions (company_id, report_id, zone_ids) select $1, r.id, $2 from r`,
    [companyId, [z], SEARCH_CANDIDATES + 10],
  );
});
afterAll(() => app.close());

const h = (t: string) => ({ "access-token": t });
const url = (q: string, cid = companyId) => `/api/companies/${cid}/search?q=${encodeURIComponent(q)}`;
async function search(q: string, token = adminToken, cid = companyId): Promise<SearchResponse> {
  const res = await app.inject({ method: "GET", url: url(q, cid), headers: h(token) });
  expect(res.statusCode, res.body).toBe(200);
  const b = body<SearchResponse>(res);
  return b;
}
const reportIds = (r: SearchResponse) => r.reports.map((hit) => hit.report.id);
const marked = (segments: { text: string; mark: boolean }[]) => segments.filter((s) => s.mark).map((s) => s.text);

describe("GET /api/companies/:companyId/search", () => {
  it("401 without a token, 404 for another company, 400 for empty, too long or control characters", async () => {
    expect((await app.inject({ method: "GET", url: url("vehiculo") })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: url("vehiculo", otherCompanyId), headers: h(adminToken) })).statusCode).toBe(404);
    for (const q of ["", "   ", "a".repeat(101), "veh\u0000iculo", "veh\niculo"]) {
      const res = await app.inject({ method: "GET", url: url(q), headers: h(adminToken) });
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
    }
    expect((await app.inject({ method: "GET", url: `/api/companies/${companyId}/search`, headers: h(adminToken) })).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: `${url("x")}&limit=999`, headers: h(adminToken) })).statusCode).toBe(400);
  });

  it("finds Vehículo by vehiculo (accents aside), ranks the title match first and highlights the original word", async () => {
    const r = await search("vehiculo");
    expect(reportIds(r)).toEqual(expect.arrayContaining([ids.titled, ids.described, ids.otherZone, ids.otherType]));
    expect(reportIds(r)).not.toContain(ids.unrelated);
    expect(reportIds(r)).not.toContain(ids.otherCompany);
    expect(r.reports[0]!.report.id).toBe(ids.titled);
    const titled = r.reports[0]!;
    expect(titled.highlights.find((x) => x.field === "title")!.segments).toEqual([
      { text: "Vehículo", mark: true },
      { text: " abandonado", mark: false },
    ]);
    const scores = r.reports.map((x) => x.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // The long description comes back as a fragment with the word marked.
    const described = r.reports.find((x) => x.report.id === ids.described)!;
    expect(marked(described.highlights.find((x) => x.field === "description")!.segments)).toEqual(["vehículo"]);
  });

  it("tolerates a typo: vehiclo finds vehículo and marks it", async () => {
    const r = await search("vehiclo");
    expect(reportIds(r)).toEqual(expect.arrayContaining([ids.titled, ids.described]));
    expect(marked(r.reports.find((x) => x.report.id === ids.titled)!.highlights[0]!.segments)).toEqual(["Vehículo"]);
  });

  it("finds addresses with ñ by n, and a report by its id", async () => {
    expect(reportIds(await search("nunoa"))).toEqual([ids.unrelated]);
    const byId = await search(`#${ids.unrelated}`);
    expect(byId.reports[0]!.report.id).toBe(ids.unrelated);
    expect(byId.reports[0]!.highlights[0]).toEqual({ field: "id", segments: [{ text: `#${ids.unrelated}`, mark: true }] });
  });

  it("finds comments with their report, not hidden ones, not other companies'", async () => {
    const r = await search("grua");
    expect(r.reports).toEqual([]);
    expect(r.comments).toHaveLength(1);
    expect(r.comments[0]!.report.id).toBe(ids.commented);
    expect(marked(r.comments[0]!.segments)).toEqual(["grúa"]);
    const v = await search("vehiculo");
    expect(v.comments.map((c) => c.report.id)).toEqual(expect.arrayContaining([ids.commented, ids.otherZone]));
    expect(v.comments.map((c) => c.report.id)).not.toContain(ids.otherCompany);
  });

  it("finds reports by their reporter's name, never anonymous ones", async () => {
    const r = await search("zorobabel");
    expect(reportIds(r)).toEqual([ids.byAuthor]);
    expect(r.reports[0]!.highlights.find((x) => x.field === "reporter")).toBeTruthy();
  });

  it("a restricted operator never gets a report outside their zones or types, nor its comments", async () => {
    const r = await search("vehiculo", zonedToken);
    expect(reportIds(r)).toEqual(expect.arrayContaining([ids.titled, ids.described]));
    expect(reportIds(r)).not.toContain(ids.otherZone);
    expect(reportIds(r)).not.toContain(ids.otherType);
    const commentReports = r.comments.map((c) => c.report.id);
    expect(commentReports).not.toContain(ids.otherZone);
    expect(commentReports).not.toContain(ids.otherType);
    expect(commentReports).toContain(ids.commented);
    expect((await search("norteño", zonedToken)).comments).toEqual([]);
  });

  it("another company's admin finds only their own report", async () => {
    expect(reportIds(await search("vehiculo", otherToken, otherCompanyId))).toEqual([ids.otherCompany]);
  });

  it("takes % and _ literally: % finds only the text that has one", async () => {
    expect(reportIds(await search("%"))).toEqual([ids.percent]);
    // "50" alone also brings the similar "número 50" after it (typo tolerance).
    expect(reportIds(await search("50%"))[0]).toBe(ids.percent);
    expect(reportIds(await search("_"))).toEqual([]);
  });

  it("finds a report by the start of its uuid, and by the contact an operator wrote down", async () => {
    const db = await testDb();
    const [row] = await db.query<{ uuid: string }>("select uuid::text as uuid from reports where id = $1", [ids.unrelated]);
    expect((await search(row!.uuid.slice(0, 8))).reports[0]!.report.id).toBe(ids.unrelated);
    expect((await search(row!.uuid.slice(0, 13))).reports[0]!.report.id).toBe(ids.unrelated);
    expect(reportIds(await search("eleuterio fuenzalida"))).toEqual([ids.contact]);
    expect(reportIds(await search("eleuteri"))).toEqual([ids.contact]);
  });

  it("among equal matches, more than it ranks, gives the newest first", async () => {
    const res = await app.inject({ method: "GET", url: `${url("farol quebrado")}&limit=5`, headers: h(adminToken) });
    const found = reportIds(body<SearchResponse>(res));
    const db = await testDb();
    const newest = await db.query<{ id: number }>("select id from reports where description like 'Farol quebrado%' order by id desc limit 5");
    expect(found).toEqual(newest.map((r) => r.id));
  });
});

describe("search dictionary (typos)", () => {
  it("learns the words of new reports and corrects a misspelt word to the closest one it knows", async () => {
    const db = await testDb();
    await insertReport("late", { company: companyId, zone: (await db.query<{ id: number }>("select id from zones where company_id = $1 order by id limit 1", [companyId]))[0]!.id, description: "Hidrante destapado botando agua" });
    expect(await correctedText(db, "hidrnte destapdo")).toBe("hidrante destapado");
    expect(await correctedText(db, "hidrante")).toBeNull();
    expect(await correctedText(db, "xq")).toBeNull();
    expect(reportIds(await search("hidrnte"))).toEqual([ids.late]);
  });

  it("corrects a misspelt word of a comment too", async () => {
    const r = await search("gruua");
    expect(r.comments.map((c) => c.report.id)).toEqual([ids.commented]);
  });

  // A backlog (a restored set, a burst of intake) is the background job's: a search adds at most
  // SEARCH_CATCH_UP_ROWS rows before it corrects, the job reads until it is caught up (issue 37: a
  // search paid 100 ms for 5,000 reports on a fresh million-report set).
  it("a search catches up a few rows, the job the whole backlog", async () => {
    const db = await testDb();
    await db.query(
      `insert into reports (type_id, initial_type_id, description, latitude, longitude, created_at, updated_at)
       select 0, 0, 'Atraso ' || g, -33.45, -70.65, now(), now() from generate_series(1, $1::int) g`,
      [SEARCH_CATCH_UP_ROWS * 3],
    );
    const [{ id: newest }] = (await db.query<{ id: number }>("select max(id) as id from reports")) as [{ id: number }];
    const progress = async () => (await db.query<{ id: number }>("select last_report_id as id from search_words_progress"))[0]!.id;
    // A search's share: at most SEARCH_CATCH_UP_ROWS reports and as many comments.
    expect(await catchUpSearchWords(db, SEARCH_CATCH_UP_ROWS)).toBeLessThanOrEqual(2 * SEARCH_CATCH_UP_ROWS);
    // The job reads until caught up (while another process's run holds the progress, it leaves it to that one).
    await vi.waitFor(async () => {
      await catchUpSearchWordsFully(db);
      expect(await progress()).toBeGreaterThanOrEqual(newest);
    });
    const [schedule] = await db.query<{ every: number }>("select every_seconds as every from job_schedules where kind = $1", [SEARCH_WORDS_JOB]);
    expect(schedule?.every).toBe(SEARCH_WORDS_EVERY_MS / 1000);
  });
});

describe("search helpers", () => {
  it("escapes LIKE's own characters", () => {
    expect(likeEscaped("50%_a\\b")).toBe("50\\%\\_a\\\\b");
  });

  it("turns a uuid's start into the range of uuids that start with it", () => {
    expect(uuidRange("3f2a9c")).toEqual(["3f2a9c00-0000-0000-0000-000000000000", "3f2a9cff-ffff-ffff-ffff-ffffffffffff"]);
    expect(uuidRange("3f2a9c01-ab")).toEqual(["3f2a9c01-ab00-0000-0000-000000000000", "3f2a9c01-abff-ffff-ffff-ffffffffffff"]);
    expect(uuidRange("xyz")).toBeNull();
  });
});
