import type { FastifyInstance } from "fastify";
import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidAssetUrl, type Asset, type FieldError, type PublicAsset, type Report } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { t } from "../http/texts.js";
import { body, buildCompany, buildUser, loginAs, TEST_ORIGIN, TEST_PASSWORD, testApp, testDb } from "../test/harness.js";

// jsqr is CommonJS exporting `default`: its default import is the function or the module holding it.
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR = ((jsQRModule as unknown as { default?: Decode }).default ?? jsQRModule) as unknown as Decode;

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let operator: string;
let otherAdmin: string;
let reporter: string;

const ROBBERY = 0;
const h = (t: string, lang = "es") => ({ "access-token": t, "accept-language": lang });
const url = (rest = "", cid = companyId) => `/api/companies/${cid}/assets${rest}`;

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  await db.query("insert into company_report_types (company_id, report_type_id) values ($1, $2)", [companyId, ROBBERY]);
  admin = await loginAs(app, await buildUser(db, { companyId, role: "company_admin" }));
  operator = await loginAs(app, await buildUser(db, { companyId, role: "operator" }));
  otherAdmin = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" }));
  const citizen = await buildUser(db);
  const res = await app.inject({ method: "POST", url: "/api/app/login", payload: { email: citizen.email, password: TEST_PASSWORD } });
  reporter = body<{ user: { access_token: string } }>(res).user.access_token;
});
afterAll(() => app.close());

const VALID = () => ({
  category: "Luminaria",
  description: `Poste ${Math.random().toString(36).slice(2, 8)} de la plaza`,
  customMessage: "Gracias por cuidar la plaza.\nCuéntanos qué pasó.",
  externalUrl: "https://municipio.example.cl/alumbrado",
  tags: ["plaza", "alumbrado"],
  enabled: true,
  latitude: -33.4372,
  longitude: -70.6506,
  address: "Plaza de Armas",
});

async function create(payload: Record<string, unknown> = {}, token = admin, cid = companyId): Promise<Asset> {
  const res = await app.inject({ method: "POST", url: url("", cid), headers: h(token), payload: { ...VALID(), ...payload } });
  expect(res.statusCode, res.body).toBe(200);
  const b = body<{ success: boolean; asset: Asset }>(res);
  expect(b.success).toBe(true);
  return b.asset;
}

describe("asset external URL (SPEC §5)", () => {
  it.each(["https://example.cl", "http://sub.example.com/path?q=1", "http://localhost:8080/x"])("%s is valid", (link) => {
    expect(isValidAssetUrl(link)).toBe(true);
  });
  it.each(["example.cl", "ftp://example.cl", "javascript:alert(1)", "https://user:pw@example.cl", "http://nodot", "https://"])("%s is not", (link) => {
    expect(isValidAssetUrl(link)).toBe(false);
  });

  it.each(["es", "en", "fr"] as const)("the API refuses an invalid URL with assetUrlInvalid in %s and stores nothing", async (lang) => {
    const before = (await db.query<{ n: number }>("select count(*)::int as n from assets where company_id = $1", [companyId]))[0]!.n;
    const res = await app.inject({ method: "POST", url: url(), headers: h(admin, lang), payload: { ...VALID(), externalUrl: "www example" } });
    expect(res.statusCode).toBe(400);
    const fields = body<{ error: { fields: FieldError[] } }>(res).error.fields;
    expect(fields).toContainEqual({ field: "externalUrl", code: "assetUrlInvalid", message: t(lang, "assets:assetUrlInvalid") });
    expect(t("en", "assets:assetUrlInvalid")).toBe("The URL entered is not valid");
    const after = (await db.query<{ n: number }>("select count(*)::int as n from assets where company_id = $1", [companyId]))[0]!.n;
    expect(after).toBe(before);
  });

  it("an empty URL is no URL", async () => {
    expect((await create({ externalUrl: "" })).externalUrl).toBeNull();
  });
});

describe("assets CRUD", () => {
  it("creates answering {success, asset}, lists with search and filters, edits and deletes", async () => {
    const a = await create({ category: "Banca", description: "Banca azul junto a la pileta" });
    expect(a).toMatchObject({ category: "Banca", enabled: true, tags: ["plaza", "alumbrado"] });
    expect(a.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const off = await create({ category: "Banca", description: "Banca rota", enabled: false });

    const search = body<{ assets: Asset[]; total: number; categories: string[] }>(await app.inject({ url: url("?q=pileta"), headers: h(operator) }));
    expect(search.assets.map((x) => x.id)).toEqual([a.id]);
    expect(search.categories).toContain("Banca");
    const disabled = body<{ assets: Asset[] }>(await app.inject({ url: url("?category=Banca&enabled=false"), headers: h(operator) }));
    expect(disabled.assets.map((x) => x.id)).toEqual([off.id]);
    const paged = body<{ assets: Asset[]; total: number; pageSize: number }>(await app.inject({ url: url("?pageSize=1&page=2"), headers: h(admin) }));
    expect(paged.assets).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);

    const edited = await app.inject({ method: "PUT", url: url(`/${a.id}`), headers: h(admin), payload: { ...VALID(), category: "Banca", description: "Banca pintada" } });
    expect(body<{ asset: Asset }>(edited).asset).toMatchObject({ id: a.id, uuid: a.uuid, description: "Banca pintada" });
    expect((await app.inject({ method: "DELETE", url: url(`/${off.id}`), headers: h(admin) })).statusCode).toBe(200);
    expect((await app.inject({ url: url(`/${off.id}`), headers: h(admin) })).statusCode).toBe(404);
  });

  it("operators read but may not create", async () => {
    expect((await app.inject({ method: "POST", url: url(), headers: h(operator), payload: VALID() })).statusCode).toBe(403);
  });

  it("another company's asset is 404 on every route", async () => {
    const mine = await create();
    for (const [method, path] of [["GET", `/${mine.id}`], ["PUT", `/${mine.id}`], ["DELETE", `/${mine.id}`], ["GET", `/${mine.id}/qr.png`], ["GET", `/${mine.id}/qr.svg`], ["GET", `/sheet.pdf?ids=${mine.id}`]] as const) {
      const res = await app.inject({ method, url: url(path, otherCompanyId), headers: h(otherAdmin), ...(method === "PUT" ? { payload: VALID() } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const list = body<{ assets: Asset[] }>(await app.inject({ url: url("", otherCompanyId), headers: h(otherAdmin) }));
    expect(list.assets.map((x) => x.id)).not.toContain(mine.id);
  });
});

describe("QR codes", () => {
  it("the PNG decodes back to the asset's public page link", async () => {
    const a = await create();
    const res = await app.inject({ url: url(`/${a.id}/qr.png`), headers: h(operator) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    const png = PNG.sync.read(res.rawPayload);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`${TEST_ORIGIN}/a/${a.uuid}`);
  });

  it("the SVG is an SVG document, downloadable", async () => {
    const a = await create();
    const res = await app.inject({ url: url(`/${a.id}/qr.svg?download=1`), headers: h(operator) });
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.headers["content-disposition"]).toContain(`attachment; filename="asset-${a.id}-qr.svg"`);
    expect(res.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it("the printable sheet is a PDF with a page per 12 assets", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 13; i++) ids.push((await create({ description: `Árbol nº ${i} — Ñuñoa` })).id);
    const res = await app.inject({ url: url(`/sheet.pdf?ids=${ids.join(",")}`), headers: h(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = res.rawPayload.toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect((await app.inject({ url: url("/sheet.pdf"), headers: h(operator) })).statusCode).toBe(403);
  });
});

describe("the public page and its report door", () => {
  it("shows the asset without a session and takes a report that carries the asset to its company's panel", async () => {
    const a = await create({ category: "Paradero", description: "Paradero 4 de Alameda" });
    const page = await app.inject({ url: `/api/app/assets/${a.uuid}`, headers: { "accept-language": "en" } });
    expect(page.statusCode).toBe(200);
    const pub = body<{ asset: PublicAsset }>(page).asset;
    expect(pub).toMatchObject({ category: "Paradero", enabled: true, customMessage: VALID().customMessage });
    expect(pub.types).toEqual([{ id: ROBBERY, name: "Robbery", imageName: "type_0.svg", imageUrl: expect.stringMatching(/\/report-types\/type_0\.svg$/) }]);
    expect(pub).not.toHaveProperty("id");

    const sent = await app.inject({ method: "POST", url: `/api/app/assets/${a.uuid}/reports`, payload: { type: ROBBERY, description: "Vidrio roto" } });
    expect(sent.statusCode, sent.body).toBe(200);
    const { report } = body<{ report: { id: number } }>(sent);

    const seen = await app.inject({ url: `/api/companies/${companyId}/reports/${report.id}`, headers: h(operator) });
    expect(seen.statusCode).toBe(200);
    const r = body<{ report: Report }>(seen).report;
    expect(r).toMatchObject({ assetId: a.id, assetCategoryName: "Paradero", latitude: a.latitude, longitude: a.longitude, source: "asset", isAnonymous: true });
    expect(r.asset).toMatchObject({ id: a.id, description: "Paradero 4 de Alameda" });
    // Only the asset's company attends it.
    expect((await app.inject({ url: `/api/companies/${otherCompanyId}/reports/${report.id}`, headers: h(otherAdmin) })).statusCode).toBe(404);
  });

  it("takes a photo with the report (multipart) and a signed-in reporter is its author", async () => {
    const a = await create();
    const png = new PNG({ width: 4, height: 4 });
    const boundary = "----asset";
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${ROBBERY}\r\n--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nCon foto\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG.sync.write(png),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const sent = await app.inject({ method: "POST", url: `/api/app/assets/${a.uuid}/reports`, headers: { "access-token": reporter, "content-type": `multipart/form-data; boundary=${boundary}` }, payload });
    expect(sent.statusCode, sent.body).toBe(200);
    const r = body<{ report: Report }>(await app.inject({ url: `/api/companies/${companyId}/reports/${body<{ report: { id: number } }>(sent).report.id}`, headers: h(operator) })).report;
    expect(r.filesMedia).toHaveLength(1);
    expect(r.isAnonymous).toBe(false);
    expect(r.assetId).toBe(a.id);
  });

  it("a disabled asset's page says so and refuses reports with 409 assetDisabled", async () => {
    const a = await create({ enabled: false });
    const pub = body<{ asset: PublicAsset }>(await app.inject({ url: `/api/app/assets/${a.uuid}` })).asset;
    expect(pub.enabled).toBe(false);
    expect(pub.types).toEqual([]);
    const before = (await db.query<{ n: number }>("select count(*)::int as n from reports where asset_id = $1", [a.id]))[0]!.n;
    const res = await app.inject({ method: "POST", url: `/api/app/assets/${a.uuid}/reports`, headers: { "accept-language": "en" }, payload: { type: ROBBERY, description: "x" } });
    expect(res.statusCode).toBe(409);
    expect(body<{ error: { reason: string; message: string } }>(res).error).toMatchObject({ reason: "assetDisabled", message: "This asset is disabled and takes no reports" });
    expect((await db.query<{ n: number }>("select count(*)::int as n from reports where asset_id = $1", [a.id]))[0]!.n).toBe(before);
  });

  it("unknown uuid 404, a type the company does not attend 400, malformed input 4xx", async () => {
    const a = await create();
    expect((await app.inject({ url: "/api/app/assets/00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/api/app/assets/not-a-uuid" })).statusCode).toBe(400);
    expect((await app.inject({ method: "POST", url: `/api/app/assets/${a.uuid}/reports`, payload: { type: 5, description: "x" } })).statusCode).toBe(400);
    for (const payload of [{ type: 99999999999 }, { type: "x" }, { type: ROBBERY, description: "a\u0000b" }, { type: ROBBERY, description: "x".repeat(5000) }]) {
      const res = await app.inject({ method: "POST", url: `/api/app/assets/${a.uuid}/reports`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
