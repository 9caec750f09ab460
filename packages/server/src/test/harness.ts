import { MODULES } from "@atalaya/shared";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../app.js";
import { hashPassword } from "../auth/password-hash.js";
import { loadConfig } from "../config.js";
import { one, type Db } from "../db/db.js";
import { redisPrefixOf } from "../db/deployment.js";
import { memoryBus, redisBus, type EventBus } from "../realtime/bus.js";
import { createTestDatabase, openTestPostgres } from "./test-database.js";

let worker: Promise<{ url: string; db: Db }> | undefined;

/** This worker's own database, made on first use: a copy of the run's migrated template (global-setup.ts)
 * with its own deployment id, so its apps publish on their own Redis prefix (company ids repeat across
 * the copies). Made here, not numbered by the worker's pool id, which is not unique to the server's
 * workers when Vitest runs every project. Dropped by the run's teardown. */
function workerDatabase(): Promise<{ url: string; db: Db }> {
  worker ??= (async () => {
    const created = await createTestDatabase(inject("testServerUrl"), inject("testTemplateDatabase"), inject("testRunId"));
    const db = await openTestPostgres(created.url, 4);
    await db.query("update deployment set uuid = gen_random_uuid()");
    return { url: created.url, db };
  })();
  return worker;
}

/** The URL of this worker's test database. */
export async function testDatabaseUrl(): Promise<string> {
  return (await workerDatabase()).url;
}

/** The worker's database: opened once, shared by every test file of the worker. openTestPostgres refuses
 * any database whose name does not end in _test, so no test can reach one it does not own. */
export async function testDb(): Promise<Db> {
  return (await workerDatabase()).db;
}

/** A database of the calling test file's own, a copy of the run's migrated one (or an empty one:
 * `{ empty: true }`), for a test that fills tables beyond what the worker's other files should see (the
 * plan tests' generated reports, the demo seed); close and drop it in afterAll. */
export async function ownTestDatabase({ empty = false } = {}): Promise<{ db: Db; drop(): Promise<void> }> {
  const created = await createTestDatabase(inject("testServerUrl"), empty ? undefined : inject("testTemplateDatabase"), inject("testRunId"));
  const db = await openTestPostgres(created.url, 4);
  return {
    db,
    async drop() {
      await db.close();
      await created.drop();
    },
  };
}

let sharedMemoryBus: EventBus | undefined;
/** A bus like production's: a Redis connection per app when TEST_REDIS_URL is set, else one in-process
 * bus shared by the worker's apps (so two apps stand for two processes either way). */
export async function testBus(): Promise<EventBus> {
  const url = process.env.TEST_REDIS_URL;
  // The prefix the apps on the test database derive, so a test's apps hear each other as processes do.
  if (url) return redisBus(url, () => undefined, { prefix: await redisPrefixOf(await testDb(), undefined) });
  return (sharedMemoryBus ??= memoryBus());
}

export const TEST_ORIGIN = "http://portal.test";

// The smallest argon2id cost (8 KiB, one pass, one lane) for every hash the tests make or verify: the test
// users', passwords set through the API and the login's dummy hash. At the production cost (64 MiB, 3
// passes, 4 lanes) a verification is a quarter of a second of CPU on CI's two cores; 20 failed logins
// took 48 s.
export const TEST_PASSWORD_COST_ENV = { ARGON2_MEMORY_KIB: "8", ARGON2_PASSES: "1", ARGON2_PARALLELISM: "1" } as const;

/** A full application on the shared test database (or on `db`); close it in afterAll. */
export async function testApp(env: Record<string, string> = {}, db?: Db): Promise<FastifyInstance> {
  // Tests send many reports from one address in a moment: the intake and error-report limits are their rate-limit tests'.
  const config = loadConfig({
    LOG_LEVEL: "silent",
    PUBLIC_URL: TEST_ORIGIN,
    WEB_DIST_DIR: "/nonexistent",
    APP_REPORTS_PER_ADDRESS: "1000000",
    APP_REPORTS_PER_REPORTER: "1000000",
    CLIENT_ERRORS_PER_ADDRESS: "1000000",
    CLIENT_ERRORS_PER_USER: "1000000",
    // Every test user would get a summary e-mail; summaries/ tests run the job themselves.
    SUMMARY_MAILS: "off",
    ...TEST_PASSWORD_COST_ENV,
    ...env,
  });
  const bus = await testBus();
  const app = await buildApp(config, { db: db ?? (await testDb()), bus });
  if (bus.kind === "redis") app.addHook("onClose", () => bus.close());
  return app;
}

export const TEST_PASSWORD = "Secreta-2026";
// The test users' hash, at the tests' cost (a verification reads its cost from the hash).
const testPasswordHash = () => hashPassword(TEST_PASSWORD, loadConfig(TEST_PASSWORD_COST_ENV).passwordCost);
let passwordHash: Promise<string> | undefined;
let counter = 0;
/** A name no other test (or parallel worker) uses. */
export const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}`;

/** Creates a company with a zone around central Santiago. */
export async function buildCompany(
  db: Db,
  overrides: { name?: string; isFreemium?: boolean; isObserver?: boolean; modules?: readonly string[] } = {},
): Promise<{ id: number; zoneId: number }> {
  // Every module unless told otherwise: a test of a feature should not trip over its module guard.
  const row = await one<{ id: number }>(
    db,
    "insert into companies (name, bound_latitude, bound_longitude, is_freemium, is_observer, modules) values ($1, -33.44, -70.65, $2, $3, $4) returning id",
    [overrides.name ?? unique("Company"), overrides.isFreemium ?? false, overrides.isObserver ?? false, overrides.modules ?? [...MODULES]],
  );
  const zone = await one<{ id: number }>(
    db,
    `insert into zones (company_id, name, geojson, area) values ($1, 'Centro', $2, $3::polygon) returning id`,
    [
      row!.id,
      JSON.stringify({ type: "Polygon", coordinates: [[[-70.7, -33.5], [-70.6, -33.5], [-70.6, -33.4], [-70.7, -33.4], [-70.7, -33.5]]] }),
      "((-70.7,-33.5),(-70.6,-33.5),(-70.6,-33.4),(-70.7,-33.4))",
    ],
  );
  return { id: row!.id, zoneId: zone!.id };
}

export interface TestUser {
  id: number;
  uuid: string;
  email: string;
}

/** Creates a user, member of companyId with role when given. */
export async function buildUser(
  db: Db,
  opts: { companyId?: number; role?: "company_admin" | "operator" | "patrol"; groups?: number[]; locked?: boolean } = {},
): Promise<TestUser> {
  passwordHash ??= testPasswordHash();
  const email = `${unique("user")}@test.cl`;
  const user = await one<{ id: number; uuid: string }>(
    db,
    `insert into users (email, password_hash, first_name, last_name, groups, locked)
     values ($1, $2, 'Test', 'User', $3, $4) returning id, uuid::text as uuid`,
    [email, await passwordHash, opts.groups ?? [3], opts.locked ?? false],
  );
  if (opts.companyId)
    await db.query("insert into memberships (company_id, user_id, role) values ($1, $2, $3)", [
      opts.companyId,
      user!.id,
      opts.role ?? "operator",
    ]);
  return { id: user!.id, uuid: user!.uuid, email };
}

/** Signs the user in through the API and returns the access token. */
export async function loginAs(app: FastifyInstance, user: TestUser): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/login", payload: { email: user.email, password: TEST_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return (res.json() as { user: { access_token: string } }).user.access_token;
}

/** Parsed JSON body of a response. */
export const body = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;
