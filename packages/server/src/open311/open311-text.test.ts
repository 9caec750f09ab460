import type { FastifyInstance } from "fastify";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";
import { open311Text, render } from "./open311.format.js";

// Issue 32: one report's text must never break the XML feed, and JSON and XML must carry the same text.
// Every text field is read back through saxes, a strict XML 1.0 parser (undefined entities, "]]>" in
// text and characters XML cannot hold are errors there, as in xmllint).

/** Text that looks like markup or entities, non-BMP characters, tab/LF/CR, and C0 controls. */
const NASTY = "Fuga &nbsp; &copy; &#1; &amp; <b>negrita</b> ]]> 🚨😀 a\tb\nc\r\nd\re \u0001\u0008\u000B\u000C\u001F\uFFFE\uFFFF fin";
/** What both formats carry: every character XML 1.0 cannot hold written as U+FFFD, the rest as it was. */
const CARRIED = "Fuga &nbsp; &copy; &#1; &amp; <b>negrita</b> ]]> 🚨😀 a\tb\nc\r\nd\re \uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD fin";

/** Each leaf element's text by its path (root/child/…), through a strict parser: throws on any
 * well-formedness error. */
function leaves(xml: string): Map<string, string> {
  const parser = new SaxesParser();
  const path: string[] = [];
  const texts: string[] = [];
  const out = new Map<string, string>();
  parser.on("error", (err) => {
    throw err;
  });
  parser.on("opentag", (tag) => {
    path.push(tag.name);
    texts.push("");
  });
  parser.on("text", (t) => {
    texts[texts.length - 1] += t;
  });
  parser.on("closetag", () => {
    out.set(path.join("/"), texts.pop()!);
    path.pop();
  });
  parser.write(xml).close();
  return out;
}

describe("open311Text", () => {
  it("replaces exactly the characters XML 1.0 cannot carry, NUL and unpaired surrogates included", () => {
    expect(open311Text(NASTY)).toBe(CARRIED);
    expect(open311Text("\u0000x\uD800y\uDC00z😀")).toBe("\uFFFDx\uFFFDy\uFFFDz😀");
    // Allowed though discouraged (C1 controls, DEL) stay.
    expect(open311Text("\u007F\u0085\u009F")).toBe("\u007F\u0085\u009F");
  });

  it("writes the same text into JSON and XML, the XML well-formed", () => {
    const text = `${NASTY} \u0000 \uD800`;
    const value = [{ description: text, nested: { note: text }, list: [text] }];
    const fromJson = JSON.parse(render("json", "service_requests", value)) as { description: string }[];
    const x = leaves(render("xml", "service_requests", value));
    const expected = `${CARRIED} \uFFFD \uFFFD`;
    expect(fromJson[0]!.description).toBe(expected);
    expect(x.get("service_requests/request/description")).toBe(expected);
    expect(x.get("service_requests/request/nested/note")).toBe(expected);
    expect(x.get("service_requests/request/list/item")).toBe(expected);
  });
});

describe("Open311 answers carry stored text through both formats", () => {
  let app: FastifyInstance;
  let db: Db;
  let key: string;
  let companyId: number;
  let reportId: number;

  beforeAll(async () => {
    app = await testApp();
    await app.ready();
    db = await testDb();
    companyId = (await buildCompany(db, { name: `Muni ${NASTY}` })).id;
    await db.query("insert into company_report_types (company_id, report_type_id, active) values ($1, 24, true)", [companyId]);
    const admin = await buildUser(db, { companyId, role: "company_admin" });
    const token = await loginAs(app, admin);
    key = body<{ key: string }>(await app.inject({ method: "POST", url: `/api/companies/${companyId}/api-keys`, headers: { "access-token": token }, payload: { name: "xml" } })).key;
    const [r] = await db.query<{ id: number }>(
      `insert into reports (type_id, initial_type_id, description, latitude, longitude, address, media_url, informer_type)
       values (24, 24, 'Rayado', -33.45, -70.65, 'Alameda', 'https://x.test/a.jpg', 'user') returning id`,
    );
    reportId = r!.id;
    await db.query("insert into report_attentions (company_id, report_id, status) values ($1, $2, 'pending')", [companyId, reportId]);
    const h = { "access-token": token };
    expect((await app.inject({ method: "POST", url: `/api/companies/${companyId}/reports/${reportId}/take`, headers: h })).statusCode).toBe(200);
    expect((await app.inject({ method: "POST", url: `/api/companies/${companyId}/reports/${reportId}/close`, headers: h, payload: { kind: "solved", comment: "Cerrado" } })).statusCode).toBe(200);
    // Whatever the intake lets in or an older version stored: the feed must carry it.
    await db.query("update reports set description = $2, address = $2, media_url = $3 where id = $1", [reportId, NASTY, `https://x.test/a.jpg?q=${NASTY}`]);
    await db.query(
      `update comments set body = $2 where id = (select (data->>'commentId')::int from activity_log where report_id = $1 and action = 'closed' order by id desc limit 1)`,
      [reportId, NASTY],
    );
  });
  afterAll(() => app.close());

  it("gives every text field of a request the same text in JSON and XML", async () => {
    for (const path of ["requests", `requests/${reportId}`]) {
      const json = await app.inject({ url: `/open311/v2/${path}.json?api_key=${key}` });
      const xml = await app.inject({ url: `/open311/v2/${path}.xml?api_key=${key}` });
      expect(json.statusCode).toBe(200);
      expect(xml.statusCode).toBe(200);
      const request = (json.json() as Record<string, unknown>[]).find((r) => r.service_request_id === reportId)!;
      const fields = leaves(xml.body);
      const texts = { description: CARRIED, address: CARRIED, status_notes: CARRIED, agency_responsible: `Muni ${CARRIED}`, media_url: `https://x.test/a.jpg?q=${CARRIED}` };
      for (const [field, expected] of Object.entries(texts)) {
        expect(request[field], `${path} JSON ${field}`).toBe(expected);
        expect(fields.get(`service_requests/request/${field}`), `${path} XML ${field}`).toBe(expected);
      }
    }
  });

  it("escapes what a client sent back in an error's description", async () => {
    const code = encodeURIComponent("&nbsp;<b>]]>");
    const json = await app.inject({ url: `/open311/v2/services/${code}.json?api_key=${key}` });
    const xml = await app.inject({ url: `/open311/v2/services/${code}.xml?api_key=${key}` });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual([{ code: 404, description: "service_code &nbsp;<b>]]> not found." }]);
    expect(leaves(xml.body).get("errors/error/description")).toBe("service_code &nbsp;<b>]]> not found.");
  });
});
