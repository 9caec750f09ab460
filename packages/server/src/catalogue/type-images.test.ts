import type { FastifyInstance } from "fastify";
import * as mdi from "@mdi/js";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_TYPES, reportTypeById, reportTypeImagePath, type CompanySettings } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, TEST_ORIGIN, testApp, testDb } from "../test/harness.js";

// Issue 32 (SPEC §3 "Report type": imageName, badge and pin images from a base path; §7 "report type
// images come from a static address"): every catalogue type's image, public and cached, and listed with
// the type where the API lists types.

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
});
afterAll(() => app.close());

/** The elements of an SVG document with their attributes, read by a strict XML parser (throws when the
 * file is not well-formed). */
function svgElements(svg: string): { name: string; attributes: Record<string, string> }[] {
  const parser = new SaxesParser({ xmlns: false });
  const out: { name: string; attributes: Record<string, string> }[] = [];
  parser.on("error", (err) => {
    throw err;
  });
  parser.on("opentag", (tag) => out.push({ name: tag.name, attributes: tag.attributes as Record<string, string> }));
  parser.write(svg).close();
  return out;
}

describe("GET /report-types/{imageName}", () => {
  it("answers every catalogue type's image without a session: 200 image/svg+xml, cached publicly, the type's symbol in white on its colour; no two alike", async () => {
    const bodies = new Set<string>();
    for (const type of REPORT_TYPES) {
      const res = await app.inject({ method: "GET", url: reportTypeImagePath(type.imageName) });
      expect(res.statusCode, type.imageName).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(res.headers["cache-control"]).toMatch(/^public, max-age=604800\b/);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      const elements = svgElements(res.body);
      expect(elements[0]).toMatchObject({ name: "svg", attributes: { xmlns: "http://www.w3.org/2000/svg", viewBox: "0 0 48 48" } });
      expect(elements.find((e) => e.name === "circle")?.attributes.fill).toBe(type.color);
      expect(elements.find((e) => e.name === "path")?.attributes).toMatchObject({ fill: "#fff", d: mdi[type.symbol] });
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(REPORT_TYPES.length);
  });

  it("answers a session's request the same, HEAD without a body, and a revalidation with its ETag 304", async () => {
    const company = await buildCompany(db);
    const token = await loginAs(app, await buildUser(db, { companyId: company.id, role: "operator" }));
    const url = reportTypeImagePath("type_16.svg");
    const anonymous = await app.inject({ method: "GET", url });
    const signedIn = await app.inject({ method: "GET", url, headers: { "access-token": token } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(anonymous.body);
    const head = await app.inject({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(head.body).toBe("");
    const etag = anonymous.headers.etag as string;
    const again = await app.inject({ method: "GET", url, headers: { "if-none-match": `W/"other", ${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect((await app.inject({ method: "GET", url, headers: { "if-none-match": '"other"' } })).statusCode).toBe(200);
  });

  it("answers 404 for a name that is no catalogue type's image, with or without a session", async () => {
    const company = await buildCompany(db);
    const token = await loginAs(app, await buildUser(db, { companyId: company.id, role: "operator" }));
    for (const name of ["type_999.svg", "type_0.png", "type_0", "type_-1.svg", "TYPE_0.SVG", "..%2Fpackage.json", "type_0.svg.bak"]) {
      for (const headers of [{}, { "access-token": token }]) {
        const res = await app.inject({ method: "GET", url: `/report-types/${name}`, headers });
        expect(res.statusCode, name).toBe(404);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(body<{ success: boolean; error: { code: string } }>(res)).toMatchObject({ success: false, error: { code: "notFound" } });
      }
    }
    // A control character is bad input before it is an unknown name.
    expect((await app.inject({ method: "GET", url: "/report-types/type_0.svg%00" })).statusCode).toBe(400);
  });
});

describe("imageName and imageUrl where the API lists report types", () => {
  it("the settings' report types each carry the type's imageName and an absolute imageUrl that answers the image", async () => {
    const company = await buildCompany(db);
    const token = await loginAs(app, await buildUser(db, { companyId: company.id, role: "operator" }));
    const res = await app.inject({ method: "GET", url: `/api/companies/${company.id}/settings`, headers: { "access-token": token } });
    expect(res.statusCode).toBe(200);
    const { reportTypes } = body<{ settings: CompanySettings }>(res).settings;
    expect(reportTypes.length).toBeGreaterThan(20);
    for (const t of reportTypes) {
      const imageName = reportTypeById(t.typeId)?.imageName;
      expect(t.imageName).toBe(imageName);
      expect(t.imageUrl).toBe(`${TEST_ORIGIN}/report-types/${imageName}`);
      const image = await app.inject({ method: "GET", url: new URL(t.imageUrl).pathname });
      expect(image.statusCode, t.imageUrl).toBe(200);
      expect(image.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    }
  });
});
