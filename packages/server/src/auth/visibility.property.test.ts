import type { CompanyRole } from "@atalaya/shared";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db, Tx } from "../db/db.js";
import { insertReports, type NewReport } from "../reports/intake.repository.js";
import { buildCompany, buildUser, testDb } from "../test/harness.js";
import { insertZone } from "../zones/zone.repository.js";
import { systemScope } from "./access.js";
import { companiesSeeingReport, reportIdsVisibleIn, restrictionWhere } from "./access.repository.js";
import { loadRestrictions, maySee, type ReportAudience, type Restrictions } from "./restrictions.js";

// One rule, two implementations. Who may see a report (SPEC §6: zones, report types, only-assigned) is
// decided in SQL for every read (restrictionWhere, and MEMBER_MAY_SEE from a membership row) and in
// JavaScript for the live stream (maySee, on the facts an event carries). If they drift apart, a user's
// lists say one thing and their live stream another: a report they may not read pushed to them, or one
// they may read never arriving. This property test asks both, for random restrictions (and random report
// facts), and fails on the first report they disagree about.

const NUM_RUNS = 100;

let db: Db;
let companyId: number;
/** The company's zones: reports of the fixed world are in the first three, none in the last. */
let zones: number[];
/** Report types of the catalogue: the fixed world's reports are of the first three. */
let types: number[];
/** Members of the company (operators): reports of the fixed world are assigned to the first two or nobody. */
let users: number[];
/** The fixed world's reports and their facts, by report id. */
const world = new Map<number, ReportAudience>();

/** Inserts reports with these facts, each attended by the company (through the intake's own insert for
 * the reports; an attention is written by routing, so here directly, as restricted.test.ts does). */
async function insertWorld(tx: Tx, facts: readonly ReportAudience[]): Promise<Map<number, ReportAudience>> {
  const report = (typeId: number): NewReport => ({
    typeId,
    description: "Reporte de prueba",
    latitude: -33.45,
    longitude: -70.65,
    address: null,
    userId: null,
    isAnonymous: true,
    createdByCompanyId: companyId,
    informerType: "operator",
    contact: null,
    source: "visibility-test",
    clientId: null,
    media: [],
  });
  const inserted = await insertReports(tx, facts.map((f) => report(f.typeId)));
  const rows = facts.map((f, i) => ({ report_id: inserted[i]!.id, zone_ids: f.zoneIds, assigned_user_id: f.assignedUserId }));
  await tx.query(
    `insert into report_attentions (company_id, report_id, zone_ids, assigned_user_id)
     select $1, f.report_id, f.zone_ids, f.assigned_user_id from jsonb_to_recordset($2::jsonb) as f(report_id int, zone_ids int[], assigned_user_id int)`,
    [companyId, JSON.stringify(rows)],
  );
  return new Map(rows.map((r, i) => [r.report_id, facts[i]!]));
}

/** The statement every tenant read of reports is built on, with the restriction fragment under test. */
async function sqlVisible(tx: Tx, r: Restrictions): Promise<number[]> {
  const params: unknown[] = [companyId];
  const rows = await tx.query<{ report_id: number }>(
    `select a.report_id from report_attentions a join reports r on r.id = a.report_id where a.company_id = $1${restrictionWhere(r, params)}`,
    params,
  );
  return sorted(rows.map((row) => row.report_id));
}

/** The reports of `facts` that maySee lets through. */
const jsVisible = (facts: ReadonlyMap<number, ReportAudience>, r: Restrictions) => sorted([...facts].filter(([, f]) => maySee(r, f)).map(([id]) => id));

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** An open transaction as the Db the repository functions take (they only run statements on it). */
function inTransaction(tx: Tx): Db {
  const refuse = () => Promise.reject(new Error("not inside the test's transaction"));
  return { kind: db.kind, query: (sql, params) => tx.query(sql, params), exec: (sql) => tx.exec(sql), transaction: refuse, ping: refuse, close: refuse };
}

class Rollback extends Error {}
/** Runs fn in a transaction that is then rolled back, so each run's reports and settings vanish. */
async function rolledBack(fn: (tx: Tx) => Promise<void>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await fn(tx);
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
}

// Arbitraries over the world built in beforeAll (so made inside the tests).
const restrictionsArb = (): fc.Arbitrary<Restrictions> =>
  fc.record({
    zoneIds: fc.subarray(zones),
    reportTypeIds: fc.subarray(types),
    onlyAssignedTo: fc.option(fc.constantFrom(...users), { nil: null }),
  });
const factsArb = (): fc.Arbitrary<ReportAudience> =>
  fc.record({
    zoneIds: fc.subarray(zones),
    typeId: fc.constantFrom(...types),
    assignedUserId: fc.option(fc.constantFrom(...users), { nil: null }),
  });

beforeAll(async () => {
  db = await testDb();
  const company = await buildCompany(db);
  companyId = company.id;
  zones = [company.zoneId];
  for (const name of ["Norte", "Sur", "Oriente"]) {
    const ring: [number, number][] = [[-70.7, -33.4], [-70.6, -33.4], [-70.6, -33.3], [-70.7, -33.3], [-70.7, -33.4]];
    zones.push(await insertZone(db, systemScope(companyId), { name, polygon: { type: "Polygon", coordinates: [ring] }, fill_color: "#F54286", stroke_color: "#F54286" }));
  }
  types = (await db.query<{ id: number }>("select id from report_types order by id limit 4")).map((t) => t.id);
  users = [];
  for (let i = 0; i < 3; i++) users.push((await buildUser(db, { companyId, role: "operator" })).id);
  expect(types).toHaveLength(4);

  // Every combination of: no zone, one, another, two, three; three types; unassigned or one of two users.
  const zoneSets = [[], [zones[0]!], [zones[1]!], [zones[0]!, zones[2]!], [zones[0]!, zones[1]!, zones[2]!]];
  const facts: ReportAudience[] = [];
  for (const zoneIds of zoneSets)
    for (const typeId of types.slice(0, 3))
      for (const assignedUserId of [null, users[0]!, users[1]!]) facts.push({ zoneIds, typeId, assignedUserId });
  for (const [id, f] of await insertWorld(db, facts)) world.set(id, f);
});

describe("who may see a report: the SQL of the reads and maySee of the live stream", () => {
  it("restrictionWhere keeps exactly the reports of the fixed world that maySee lets through", async () => {
    await fc.assert(
      fc.asyncProperty(restrictionsArb(), async (r) => {
        const expected = jsVisible(world, r);
        expect(await sqlVisible(db, r)).toEqual(expected);
        expect(sorted(await reportIdsVisibleIn(db, companyId, r, [...world.keys()]))).toEqual(expected);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it("agree on reports with random facts too", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(factsArb(), { minLength: 1, maxLength: 8 }), restrictionsArb(), async (facts, r) => {
        await rolledBack(async (tx) => {
          const added = await insertWorld(tx, facts);
          // The whole company: the fixed world and this run's reports.
          expect(await sqlVisible(tx, r)).toEqual(jsVisible(new Map([...world, ...added]), r));
          expect(sorted(await reportIdsVisibleIn(inTransaction(tx), companyId, r, [...added.keys()]))).toEqual(jsVisible(added, r));
        });
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it("MEMBER_MAY_SEE (the membership's own rule, companiesSeeingReport) agrees with maySee on the member's restrictions", async () => {
    const membershipArb = fc.record({
      user: fc.constantFrom(...users),
      role: fc.constantFrom<CompanyRole>("company_admin", "operator", "patrol"),
      zoneIds: fc.subarray(zones),
      reportTypeIds: fc.subarray(types),
      onlyAssignedReports: fc.option(fc.boolean(), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(factsArb(), { minLength: 1, maxLength: 6 }), membershipArb, async (facts, m) => {
        await rolledBack(async (tx) => {
          const added = await insertWorld(tx, facts);
          await tx.query("update memberships set role = $3, zone_ids = $4, report_type_ids = $5 where company_id = $1 and user_id = $2", [
            companyId,
            m.user,
            m.role,
            m.zoneIds,
            m.reportTypeIds,
          ]);
          await tx.query(
            `update users set settings = case when $2::boolean is null then settings - 'onlyAssignedReports'
                                              else settings || jsonb_build_object('onlyAssignedReports', $2::boolean) end
              where id = $1`,
            [m.user, m.onlyAssignedReports ?? null],
          );
          const asDb = inTransaction(tx);
          // The restrictions the live stream would hold for this member, read as it reads them.
          const r = (await loadRestrictions(asDb, companyId, m.user))!;
          const bySql: number[] = [];
          for (const id of added.keys()) if ((await companiesSeeingReport(asDb, m.user, id)).some((c) => c.company_id === companyId)) bySql.push(id);
          expect(sorted(bySql)).toEqual(jsVisible(added, r));
          expect(sorted(await reportIdsVisibleIn(asDb, companyId, r, [...added.keys()]))).toEqual(jsVisible(added, r));
        });
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
