import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hint } from "geojsonhint";
import { GLOBAL_ZONE_ID, rightHandPolygon, type Position, type Zone } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let operator: string;
let otherAdmin: string;

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  admin = await loginAs(app, await buildUser(db, { companyId, role: "company_admin" }));
  operator = await loginAs(app, await buildUser(db, { companyId, role: "operator" }));
  otherAdmin = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" }));
});
afterAll(() => app.close());

const h = (t: string) => ({ "access-token": t });
const url = (cid = companyId, rest = "") => `/api/companies/${cid}/zones${rest}`;
// About 1.1 km × 1.1 km in Providencia, left open: the server closes the ring.
const square = (lng = -70.62, lat = -33.43, d = 0.01) => ({
  type: "Polygon",
  coordinates: [[[lng, lat], [lng + d, lat], [lng + d, lat + d], [lng, lat + d]]],
});

async function create(name: string, polygon: unknown = square(), token = admin, cid = companyId) {
  return app.inject({ method: "POST", url: url(cid), headers: h(token), payload: { name, polygon } });
}

/** What geojsonhint (Mapbox's linter: structure and RFC 7946's right-hand rule) says of the zones as one collection. */
const lint = (zones: Zone[]) =>
  hint(JSON.stringify({ type: "FeatureCollection", features: zones.filter((z) => z.polygon).map((z) => ({ type: "Feature", properties: { name: z.name }, geometry: z.polygon })) }));

describe("zones", () => {
  it("answers every polygon wound counterclockwise (RFC 7946 §3.1.6), whichever way it was drawn or stored", async () => {
    const cid = (await buildCompany(db)).id;
    const cAdmin = await loginAs(app, await buildUser(db, { companyId: cid, role: "company_admin" }));
    const clockwise = square(-70.63, -33.44);
    clockwise.coordinates[0]!.reverse();
    const drawn = await create("Dibujada al revés", clockwise, cAdmin, cid);
    expect(drawn.statusCode, drawn.body).toBe(200);
    // A zone stored clockwise before the rule (straight into the table).
    const ring: Position[] = [[-70.6, -33.4], [-70.59, -33.4], [-70.59, -33.41], [-70.6, -33.41], [-70.6, -33.4]];
    await db.query("insert into zones (company_id, name, geojson, area) values ($1, 'Antigua', $2, $3::polygon)", [
      cid, JSON.stringify({ type: "Polygon", coordinates: [ring] }), `(${ring.map(([x, y]) => `(${x},${y})`).join(",")})`,
    ]);
    const stored = body<{ zones: Zone[] }>(await app.inject({ method: "GET", url: url(cid), headers: h(cAdmin) })).zones;
    expect(stored.map((z) => z.name).sort()).toEqual(["Antigua", "Centro", "Dibujada al revés"]);
    // Before this rule the linter said "Polygons and MultiPolygons should follow the right-hand rule" of these two.
    expect(hint({ type: "Polygon", coordinates: [ring] }).map((e) => e.message)).toEqual(["Polygons and MultiPolygons should follow the right-hand rule"]);
    expect(lint(stored)).toEqual([]);
    // The same corners, only their order turned.
    const answered = stored.find((z) => z.name === "Antigua")!.polygon!.coordinates[0]!;
    expect(answered).toEqual([...ring].reverse());
  });

  it("winds holes clockwise and leaves a right-hand polygon as it is", () => {
    const outer: Position[] = [[0, 0], [0, 4], [4, 4], [4, 0], [0, 0]];
    const hole: Position[] = [[1, 1], [2, 1], [2, 2], [1, 2], [1, 1]];
    const wound = rightHandPolygon({ type: "Polygon", coordinates: [outer, hole] });
    expect(hint(wound)).toEqual([]);
    expect(wound.coordinates).toEqual([[...outer].reverse(), [...hole].reverse()]);
    expect(rightHandPolygon(wound)).toEqual(wound);
  });

  it("an admin draws a zone: stored with its ring closed, area in m², listed for operators", async () => {
    const res = await create("Providencia norte");
    expect(res.statusCode, res.body).toBe(200);
    const zone = body<{ zone: Zone }>(res).zone;
    const ring = zone.polygon!.coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    // 0.01° of longitude at 33.43° S is 929 m, of latitude 1,106 m.
    expect(zone.area_m2).toBeGreaterThan(1_000_000);
    expect(zone.area_m2).toBeLessThan(1_060_000);
    expect(zone).toMatchObject({ name: "Providencia norte", global: false, fill_color: "#F54286", stroke_color: "#F54286", restricted_users: 0 });
    const stored = await db.query<{ geojson: { coordinates: number[][][] }; inside: boolean }>(
      "select geojson, area @> point(-70.615, -33.425) as inside from zones where company_id = $1 and id = $2",
      [companyId, zone.id],
    );
    expect(stored[0]!.geojson.coordinates[0]).toHaveLength(5);
    expect(stored[0]!.inside).toBe(true);

    const list = await app.inject({ method: "GET", url: url(), headers: h(operator) });
    expect(list.statusCode).toBe(200);
    expect(body<{ zones: Zone[] }>(list).zones.map((z) => z.name)).toEqual(expect.arrayContaining(["Centro", "Providencia norte"]));
  });

  it("refuses too few points, no area, crossing edges and over 10000 km², changing nothing", async () => {
    const cases: [unknown, string][] = [
      [{ type: "Polygon", coordinates: [[[-70.6, -33.4], [-70.5, -33.4], [-70.6, -33.4]]] }, "zoneTooFewPoints"],
      [{ type: "Polygon", coordinates: [[[-70.6, -33.4], [-70.5, -33.4], [-70.4, -33.4], [-70.6, -33.4]]] }, "zoneEmptyArea"],
      [{ type: "Polygon", coordinates: [[[-70.6, -33.4], [-70.4, -33.6], [-70.4, -33.4], [-70.6, -33.45]]] }, "zoneSelfIntersects"],
      // 1.5° × 1° near Santiago: about 15,500 km².
      [square(-71.5, -34, 1.5), "zoneTooLarge"],
    ];
    const before = await db.query("select id from zones where company_id = $1", [companyId]);
    for (const [polygon, code] of cases) {
      const res = await create(`Mala ${code}`, polygon);
      expect(res.statusCode, code).toBe(400);
      expect(body(res)).toMatchObject({ error: { code, fields: [{ field: "polygon", code }] } });
    }
    const tooLarge = await create("Grande", square(-71.5, -34, 1.5));
    expect(body<{ error: { message: string } }>(tooLarge).error.message).toContain("10000 km²");
    // Schema cases: holes, out-of-range coordinates, not a polygon, a blank name.
    const malformed = [
      { name: "Con hoyo", polygon: { type: "Polygon", coordinates: [square().coordinates[0], square().coordinates[0]] } },
      { name: "Fuera", polygon: { type: "Polygon", coordinates: [[[-200, 0], [0, 0], [0, 1]]] } },
      { name: "Punto", polygon: { type: "Point", coordinates: [-70.6, -33.4] } },
      { name: "   ", polygon: square() },
      { name: "Texto", polygon: { type: "Polygon", coordinates: [[["a", "b"]]] } },
    ];
    for (const payload of malformed) {
      const res = await app.inject({ method: "POST", url: url(), headers: h(admin), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await db.query("select id from zones where company_id = $1", [companyId])).toEqual(before);
  });

  it("names are unique per company, letter case aside; another company may use the same name", async () => {
    expect((await create("Las Condes")).statusCode).toBe(200);
    const again = await create("las condes");
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ error: { code: "conflict", reason: "zoneNameTaken" } });
    expect((await create("Las Condes", square(), otherAdmin, otherCompanyId)).statusCode).toBe(200);
  });

  it("edits a zone's name and shape; only admins; another company's zone is 404", async () => {
    const zone = body<{ zone: Zone }>(await create("Ñuñoa")).zone;
    const edit = { name: "Ñuñoa sur", polygon: square(-70.6, -33.46, 0.02), fill_color: "#3366ff" };
    expect((await app.inject({ method: "PUT", url: url(companyId, `/${zone.id}`), headers: h(operator), payload: edit })).statusCode).toBe(403);
    expect((await app.inject({ method: "PUT", url: url(otherCompanyId, `/${zone.id}`), headers: h(otherAdmin), payload: edit })).statusCode).toBe(404);
    const res = await app.inject({ method: "PUT", url: url(companyId, `/${zone.id}`), headers: h(admin), payload: edit });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ zone: Zone }>(res).zone).toMatchObject({ name: "Ñuñoa sur", fill_color: "#3366ff" });
    expect(body<{ zone: Zone }>(res).zone.area_m2).toBeGreaterThan(4_000_000);
    const bad = await app.inject({ method: "PUT", url: url(companyId, `/${zone.id}`), headers: h(admin), payload: { ...edit, polygon: square(-70.6, -33.46, 0) } });
    expect(bad.statusCode).toBe(400);
    const listed = body<{ zones: Zone[] }>(await app.inject({ method: "GET", url: url(), headers: h(admin) })).zones;
    expect(listed.find((z) => z.id === zone.id)).toMatchObject({ name: "Ñuñoa sur" });
  });

  it("a zone members are restricted to cannot be deleted; once free it goes", async () => {
    const zone = body<{ zone: Zone }>(await create("Restringida")).zone;
    const member = await buildUser(db, { companyId, role: "operator" });
    await db.query("update memberships set zone_ids = $3 where company_id = $1 and user_id = $2", [companyId, member.id, [zone.id]]);
    const refused = await app.inject({ method: "DELETE", url: url(companyId, `/${zone.id}`), headers: h(admin) });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ error: { reason: "zoneInUse" } });
    expect(body<{ error: { message: string } }>(refused).error.message).toContain("1");
    await db.query("update memberships set zone_ids = '{}' where company_id = $1 and user_id = $2", [companyId, member.id]);
    expect((await app.inject({ method: "DELETE", url: url(otherCompanyId, `/${zone.id}`), headers: h(otherAdmin) })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: url(companyId, `/${zone.id}`), headers: h(admin) })).statusCode).toBe(200);
    expect((await app.inject({ method: "DELETE", url: url(companyId, `/${zone.id}`), headers: h(admin) })).statusCode).toBe(404);
  });

  it("the global zone (173): reports from anywhere reach a company attending it; never drawn or edited", async () => {
    // Its own company and a report type no other test sends, so other tests' reports never reach it.
    const GLOBAL_TYPE = 33;
    const { id: cid } = await buildCompany(db);
    await db.query("insert into company_report_types (company_id, report_type_id) values ($1, $2)", [cid, GLOBAL_TYPE]);
    const gAdmin = await loginAs(app, await buildUser(db, { companyId: cid, role: "company_admin" }));
    const paris = { type: GLOBAL_TYPE, description: "Reporte lejano", latitude: 48.8566, longitude: 2.3522 };
    const before = await app.inject({ method: "POST", url: "/api/app/reports", payload: paris });
    expect(before.statusCode, before.body).toBe(200);
    expect(body<{ companies: number[] }>(before).companies).not.toContain(cid);

    const attend = await app.inject({ method: "POST", url: url(cid, "/global"), headers: h(gAdmin) });
    expect(attend.statusCode, attend.body).toBe(200);
    expect(body<{ zone: Zone }>(attend).zone).toMatchObject({ id: GLOBAL_ZONE_ID, global: true, polygon: null, area_m2: null });
    expect(body(await app.inject({ method: "POST", url: url(cid, "/global"), headers: h(gAdmin) }))).toMatchObject({ error: { reason: "alreadyGlobal" } });
    try {
      const after = await app.inject({ method: "POST", url: "/api/app/reports", payload: paris });
      expect(body<{ companies: number[] }>(after).companies).toContain(cid);
      const edit = await app.inject({ method: "PUT", url: url(cid, `/${GLOBAL_ZONE_ID}`), headers: h(gAdmin), payload: { name: "Mundo", polygon: square() } });
      expect(edit.statusCode).toBe(409);
      expect(body(edit)).toMatchObject({ error: { reason: "globalZone" } });
      // Another company's admin cannot touch it.
      expect((await app.inject({ method: "DELETE", url: url(otherCompanyId, `/${GLOBAL_ZONE_ID}`), headers: h(otherAdmin) })).statusCode).toBe(404);
    } finally {
      expect((await app.inject({ method: "DELETE", url: url(cid, `/${GLOBAL_ZONE_ID}`), headers: h(gAdmin) })).statusCode).toBe(200);
    }
    const gone = await app.inject({ method: "POST", url: "/api/app/reports", payload: paris });
    expect(body<{ companies: number[] }>(gone).companies).not.toContain(cid);
  });
});
