import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { RealtimeMessage } from "@atalaya/shared";
import { one } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, TEST_PASSWORD, type TestUser } from "./harness.js";

export const ROBBERY = 0;
export const h = (token: string) => ({ "access-token": token });

/** Signs a community user in through the reporter API. */
export async function appLoginAs(app: FastifyInstance, user: TestUser): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/app/login", payload: { email: user.email, password: TEST_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`app login failed: ${res.body}`);
  return body<{ user: { access_token: string } }>(res).user.access_token;
}

/** Two companies attending the same community reports (A, B), one that attends none (C), their
 * operators, community users, and an app writing files to its own temporary data directory. */
export async function interactionWorld(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), "atalaya-files-"));
  const app = await testApp({ ATALAYA_DATA_DIR: dataDir, ...env });
  const db = await testDb();
  const companyA = (await buildCompany(db)).id;
  const companyB = (await buildCompany(db)).id;
  const companyC = (await buildCompany(db)).id;
  // A small zone of their own, at a spot no other test uses: reports made here reach A and B only, and
  // other test files' reports (central Santiago) do not disturb these tests' events.
  const here = { latitude: -24 - Math.random() * 2, longitude: -69.5 + Math.random() };
  const d = 0.001;
  const ring = [[here.longitude - d, here.latitude - d], [here.longitude + d, here.latitude - d], [here.longitude + d, here.latitude + d], [here.longitude - d, here.latitude + d]];
  for (const cid of [companyA, companyB]) {
    await db.query("insert into company_report_types (company_id, report_type_id) values ($1, $2)", [cid, ROBBERY]);
    await db.query("insert into zones (company_id, name, geojson, area) values ($1, 'Pampa', $2, $3::polygon)", [
      cid,
      JSON.stringify({ type: "Polygon", coordinates: [[...ring, ring[0]]] }),
      `(${ring.map(([x, y]) => `(${x},${y})`).join(",")})`,
    ]);
  }
  const opA = await buildUser(db, { companyId: companyA });
  const opA2 = await buildUser(db, { companyId: companyA });
  const opB = await buildUser(db, { companyId: companyB });
  const opC = await buildUser(db, { companyId: companyC });
  const author = await buildUser(db);
  const community = await Promise.all([1, 2, 3, 4].map(() => buildUser(db)));
  const tokens = {
    opA: await loginAs(app, opA),
    opA2: await loginAs(app, opA2),
    opB: await loginAs(app, opB),
    opC: await loginAs(app, opC),
    author: await appLoginAs(app, author),
    community: await Promise.all(community.map((u) => appLoginAs(app, u))),
  };

  /** A community report by the author (or anonymous), attended by A and B. */
  async function communityReport(token: string | null = tokens.author): Promise<{ id: number; uuid: string }> {
    const res = await app.inject({
      method: "POST",
      url: "/api/app/reports",
      ...(token ? { headers: h(token) } : {}),
      payload: { type: ROBBERY, description: "Robo de bicicleta", ...here },
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = body<{ report: { id: number; uuid: string }; companies: number[] }>(res);
    expect(b.companies).toEqual([companyA, companyB]);
    return b.report;
  }

  /** A report company A created for a caller: only A attends it. */
  async function companyReport(): Promise<{ id: number; uuid: string }> {
    const res = await app.inject({
      method: "POST",
      url: `/api/companies/${companyA}/reports`,
      headers: h(tokens.opA),
      payload: { type: ROBBERY, description: "Llamada", ...here, informerType: "anonymous" },
    });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ report: { id: number; uuid: string } }>(res).report;
  }

  /** The company's latest event sequence number. */
  const lastSeq = async (companyId: number) =>
    (await one<{ last_seq: number }>(db, "select last_seq from company_event_seq where company_id = $1", [companyId]))?.last_seq ?? 0;

  /** Events about one report stored for the company after seq. */
  const eventsAfter = async (companyId: number, seq: number, reportId: number) =>
    db.query<Pick<RealtimeMessage, "type" | "data">>(
      `select type, data from events where company_id = $1 and seq > $2
          and coalesce(data->>'reportId', data->'report'->>'id') = $3::text order by seq`,
      [companyId, seq, reportId],
    );

  /** Names of the files on disk. */
  // Stored files only: uploads in progress live in files/.incoming (upload-stream.test.ts checks it empties).
  const filesOnDisk = async () => (await readdir(join(dataDir, "files")).catch(() => [] as string[])).filter((n) => n !== ".incoming").sort();

  const activity = async (companyId: number, reportId: number) =>
    (await db.query<{ action: string }>("select action from activity_log where company_id = $1 and report_id = $2 order by id", [companyId, reportId])).map(
      (r) => r.action,
    );

  async function close(): Promise<void> {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  return {
    app, db, dataDir, here, companyA, companyB, companyC, opA, opA2, opB, opC, author, community, tokens,
    communityReport, companyReport, lastSeq, eventsAfter, filesOnDisk, activity, close,
  };
}
export type World = Awaited<ReturnType<typeof interactionWorld>>;
