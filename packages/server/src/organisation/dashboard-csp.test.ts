import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";
import { dashboardFrameOrigins, FRAME_ORIGINS_TTL_MS } from "./dashboard-origins.js";

let app: FastifyInstance;
let webDir: string;
let adminA: string;
let adminB: string;
let companyA: number;
let companyB: number;
const tag = `${process.pid}-${Date.now().toString(36)}`;
const A = `https://a-${tag}.example.cl`;
const B = `https://b-${tag}.example.cl`;
const LOCAL = `http://127.0.0.1:${40000 + (process.pid % 20000)}`;

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), "atalaya-web-"));
  await writeFile(join(webDir, "index.html"), "<!doctype html><title>Atalaya</title>");
  app = await testApp({ WEB_DIST_DIR: webDir });
  const db = await testDb();
  companyA = (await buildCompany(db)).id;
  companyB = (await buildCompany(db)).id;
  adminA = await loginAs(app, await buildUser(db, { companyId: companyA, role: "company_admin" }));
  adminB = await loginAs(app, await buildUser(db, { companyId: companyB, role: "company_admin" }));
});
afterAll(async () => {
  await app.close();
  await rm(webDir, { recursive: true, force: true });
});

const frameSrc = (header: unknown): string[] =>
  String(header).split(";").map((d) => d.trim().split(/\s+/)).find((d) => d[0] === "frame-src")!.slice(1);

async function pageFrames(path = "/v3/custom-dashboards/1"): Promise<string[]> {
  const res = await app.inject({ method: "GET", url: path });
  expect(res.statusCode).toBe(200);
  return frameSrc(res.headers["content-security-policy"]);
}

async function addDashboard(token: string, cid: number, link: string): Promise<number> {
  const res = await app.inject({ method: "POST", url: `/api/companies/${cid}/dashboards`, headers: { "access-token": token }, payload: { name: "Panel", link } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ dashboard: { id: number } }>(res).dashboard.id;
}

const ours = (frames: string[]) => frames.filter((o) => [A, B, LOCAL].includes(o));

describe("the portal page's CSP frame-src", () => {
  it("lists exactly the stored dashboards' origins (each once, no paths) and follows creates and deletes at once", async () => {
    const a1 = await addDashboard(adminA, companyA, `${A}/embed/1?x=1`);
    const a2 = await addDashboard(adminA, companyA, `${A}/otro`);
    const local = await addDashboard(adminA, companyA, `${LOCAL}/panel.html`);
    const b = await addDashboard(adminB, companyB, `${B}/x`);
    const frames = await pageFrames();
    expect(ours(frames).sort()).toEqual([A, B, LOCAL].sort());
    // Nothing but stored origins: every entry is the origin of some dashboard in the database.
    const stored = (await (await testDb()).query<{ origin: string }>("select distinct origin from custom_dashboards")).map((r) => r.origin);
    expect(frames.every((o) => stored.includes(o))).toBe(true);
    expect(new Set(frames).size).toBe(frames.length);
    expect(await pageFrames("/")).toEqual(frames);

    const del = (token: string, cid: number, id: number) => app.inject({ method: "DELETE", url: `/api/companies/${cid}/dashboards/${id}`, headers: { "access-token": token } });
    expect((await del(adminB, companyB, b)).statusCode).toBe(200);
    expect((await del(adminA, companyA, a1)).statusCode).toBe(200);
    // A's other dashboard still links to its origin; B's is gone.
    expect(ours(await pageFrames()).sort()).toEqual([A, LOCAL].sort());
    const moved = await app.inject({ method: "PUT", url: `/api/companies/${companyA}/dashboards/${local}`, headers: { "access-token": adminA }, payload: { name: "Panel", link: `${B}/nuevo` } });
    expect(moved.statusCode).toBe(200);
    expect(ours(await pageFrames()).sort()).toEqual([A, B].sort());
    expect((await del(adminA, companyA, a2)).statusCode).toBe(200);
    expect((await del(adminA, companyA, local)).statusCode).toBe(200);
    expect(ours(await pageFrames())).toEqual([]);
  });

  it("API answers frame nothing", async () => {
    await addDashboard(adminA, companyA, `${A}/api-check`);
    const res = await app.inject({ method: "GET", url: "/api/settings" });
    expect(frameSrc(res.headers["content-security-policy"])).toEqual(["'none'"]);
  });
});

describe("across processes", () => {
  it("a process reads the origins from the database and keeps them at most the TTL", async () => {
    const db = await testDb();
    const t0 = Date.now() + 60_000;
    const before = await dashboardFrameOrigins(db, t0);
    const other = `https://other-process-${tag}.example.cl`;
    // Another process's write: straight to the database, this process's cache not told.
    await db.query("insert into custom_dashboards (company_id, name, link, origin) values ($1, 'Otro', $2, $2)", [companyB, other]);
    expect(await dashboardFrameOrigins(db, t0 + FRAME_ORIGINS_TTL_MS - 1)).toEqual(before);
    expect(await dashboardFrameOrigins(db, t0 + FRAME_ORIGINS_TTL_MS)).toContain(other);
    await db.query("delete from custom_dashboards where origin = $1", [other]);
  });
});
