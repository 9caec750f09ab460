import type { FastifyInstance } from "fastify";
import { convert } from "xmlbuilder2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/db.js";
import { startFakeGeocoder, type FakeGeocoder } from "../test/fake-geocoder.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, type TestUser } from "../test/harness.js";

// GeoReport v2 (issue 18) against the specification's examples (http://wiki.open311.org/GeoReport_v2),
// in both formats: the shapes, the key rules, the 90-day window, the status mapping, what never shows.

const ROBBERY = 0;
const GRAFFITI = 24;
const STREET_LIGHTS = 22;
const INACTIVE = 3; // an inactive crime type of the catalogue
// Inside the test companies' zone (central Santiago).
const LAT = -33.45;
const LONG = -70.65;

let app: FastifyInstance;
let db: Db;
let geocoder: FakeGeocoder;
let companyId: number;
let otherCompanyId: number;
let admin: TestUser;
let adminToken: string;
let key: string;
let otherKey: string;

type XmlObject = Record<string, unknown>;
const xml = (text: string) => convert(text, { format: "object" }) as XmlObject;

async function createKey(token: string, cid: number, name = "Integración municipal"): Promise<string> {
  const res = await app.inject({ method: "POST", url: `/api/companies/${cid}/api-keys`, headers: { "access-token": token }, payload: { name } });
  expect(res.statusCode).toBe(200);
  return body<{ key: string }>(res).key;
}

/** A report attended by the company, inserted as the app would have left it. */
async function insertReport(cid: number, fields: { status?: string; private?: boolean; type?: number; description?: string; createdAt?: string; deleted?: boolean } = {}) {
  const [r] = await db.query<{ id: number; uuid: string }>(
    `insert into reports (type_id, initial_type_id, description, latitude, longitude, address, created_at, deleted_at, deleted_by, contact, informer_type)
     values ($1, $1, $2, $3, $4, 'Alameda 100, Santiago', coalesce($5::timestamptz, now()), $6, $7,
             '{"phone":"+56911112222","firstName":"Reportera","lastName":"Secreta","email":"secreta@vecinos.cl"}', 'user')
     returning id, uuid::text as uuid`,
    [fields.type ?? ROBBERY, fields.description ?? "Robo en la esquina", LAT, LONG, fields.createdAt ?? null, fields.deleted ? new Date() : null, fields.deleted ? "author" : null],
  );
  await db.query("insert into report_attentions (company_id, report_id, status, is_private) values ($1, $2, $3, $4)", [cid, r!.id, fields.status ?? "pending", fields.private ?? false]);
  return r!;
}

const open311 = (path: string, query: Record<string, string> = {}) => `/open311/v2/${path}?${new URLSearchParams(query).toString()}`;
const get = (path: string, query: Record<string, string> = {}) => app.inject({ method: "GET", url: open311(path, query) });
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const postForm = (format: "json" | "xml", fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: `/open311/v2/requests.${format}`,
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8", ...headers },
    payload: form(fields),
  });

beforeAll(async () => {
  geocoder = await startFakeGeocoder();
  app = await testApp({ GEOCODER_URL: geocoder.url });
  await app.ready();
  db = await testDb();
  companyId = (await buildCompany(db, { name: "Municipalidad de Prueba" })).id;
  otherCompanyId = (await buildCompany(db)).id;
  await db.query(
    "insert into company_report_types (company_id, report_type_id, active) values ($1, $2, true), ($1, $3, true), ($1, $4, false), ($1, $5, true)",
    [companyId, ROBBERY, GRAFFITI, STREET_LIGHTS, INACTIVE],
  );
  await db.query("insert into company_report_types (company_id, report_type_id) values ($1, $2)", [otherCompanyId, ROBBERY]);
  admin = await buildUser(db, { companyId, role: "company_admin" });
  adminToken = await loginAs(app, admin);
  key = await createKey(adminToken, companyId);
  const otherAdmin = await buildUser(db, { companyId: otherCompanyId, role: "company_admin" });
  otherKey = await createKey(await loginAs(app, otherAdmin), otherCompanyId);
});
afterAll(async () => {
  await app.close();
  await geocoder.close();
});

describe("API keys", () => {
  it("are shown once, listed by prefix, stored hashed, and only company admins manage them", async () => {
    const created = await app.inject({ method: "POST", url: `/api/companies/${companyId}/api-keys`, headers: { "access-token": adminToken }, payload: { name: "App vecinal" } });
    const { key: secret, apiKey } = body<{ key: string; apiKey: { id: number; prefix: string; name: string; lastUsedAt: string | null } }>(created);
    expect(secret).toMatch(/^atl_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(apiKey.prefix)).toBe(true);
    expect(apiKey).toMatchObject({ name: "App vecinal", lastUsedAt: null });

    const list = await app.inject({ url: `/api/companies/${companyId}/api-keys`, headers: { "access-token": adminToken } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(body<{ apiKeys: { id: number }[] }>(list).apiKeys.map((k) => k.id)).toContain(apiKey.id);
    const [stored] = await db.query<{ hash: string }>("select encode(key_hash, 'hex') as hash from api_keys where id = $1", [apiKey.id]);
    expect(stored!.hash).toHaveLength(64);
    expect(JSON.stringify(await db.query("select * from api_keys where id = $1", [apiKey.id]))).not.toContain(secret.slice(12));

    // Using it records when (shown in the list).
    expect((await get("services.json", { api_key: secret })).statusCode).toBe(200);
    const used = body<{ apiKeys: { id: number; lastUsedAt: string | null }[] }>(await app.inject({ url: `/api/companies/${companyId}/api-keys`, headers: { "access-token": adminToken } }));
    expect(used.apiKeys.find((k) => k.id === apiKey.id)!.lastUsedAt).not.toBeNull();

    const operator = await loginAs(app, await buildUser(db, { companyId, role: "operator" }));
    for (const [method, url] of [["GET", `/api/companies/${companyId}/api-keys`], ["POST", `/api/companies/${companyId}/api-keys`], ["DELETE", `/api/companies/${companyId}/api-keys/${apiKey.id}`]] as const) {
      const res = await app.inject({ method, url, headers: { "access-token": operator }, ...(method === "POST" ? { payload: { name: "x" } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // Another company's id, or another company's key under one's own: 404.
    expect((await app.inject({ url: `/api/companies/${otherCompanyId}/api-keys`, headers: { "access-token": adminToken } })).statusCode).toBe(404);
    const [otherId] = await db.query<{ id: number }>("select id from api_keys where company_id = $1 limit 1", [otherCompanyId]);
    expect((await app.inject({ method: "DELETE", url: `/api/companies/${companyId}/api-keys/${otherId!.id}`, headers: { "access-token": adminToken } })).statusCode).toBe(404);

    const revoked = await app.inject({ method: "DELETE", url: `/api/companies/${companyId}/api-keys/${apiKey.id}`, headers: { "access-token": adminToken } });
    expect(body<{ apiKey: { revokedAt: string | null } }>(revoked).apiKey.revokedAt).not.toBeNull();
    const refused = await get("services.json", { api_key: secret });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual([{ code: 403, description: expect.stringContaining("api_key") }]);
  });

  it("refuse a name that is empty, with its text", async () => {
    const res = await app.inject({ method: "POST", url: `/api/companies/${companyId}/api-keys`, headers: { "access-token": adminToken, "accept-language": "en" }, payload: { name: "  " } });
    expect(res.statusCode).toBe(400);
    expect(body<{ error: { fields: { code: string; message: string }[] } }>(res).error.fields[0]).toMatchObject({ code: "apiKeyNameRequired", message: "The key name is required" });
  });
});

describe("discovery", () => {
  it("answers the Service Discovery document in JSON and XML without a key", async () => {
    const json = await get("discovery.json");
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(json.json()).toEqual({
      changeset: expect.any(String),
      contact: expect.any(String),
      key_service: expect.any(String),
      endpoints: [{ specification: "http://wiki.open311.org/GeoReport_v2", url: "http://portal.test/open311/v2", changeset: expect.any(String), type: "production", formats: ["text/xml", "application/json"] }],
    });
    const x = await get("discovery.xml");
    expect(x.headers["content-type"]).toBe("text/xml; charset=utf-8");
    expect(x.body.startsWith('<?xml version="1.0" encoding="utf-8"?><discovery>')).toBe(true);
    expect(xml(x.body)).toEqual({
      discovery: {
        changeset: expect.any(String),
        contact: expect.any(String),
        key_service: expect.any(String),
        endpoints: { endpoint: { specification: "http://wiki.open311.org/GeoReport_v2", url: "http://portal.test/open311/v2", changeset: expect.any(String), type: "production", formats: { format: ["text/xml", "application/json"] } } },
      },
    });
  });
});

describe("services", () => {
  it("lists the active types the organisation attends, the category as group, in the caller's language", async () => {
    const res = await app.inject({ url: open311("services.json", { api_key: key, jurisdiction_id: String(companyId) }), headers: { "accept-language": "en" } });
    expect(res.statusCode).toBe(200);
    const services = res.json() as { service_code: string }[];
    expect(services.map((s) => s.service_code)).toEqual([String(ROBBERY), String(GRAFFITI)]);
    expect(services[1]).toEqual({ service_code: "24", service_name: "Graffiti", description: expect.any(String), metadata: false, type: "realtime", keywords: "", group: "City issues" });

    const spanish = await app.inject({ url: open311("services.xml", { api_key: key }), headers: { "accept-language": "es-CL,es;q=0.9" } });
    const x = xml(spanish.body) as { services: { service: { service_code: string; group: string; metadata: string }[] } };
    expect(x.services.service.map((s) => s.service_code)).toEqual(["0", "24"]);
    expect(x.services.service[1]).toMatchObject({ group: "Problemas urbanos", metadata: "false", type: "realtime" });
    // No language of Open311's three asked: English, the language GeoReport v2 clients are written in.
    const other = (await app.inject({ url: open311("services.json", { api_key: key }), headers: { "accept-language": "de" } })).json() as { group: string }[];
    expect(other[1]!.group).toBe("City issues");
  });

  it("gives a service definition with its attribute list (empty: no form is linked to a type yet)", async () => {
    const json = await get(`services/${GRAFFITI}.json`, { api_key: key });
    expect(json.json()).toEqual({ service_code: "24", attributes: [] });
    expect(xml((await get(`services/${GRAFFITI}.xml`, { api_key: key })).body)).toEqual({ service_definition: { service_code: "24", attributes: {} } });
    for (const code of [String(STREET_LIGHTS), String(INACTIVE), "999", "abc"]) {
      const res = await get(`services/${code}.xml`, { api_key: key });
      expect(res.statusCode, code).toBe(404);
      expect(xml(res.body)).toEqual({ errors: { error: { code: "404", description: `service_code ${code} not found.` } } });
    }
  });
});

describe("POST requests", () => {
  const example = (extra: Record<string, string> = {}) => ({
    // The specification's example request, placed in Santiago.
    api_key: key,
    jurisdiction_id: String(companyId),
    service_code: String(GRAFFITI),
    lat: String(LAT),
    long: String(LONG),
    address_string: "Alameda 1234, Santiago",
    email: "smit333@sfgov.edu",
    device_id: "tt222111",
    account_id: "123456",
    first_name: "john",
    last_name: "smith",
    phone: "111111111",
    description: "A large sinkhole is destroying the street",
    media_url: "http://farm3.static.flickr.com/2002/2212426634_5ed477a060.jpg",
    "attribute[WHISPAWN]": "123456",
    "attribute[WHISDORN]": "COISL001",
    ...extra,
  });

  it("refuses without a key, with a wrong one and with another organisation's jurisdiction, in both formats", async () => {
    const { api_key: _k, ...withoutKey } = example();
    const json = await postForm("json", withoutKey);
    expect(json.statusCode).toBe(403);
    expect(json.json()).toEqual([{ code: 403, description: expect.stringContaining("api_key") }]);
    const x = await postForm("xml", { ...withoutKey, api_key: "atl_wrong" });
    expect(x.statusCode).toBe(403);
    expect(xml(x.body)).toEqual({ errors: { error: { code: "403", description: expect.stringContaining("api_key") } } });
    const elsewhere = await postForm("json", example({ api_key: otherKey }));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual([{ code: 404, description: "jurisdiction_id not found." }]);
  });

  it("creates a report through the normal intake, from the specification's example, and shows it to the organisation", async () => {
    const res = await postForm("xml", example(), { "idempotency-key": "spec-example-1" });
    expect(res.statusCode).toBe(200);
    const answer = xml(res.body) as { service_requests: { request: { service_request_id: string; account_id: string } } };
    const id = Number(answer.service_requests.request.service_request_id);
    expect(answer).toEqual({ service_requests: { request: { service_request_id: String(id), service_notice: {}, account_id: "123456" } } });

    const [report] = await db.query<{ source: string; contact: unknown; media_url: string; address: string; type_id: number; informer_type: string }>(
      "select source, contact, media_url, address, type_id, informer_type from reports where id = $1",
      [id],
    );
    expect(report).toEqual({
      source: "open311",
      contact: { phone: "111111111", firstName: "john", lastName: "smith", email: "smit333@sfgov.edu" },
      media_url: "http://farm3.static.flickr.com/2002/2212426634_5ed477a060.jpg",
      address: "Alameda 1234, Santiago",
      type_id: GRAFFITI,
      informer_type: "user",
    });
    // The organisation's panel has it, with its source, and its log says where it came from.
    const panel = await app.inject({ url: `/api/companies/${companyId}/reports/${id}`, headers: { "access-token": adminToken } });
    expect(body<{ report: { status: string; source: string } }>(panel).report).toMatchObject({ status: "pending", source: "open311" });
    const [log] = await db.query<{ data: unknown }>("select data from activity_log where company_id = $1 and report_id = $2 and action = 'created'", [companyId, id]);
    expect(log!.data).toEqual({ source: "open311" });
    // A company event was stored for the live panel.
    expect(await db.query("select 1 from events where company_id = $1 and type = 'newReport' and (data->'report'->>'id')::int = $2", [companyId, id])).toHaveLength(1);

    // Retried with the same idempotency key (header or parameter): the same request, no second report.
    const again = await postForm("json", example(), { "idempotency-key": "spec-example-1" });
    expect(again.json()).toEqual([{ service_request_id: id, service_notice: null, account_id: "123456" }]);
    const byParam = await postForm("json", example({ idempotency_key: "spec-example-2" }));
    const byParamAgain = await postForm("json", example({ idempotency_key: "spec-example-2" }));
    expect(byParam.json()).toEqual(byParamAgain.json());
    expect((byParam.json() as { service_request_id: number }[])[0]!.service_request_id).not.toBe(id);
  });

  it("places an address_string without lat/long through the geocoder", async () => {
    geocoder.place(-33.44, -70.66, "Moneda 975, Santiago, Chile");
    const res = await postForm("json", { api_key: key, service_code: String(ROBBERY), address_string: "Moneda 975, Santiago", description: "Robo de cartera" });
    expect(res.statusCode).toBe(200);
    const [{ service_request_id }] = res.json() as [{ service_request_id: number }];
    const [row] = await db.query<{ latitude: number; longitude: number; contact: unknown; informer_type: string }>("select latitude, longitude, contact, informer_type from reports where id = $1", [service_request_id]);
    expect(row).toEqual({ latitude: -33.44, longitude: -70.66, contact: null, informer_type: "anonymous" });
  });

  it("accepts a JSON body too", async () => {
    const res = await app.inject({ method: "POST", url: "/open311/v2/requests.json", payload: { api_key: key, service_code: "0", lat: LAT, long: LONG, description: "Desde JSON" } });
    expect(res.statusCode).toBe(200);
  });

  it("answers 400 with a code for what cannot become a report, and creates nothing", async () => {
    const [{ count: before }] = (await db.query<{ count: number }>("select count(*)::int as count from reports where source = 'open311'")) as [{ count: number }];
    const cases: [Record<string, string>, number, string][] = [
      [{ lat: "", long: "", address_string: "" }, 400, "A location is required"],
      [{ long: "", address_string: "" }, 400, "lat and long must be sent together"],
      [{ lat: "", long: "", address_string: "", address_id: "545483" }, 400, "address_id is not supported"],
      [{ lat: "-20.0", long: "-70.1" }, 400, "outside the organisation's zones"],
      [{ lat: "norte" }, 400, "lat"],
      [{ lat: "91" }, 400, "lat"],
      [{ media_url: "javascript:alert(1)" }, 400, "media_url"],
      [{ email: "not-an-email" }, 400, "email"],
      [{ description: "x".repeat(4001) }, 400, "description"],
      [{ service_code: String(STREET_LIGHTS) }, 404, "service_code"],
      [{ service_code: "" }, 400, "service_code"],
    ];
    for (const [change, status, text] of cases) {
      const res = await postForm("json", example(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      const [error] = res.json() as [{ code: number; description: string }];
      expect(error.code).toBe(status);
      expect(error.description).toContain(text);
    }
    const x = await postForm("xml", example({ lat: "norte" }));
    expect(xml(x.body)).toEqual({ errors: { error: { code: "400", description: expect.stringContaining("lat") } } });
    const [{ count: after }] = (await db.query<{ count: number }>("select count(*)::int as count from reports where source = 'open311'")) as [{ count: number }];
    expect(after).toBe(before);
  });

  it("gives a token to an organisation that hears of reports after a delay, and the token its id once delivered", async () => {
    const delayed = (await buildCompany(db)).id;
    await db.query("update companies set has_delay_in_report_notifications = true where id = $1", [delayed]);
    // A type only it attends (the test companies' zones overlap: a robbery would reach them all).
    await db.query("insert into company_report_types (company_id, report_type_id) values ($1, $2)", [delayed, STREET_LIGHTS]);
    const delayedKey = await createKey(await loginAs(app, await buildUser(db, { companyId: delayed, role: "company_admin" })), delayed);
    const services = (await get("services.json", { api_key: delayedKey })).json() as { type: string }[];
    expect(services.map((s) => s.type)).toEqual(["batch"]);
    const res = await postForm("json", { api_key: delayedKey, service_code: String(STREET_LIGHTS), lat: String(LAT), long: String(LONG), description: "Con demora" });
    const [answer] = res.json() as [{ token: string; service_request_id?: number }];
    expect(answer).toEqual({ token: expect.stringMatching(/^[0-9a-f-]{36}$/), service_notice: expect.any(String), account_id: null });
    expect((await get(`tokens/${answer.token}.json`, { api_key: delayedKey })).statusCode).toBe(404);
    // The delivery job opens the attention (what reports.deliverDelayed does when the delay is over).
    const [report] = await db.query<{ id: number }>("select id from reports where uuid = $1", [answer.token]);
    await db.query("insert into report_attentions (company_id, report_id) values ($1, $2)", [delayed, report!.id]);
    const json = await get(`tokens/${answer.token}.json`, { api_key: delayedKey });
    expect(json.json()).toEqual([{ service_request_id: report!.id, token: answer.token }]);
    expect(xml((await get(`tokens/${answer.token}.xml`, { api_key: delayedKey })).body)).toEqual({
      service_requests: { request: { service_request_id: String(report!.id), token: answer.token } },
    });
    // Another organisation's key does not learn it.
    expect((await get(`tokens/${answer.token}.json`, { api_key: otherKey })).statusCode).toBe(404);
  });
});

describe("GET requests", () => {
  let open: { id: number };
  let observed: { id: number };
  let solved: { id: number };
  let notApplicable: { id: number };
  let repeated: { id: number };
  let silent: { id: number };
  let hidden: { id: number };
  let deleted: { id: number };
  let old: { id: number };
  let foreign: { id: number };

  beforeAll(async () => {
    open = await insertReport(companyId, { status: "in_progress", description: "Luminaria apagada" });
    observed = await insertReport(companyId, { status: "in_observation" });
    notApplicable = await insertReport(companyId, { status: "pending" });
    solved = await insertReport(companyId, { status: "pending", type: GRAFFITI, description: "Rayado en el muro" });
    repeated = await insertReport(companyId, { status: "pending", type: GRAFFITI, description: "El mismo rayado" });
    silent = await insertReport(companyId, { status: "pending" });
    hidden = await insertReport(companyId, { private: true, description: "Privado: no debe verse" });
    deleted = await insertReport(companyId, { deleted: true, description: "Borrado por su autor" });
    old = await insertReport(companyId, { createdAt: "2026-01-10T12:00:00Z", description: "Reporte antiguo" });
    foreign = await insertReport(otherCompanyId, { description: "De otra organización" });
    // Closed through the portal: the closing comment becomes status_notes.
    const closings: [{ id: number }, string, Record<string, unknown>][] = [
      [solved, "solved", { comment: "Se pintó el muro." }],
      [notApplicable, "false", { comment: "No corresponde a la municipalidad." }],
      [repeated, "repeated", { repeatedOf: solved.id, comment: "Duplicado: ya se atendió." }],
      [silent, "solved", {}],
    ];
    for (const [r, kind, extra] of closings) {
      expect((await app.inject({ method: "POST", url: `/api/companies/${companyId}/reports/${r.id}/take`, headers: { "access-token": adminToken } })).statusCode).toBe(200);
      const closed = await app.inject({ method: "POST", url: `/api/companies/${companyId}/reports/${r.id}/close`, headers: { "access-token": adminToken }, payload: { kind, ...extra } });
      expect(closed.statusCode).toBe(200);
    }
  });

  it("maps statuses: pending, in progress and in observation are open; solved and not applicable closed, with the closing comment", async () => {
    const res = await get("requests.json", { api_key: key, jurisdiction_id: String(companyId) });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { service_request_id: number; status: string; status_notes: string | null }[];
    const byId = new Map(list.map((r) => [r.service_request_id, r]));
    expect(byId.get(open.id)).toMatchObject({ status: "open", status_notes: null });
    expect(byId.get(observed.id)).toMatchObject({ status: "open" });
    expect(byId.get(solved.id)).toMatchObject({ status: "closed", status_notes: "Se pintó el muro." });
    expect(byId.get(notApplicable.id)).toMatchObject({ status: "closed", status_notes: "No corresponde a la municipalidad." });
    expect(byId.get(repeated.id)).toMatchObject({ status: "closed", status_notes: "Duplicado: ya se atendió." });
    expect(byId.get(silent.id)).toMatchObject({ status: "closed", status_notes: null });
    expect(byId.get(solved.id)).toEqual({
      service_request_id: solved.id,
      status: "closed",
      status_notes: "Se pintó el muro.",
      service_name: "Graffiti",
      service_code: "24",
      description: "Rayado en el muro",
      agency_responsible: "Municipalidad de Prueba",
      service_notice: null,
      requested_datetime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      updated_datetime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      expected_datetime: null,
      address: "Alameda 100, Santiago",
      address_id: null,
      zipcode: null,
      lat: LAT,
      long: LONG,
      media_url: null,
    });
    // Private, deleted, older than 90 days and other organisations' reports are not there.
    for (const r of [hidden, deleted, old, foreign]) expect(byId.has(r.id)).toBe(false);
  });

  it("never shows private reports nor reporters", async () => {
    for (const format of ["json", "xml"]) {
      const text = (await get(`requests.${format}`, { api_key: key })).body;
      for (const secret of ["Reportera", "Secreta", "secreta@vecinos.cl", "+56911112222", "56911112222", "Privado", "Borrado por su autor"]) expect(text).not.toContain(secret);
    }
    expect((await get(`requests/${hidden.id}.json`, { api_key: key })).statusCode).toBe(404);
    expect((await get(`requests/${deleted.id}.json`, { api_key: key })).statusCode).toBe(404);
  });

  it("filters by status, service code and ids (ids overriding the rest)", async () => {
    const ids = (q: Record<string, string>) => get("requests.json", { api_key: key, ...q }).then((r) => (r.json() as { service_request_id: number }[]).map((x) => x.service_request_id));
    const closed = await ids({ status: "closed" });
    expect(closed).toEqual(expect.arrayContaining([solved.id, notApplicable.id]));
    expect(closed).not.toContain(open.id);
    expect(await ids({ status: "open" })).not.toContain(solved.id);
    expect((await ids({ status: "open,closed" })).length).toBeGreaterThanOrEqual(4);
    const graffiti = await get("requests.json", { api_key: key, service_code: "24" }).then((r) => r.json() as { service_request_id: number; service_code: string }[]);
    expect(graffiti.map((r) => r.service_request_id)).toContain(solved.id);
    expect(new Set(graffiti.map((r) => r.service_code))).toEqual(new Set(["24"]));
    expect(await ids({ service_request_id: `${open.id},${old.id},${foreign.id},${hidden.id}`, status: "closed" })).toEqual(expect.arrayContaining([open.id, old.id]));
    expect(await ids({ service_request_id: `${foreign.id},${hidden.id}` })).toEqual([]);
  });

  it("reads a window of at most 90 days", async () => {
    const ids = async (q: Record<string, string>) => ((await get("requests.json", { api_key: key, ...q })).json() as { service_request_id: number }[]).map((x) => x.service_request_id);
    expect(await ids({ start_date: "2026-01-01T00:00:00Z", end_date: "2026-03-31T00:00:00Z" })).toContain(old.id);
    expect(await ids({ start_date: "2026-01-10T06:00:00-05:00", end_date: "2026-01-10T12:00:00Z" })).toContain(old.id);
    expect(await ids({ start_date: "2026-01-01T00:00:00Z" })).toContain(old.id);
    expect(await ids({ end_date: "2026-02-01T00:00:00Z" })).toContain(old.id);
    expect(await ids({ start_date: "2026-01-11T00:00:00Z", end_date: "2026-04-10T00:00:00Z" })).not.toContain(old.id);

    const tooLong = await get("requests.xml", { api_key: key, start_date: "2026-01-01T00:00:00Z", end_date: "2026-04-01T00:00:01Z" });
    expect(tooLong.statusCode).toBe(400);
    expect(xml(tooLong.body)).toEqual({ errors: { error: { code: "400", description: "start_date and end_date may not span more than 90 days." } } });
    const reversed = await get("requests.json", { api_key: key, start_date: "2026-02-01T00:00:00Z", end_date: "2026-01-01T00:00:00Z" });
    expect(reversed.json()).toEqual([{ code: 400, description: "end_date is before start_date." }]);
    for (const date of ["2026-01-01", "2026-01-01T00:00:00", "yesterday", "2026-13-01T00:00:00Z"]) {
      const res = await get("requests.json", { api_key: key, start_date: date });
      expect(res.statusCode, date).toBe(400);
      expect((res.json() as [{ description: string }])[0].description).toContain("start_date");
    }
  });

  it("answers one request in both formats, as the specification's example", async () => {
    const json = await get(`requests/${solved.id}.json`, { api_key: key });
    expect(json.json()).toEqual([expect.objectContaining({ service_request_id: solved.id, status: "closed", status_notes: "Se pintó el muro." })]);
    const x = xml((await get(`requests/${solved.id}.xml`, { api_key: key, jurisdiction_id: String(companyId) })).body) as { service_requests: { request: Record<string, unknown> } };
    expect(x.service_requests.request).toEqual({
      service_request_id: String(solved.id),
      status: "closed",
      status_notes: "Se pintó el muro.",
      service_name: "Graffiti",
      service_code: "24",
      description: "Rayado en el muro",
      agency_responsible: "Municipalidad de Prueba",
      service_notice: {},
      requested_datetime: expect.any(String),
      updated_datetime: expect.any(String),
      expected_datetime: {},
      address: "Alameda 100, Santiago",
      address_id: {},
      zipcode: {},
      lat: String(LAT),
      long: String(LONG),
      media_url: {},
    });
  });

  it("keeps each organisation's key to its own reports", async () => {
    // Another organisation's key: neither its id nor its jurisdiction reads this organisation's requests.
    const res = await get(`requests/${open.id}.json`, { api_key: otherKey });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual([{ code: 404, description: `service_request_id ${open.id} not found.` }]);
    expect((await get(`requests/${open.id}.xml`, { api_key: otherKey, jurisdiction_id: String(companyId) })).statusCode).toBe(404);
    const theirs = (await get("requests.json", { api_key: otherKey })).json() as { service_request_id: number }[];
    expect(theirs.map((r) => r.service_request_id)).toContain(foreign.id);
    expect(theirs.map((r) => r.service_request_id)).not.toContain(open.id);
    for (const path of ["services.json", "requests.json", `requests/${open.id}.json`, `services/0.json`]) {
      expect((await get(path, { api_key: key, jurisdiction_id: String(otherCompanyId) })).statusCode, path).toBe(404);
      // Neither a key nor a jurisdiction: nobody to read for.
      expect((await get(path)).statusCode, path).toBe(400);
    }
  });
});

describe("reads without a key (GeoReport v2 asks for a key on POST only)", () => {
  const setPublicReads = async (on: boolean) => {
    const res = await app.inject({ method: "PUT", url: `/api/companies/${companyId}/settings`, headers: { "access-token": adminToken }, payload: { flags: { publicOpen311Reads: on } } });
    expect(res.statusCode).toBe(200);
  };

  it("serves services and service definitions to anyone naming the jurisdiction", async () => {
    const jurisdiction = { jurisdiction_id: String(companyId) };
    const keyless = await get("services.json", jurisdiction);
    expect(keyless.statusCode).toBe(200);
    expect(keyless.json()).toEqual((await get("services.json", { api_key: key })).json());
    expect((await get(`services/${GRAFFITI}.json`, jurisdiction)).json()).toEqual({ service_code: "24", attributes: [] });
    const none = await get("services.xml");
    expect(none.statusCode).toBe(400);
    expect(xml(none.body)).toEqual({ errors: { error: { code: "400", description: expect.stringContaining("jurisdiction_id is required") } } });
    expect((await get("services.json", { jurisdiction_id: "999999" })).statusCode).toBe(404);
    expect((await get("services.json", { jurisdiction_id: "abc" })).statusCode).toBe(404);
  });

  it("keeps requests behind a key until the organisation turns on public Open311 reads, and the 403 says which", async () => {
    const report = await insertReport(companyId, { description: "Visible sin llave" });
    const secret = await insertReport(companyId, { private: true, description: "Privado" });
    const jurisdiction = { jurisdiction_id: String(companyId) };
    for (const path of ["requests.json", `requests/${report.id}.json`, `tokens/${report.uuid}.json`]) {
      const res = await get(path, jurisdiction);
      expect(res.statusCode, path).toBe(403);
      expect(res.json(), path).toEqual([{ code: 403, description: expect.stringContaining("has not turned on public Open311 reads") }]);
    }
    await setPublicReads(true);
    try {
      const list = await get("requests.json", jurisdiction);
      expect(list.statusCode).toBe(200);
      const ids = (list.json() as { service_request_id: number }[]).map((r) => r.service_request_id);
      expect(ids).toContain(report.id);
      expect(ids).not.toContain(secret.id);
      expect((await get(`requests/${report.id}.json`, jurisdiction)).json()).toEqual([expect.objectContaining({ service_request_id: report.id, description: "Visible sin llave" })]);
      expect((await get(`tokens/${report.uuid}.json`, jurisdiction)).json()).toEqual([{ service_request_id: report.id, token: report.uuid }]);
      // Another organisation's reads stay closed; creating still needs a key.
      expect((await get("requests.json", { jurisdiction_id: String(otherCompanyId) })).statusCode).toBe(403);
      const post = await postForm("json", { jurisdiction_id: String(companyId), service_code: String(ROBBERY), lat: String(LAT), long: String(LONG) });
      expect(post.statusCode).toBe(403);
      expect(post.json()).toEqual([{ code: 403, description: expect.stringContaining("api_key is required") }]);
    } finally {
      await setPublicReads(false);
    }
    expect((await get("requests.json", jurisdiction)).statusCode).toBe(403);
  });

  it("answers any origin: public GETs, a keyed POST and its preflight", async () => {
    const origin = { origin: "https://vecinos.example" };
    const services = await app.inject({ url: open311("services.json", { jurisdiction_id: String(companyId) }), headers: origin });
    expect(services.headers["access-control-allow-origin"]).toBe("*");
    const refused = await app.inject({ url: open311("requests.json", { jurisdiction_id: String(companyId) }), headers: origin });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["access-control-allow-origin"]).toBe("*");
    const preflight = await app.inject({
      method: "OPTIONS",
      url: "/open311/v2/requests.json",
      headers: { ...origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type, idempotency-key" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(String(preflight.headers["access-control-allow-methods"])).toContain("POST");
    expect(String(preflight.headers["access-control-allow-headers"]).toLowerCase()).toContain("idempotency-key");
    const post = await app.inject({
      method: "POST",
      url: "/open311/v2/requests.json",
      headers: { ...origin, "content-type": "application/json" },
      payload: { api_key: key, service_code: String(ROBBERY), lat: LAT, long: LONG, description: "Desde otra web" },
    });
    expect(post.statusCode).toBe(200);
    expect(post.headers["access-control-allow-origin"]).toBe("*");
  });

  it("writes error texts in one language: es, en or fr by Accept-Language, English when none of them", async () => {
    const read = (path: string, query: Record<string, string>, lang?: string) =>
      app.inject({ url: open311(path, query), headers: lang ? { "accept-language": lang } : {} }).then((r) => (r.json() as { description: string }[])[0]!.description);
    // The service's own refusal, the app's validation and an unknown resource alike.
    const notFound = { api_key: key };
    const invalid = { api_key: key, start_date: "yesterday" };
    expect(await read("services/999.json", notFound, "es-CL,es;q=0.9")).toBe("No se encontró el service_code 999.");
    expect(await read("services/999.json", notFound, "fr")).toBe("service_code 999 introuvable.");
    expect(await read("services/999.json", notFound)).toBe("service_code 999 not found.");
    expect(await read("services/999.json", notFound, "de, pt")).toBe("service_code 999 not found.");
    expect(await read("requests.json", invalid, "es")).toMatch(/^Solicitud no válida: start_date/);
    expect(await read("requests.json", invalid, "fr")).toMatch(/^Requête non valide: start_date/);
    expect(await read("requests.json", invalid)).toMatch(/^Invalid request: start_date/);
    expect(await read("nothing.json", {}, "es")).toBe("No existe ese recurso Open311: consulta discovery.json.");
  });
});

describe("malformed input", () => {
  it("answers 400, 403 or 404 with a code in the asked format, never 500", async () => {
    const urls = [
      "requests.json?api_key=KEY&status=everything",
      "requests.json?api_key=KEY&service_request_id=abc",
      "requests.json?api_key=KEY&service_request_id=2147483648",
      "requests.json?api_key=KEY&start_date=%00",
      "requests.xml?api_key=KEY&start_date=%ED%A0%80",
      "requests/%00.json?api_key=KEY",
      "requests/99999999999999999999.json?api_key=KEY",
      "requests/-1.xml?api_key=KEY",
      "requests/1.5.json?api_key=KEY",
      "services/%00.xml?api_key=KEY",
      "tokens/abc.json?api_key=KEY",
      "tokens/%00.xml?api_key=KEY",
      "requests.csv?api_key=KEY",
      "nothing.xml",
      "services.json?api_key=%00",
      "services.json?api_key=KEY&jurisdiction_id=1%20or%201=1",
    ];
    for (const url of urls) {
      const res = await app.inject({ url: `/open311/v2/${url.replace("KEY", key)}` });
      expect([400, 403, 404], url).toContain(res.statusCode);
      const format = url.split("?")[0]!.endsWith(".xml") ? "xml" : "json";
      if (format === "xml") expect(xml(res.body), url).toEqual({ errors: { error: { code: String(res.statusCode), description: expect.any(String) } } });
      else expect(res.json(), url).toEqual([{ code: res.statusCode, description: expect.any(String) }]);
    }
    const bodies = ["texto", "[]", "null", '{"service_code":{"$gt":0}}', '{"service_code":"0","lat":"1e400","long":"0"}', '{"service_code":"0","description":"hola \\ud800"}'];
    for (const payload of bodies) {
      const res = await app.inject({ method: "POST", url: `/open311/v2/requests.json?api_key=${key}`, headers: { "content-type": "application/json" }, payload });
      expect([400, 403, 404], payload).toContain(res.statusCode);
      expect((res.json() as [{ code: number }])[0].code, payload).toBe(res.statusCode);
    }
    const broken = await app.inject({ method: "POST", url: "/open311/v2/requests.xml", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: `api_key=${key}&service_code=0&lat=%ZZ&description=%00` });
    expect(broken.statusCode).toBe(400);
    expect(xml(broken.body)).toEqual({ errors: { error: { code: "400", description: expect.any(String) } } });
  });
});

describe("rate limit", () => {
  it("counts each key's calls: past the limit, 429 with Retry-After in Open311's shape", async () => {
    const limited = await testApp({ OPEN311_REQUESTS_PER_KEY: "2", OPEN311_KEY_WINDOW_SECONDS: "60" });
    try {
      const call = (k: string) => limited.inject({ url: `/open311/v2/services.xml?api_key=${k}` });
      expect((await call(key)).statusCode).toBe(200);
      expect((await call(key)).statusCode).toBe(200);
      const refused = await call(key);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(xml(refused.body)).toEqual({ errors: { error: { code: "429", description: expect.any(String) } } });
      // Another key has its own count.
      expect((await call(otherKey)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
