import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicReport } from "@atalaya/shared";
import { one } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, unique } from "../test/harness.js";
import { approximateArea, publicStatus } from "./public-report.service.js";

let app: FastifyInstance;
let token: string;
let companyId: number;
const SANTIAGO = { latitude: -33.44021, longitude: -70.65416 };

beforeAll(async () => {
  app = await testApp({ SHARED_URL_HOSTS: "www.municipalidad.cl, Atalaya.example.cl" });
  const db = await testDb();
  const company = await buildCompany(db);
  companyId = company.id;
  token = await loginAs(app, await buildUser(db, { companyId, role: "operator" }));
});
afterAll(() => app.close());

const h = { "access-token": "" };

async function appReport(description = unique("Semáforo apagado en la esquina")): Promise<{ id: number; uuid: string }> {
  const res = await app.inject({
    method: "POST",
    url: "/api/app/reports",
    payload: { type: 0, description, ...SANTIAGO, address: "Agustinas 1000, Santiago" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ report: { id: number; uuid: string } }>(res).report;
}

const open = (uuid: string) => app.inject({ method: "GET", url: `/api/public/reports/${uuid}` });
const shares = async (id: number) => (await one<{ n: number }>(await testDb(), "select shares_counter as n from reports where id = $1", [id]))!.n;

describe("GET /api/public/reports/:uuid", () => {
  it("shows anyone, without a session, only what is public, and counts each opening as a share", async () => {
    const r = await appReport("Semáforo apagado en la esquina");
    const res = await open(r.uuid);
    expect(res.statusCode, res.body).toBe(200);
    const report = body<{ report: PublicReport }>(res).report;
    expect(report).toEqual({
      uuid: r.uuid,
      type: 0,
      title: null,
      description: "Semáforo apagado en la esquina",
      status: "received",
      createdAt: expect.any(String),
      timezone: "America/Santiago",
      place: { area: "Agustinas, Santiago", latitude: -33.44, longitude: -70.654 },
    });
    // Nothing of the reporter, the organisations or their work.
    expect(res.body).not.toMatch(/user|company|note|comment|priority|assigned|phone|email/i);
    await open(r.uuid);
    expect(await shares(r.id)).toBe(2);
  });

  it("follows the attending organisations' work: in progress once taken, closed once closed", async () => {
    const r = await appReport();
    const attending = await one<{ company_id: number }>(await testDb(), "select company_id from report_attentions where report_id = $1 limit 1", [r.id]);
    if (attending) {
      await (await testDb()).query("update report_attentions set status = 'in_progress' where report_id = $1", [r.id]);
      expect(body<{ report: PublicReport }>(await open(r.uuid)).report.status).toBe("in_progress");
      await (await testDb()).query("update report_attentions set status = 'solved' where report_id = $1", [r.id]);
      expect(body<{ report: PublicReport }>(await open(r.uuid)).report.status).toBe("closed");
    }
  });

  it("404 for a private report, one its author deleted, or an unknown uuid (and counts nothing); 400 for a malformed uuid", async () => {
    const db = await testDb();
    const privateOne = await appReport();
    await db.query(
      `insert into report_attentions (company_id, report_id, is_private) values ($1, $2, true)
       on conflict (company_id, report_id) do update set is_private = true`,
      [companyId, privateOne.id],
    );
    const deleted = await appReport();
    await db.query("update reports set deleted_at = now(), deleted_by = 'author' where id = $1", [deleted.id]);
    for (const uuid of [privateOne.uuid, deleted.uuid, "00000000-0000-4000-8000-000000000000"]) {
      const res = await open(uuid);
      expect(res.statusCode, uuid).toBe(404);
      expect(body<{ error: { code: string } }>(res).error.code).toBe("notFound");
    }
    expect(await shares(privateOne.id)).toBe(0);
    expect(await shares(deleted.id)).toBe(0);
    for (const bad of ["abc", "1", "00000000-0000-4000-8000-00000000000%0A"]) expect((await open(bad)).statusCode, bad).toBe(400);
  });

  it("needs no token, and a signed-in caller sees the same", async () => {
    const r = await appReport();
    h["access-token"] = token;
    const signedIn = await app.inject({ method: "GET", url: `/api/public/reports/${r.uuid}`, headers: h });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe("GET /api/public/shared-url-hosts", () => {
  it("lists SHARED_URL_HOSTS in lower case, without a session", async () => {
    const res = await app.inject({ method: "GET", url: "/api/public/shared-url-hosts" });
    expect(body(res)).toEqual({ success: true, hosts: ["www.municipalidad.cl", "atalaya.example.cl"] });
  });
});

describe("public page helpers", () => {
  it("keeps the street and commune of an address, not the house number", () => {
    expect(approximateArea("Agustinas 1000, Santiago")).toBe("Agustinas, Santiago");
    expect(approximateArea("Av. Providencia 1234-B, Providencia, Región Metropolitana")).toBe("Av. Providencia, Providencia, Región Metropolitana");
    expect(approximateArea("Calle 5 Norte Nº 321, Viña del Mar")).toBe("Calle 5 Norte, Viña del Mar");
    expect(approximateArea("Pasaje Los Aromos #45, Maipú")).toBe("Pasaje Los Aromos, Maipú");
    expect(approximateArea("1000")).toBeNull();
    expect(approximateArea(null)).toBeNull();
  });

  it("tells received, in progress and closed over every attending organisation", () => {
    expect(publicStatus([])).toBe("received");
    expect(publicStatus(["pending", "in_observation"])).toBe("in_progress");
    expect(publicStatus(["in_progress", "false"])).toBe("closed");
  });
});
