import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../catalogue/catalogue.seed.js";
import { loadConfig } from "../config.js";
import type { Db } from "../db/db.js";
import { migrate } from "../db/migrate.js";
import { ownTestDatabase, TEST_PASSWORD_COST_ENV } from "../test/harness.js";
import { REPORT_TYPES, submissionBodySchemaFor, type FormComponent } from "@atalaya/shared";
import { DESCRIPTIONS_BY_TYPE, describe as describeReport, seededRandom } from "./demo-data.js";
import { seedDemo } from "./demo.seed.js";

// The demo seed only seeds an empty database: it runs on one of its own, migrated from empty, which this
// file creates on the run's PostgreSQL server and drops. One migration and one seed, which every case
// below reads.
let db: Db;
let dropDatabase: () => Promise<void>;
let applied: string[];
let appliedAgain: string[];
let seeded: boolean[];

beforeAll(async () => {
  const own = await ownTestDatabase({ empty: true });
  db = own.db;
  dropDatabase = () => own.drop();
  applied = await migrate(db);
  appliedAgain = await migrate(db);
  await seedCatalogue(db);
  await seedCatalogue(db);
  const cost = loadConfig(TEST_PASSWORD_COST_ENV).passwordCost;
  seeded = [await seedDemo(db, cost), await seedDemo(db, cost)];
});
afterAll(() => dropDatabase?.());

describe("demo seed", () => {
  it("follows every migration, in order, once", () => {
    expect(applied[0]).toBe("001_foundation.sql");
    expect(applied).toEqual([...applied].sort());
    expect(appliedAgain).toEqual([]);
  });

  it("seeds the demo organisation once", () => {
    expect(seeded).toEqual([true, false]);
  });

  it("seeds its companies, zones, teams, tags and a month of reports of many types", async () => {
    const [counts] = await db.query<Record<string, number>>(`select
      (select count(*)::int from companies) as companies,
      (select count(*)::int from zones z join companies c on c.id = z.company_id where c.name like 'Municipalidad%') as zones,
      (select count(*)::int from teams) as teams,
      (select count(*)::int from tags) as tags,
      (select count(*)::int from reports) as reports,
      (select count(distinct status)::int from report_attentions) as statuses,
      (select count(distinct type_id)::int from reports) as types,
      (select count(*)::int from report_types) as catalogue,
      (select count(*)::int from reports where created_at < now() - interval '31 days') as too_old`);
    expect(counts).toMatchObject({ companies: 3, zones: 2, teams: 3, reports: 302, statuses: 5, catalogue: 40, too_old: 0 });
    expect(counts!.tags).toBeGreaterThan(0);
    expect(counts!.types).toBeGreaterThan(15);
  });

  it("seeds dynamic forms whose answers pass their template's check, and the robbery procedure", async () => {
    // Dynamic forms (issue 16): two templates (one creating reports of a type) with answers that pass their
    // template's check, and the procedure robbery reports follow (their detail's form tab).
    const forms = await db.query<{ title: string; report_type_id: number | null; components: FormComponent[]; n: number }>(
      `select v.title, v.report_type_id, v.components, (select count(*)::int from form_submissions s where s.template_id = v.template_id) as n
         from form_template_versions v order by v.template_id`,
    );
    expect(forms.map((f) => [f.title, f.report_type_id])).toEqual([["Checklist de inspección de luminarias", null], ["Reporte de microbasural", 21], ["Procedimiento por robo", null]]);
    expect(forms.slice(0, 2).every((f) => f.n >= 2)).toBe(true);
    const workflows = await db.query<{ type: number; title: string }>(
      `select w.report_type_id as type, v.title from report_type_workflows w join form_template_versions v on v.template_id = w.template_id`,
    );
    expect(workflows).toEqual([{ type: 0, title: "Procedimiento por robo" }]);
    const selectors = new Map((await db.query<{ id: number; items: { name: string }[] }>("select id, items from selector_lists")).map((r) => [r.id, r.items.map((i) => i.name)]));
    for (const s of await db.query<{ values: Record<string, unknown>; components: FormComponent[] }>(`select s."values", v.components from form_submissions s join form_template_versions v on v.template_id = s.template_id and v.version = s.version`)) {
      expect(submissionBodySchemaFor(s.components, selectors).safeParse({ values: s.values }).success).toBe(true);
    }
  });

  it("seeds activities with a compliance history of every state but in progress", async () => {
    // Activities (issue 16): two scheduled on those forms.
    const compliance = await db.query<{ name: string; state: string }>(`select distinct a.name, c.state from activity_compliance c join activities a on a.id = c.activity_id order by 1, 2`);
    expect(compliance.map((c) => `${c.name}:${c.state}`)).toEqual(expect.arrayContaining(["Ronda diaria de luminarias:completed", "Ronda diaria de luminarias:overdue", "Ronda diaria de luminarias:pending", "Control semanal de microbasurales:completed"]));
  });

  it("puts every report inside a zone of the companies attending it, two more in the review queue", async () => {
    const outside = await db.query(
      `select r.id from reports r join report_attentions a on a.report_id = r.id
        where not exists (select 1 from zones z where z.company_id = a.company_id and z.area @> point(r.longitude, r.latitude))`,
    );
    expect(outside).toEqual([]);
    // Two more reports wait in the review queue (issue 17), attended by no company yet.
    expect((await db.query("select 1 from report_reviews where state = 'pending'")).length).toBe(2);
  });

  it("seeds the portal's sign-ins, one of them restricted to a zone and two report types", async () => {
    const logins = await db.query<{ email: string }>("select email from users where email like '%@demo.cl' and groups && '{1,2,3}' order by email");
    expect(logins.map((u) => u.email)).toEqual(["admin@demo.cl", "operador@demo.cl", "operadora@demo.cl", "proveedor@demo.cl", "vecinos@demo.cl", "zona@demo.cl"]);
    // The restricted operator: one zone (Lastarria) and two report types, with reports to see in them.
    const [zona] = await db.query<{ zone_ids: number[]; report_type_ids: number[]; visible: number }>(
      `select m.zone_ids, m.report_type_ids,
              (select count(*)::int from report_attentions a join reports r on r.id = a.report_id
                where a.company_id = m.company_id and a.zone_ids && m.zone_ids and r.type_id = any(m.report_type_ids)) as visible
         from memberships m join users u on u.id = m.user_id where u.email = 'zona@demo.cl'`,
    );
    expect(zona!.zone_ids).toHaveLength(1);
    expect(zona!.report_type_ids).toEqual([0, 11]);
    expect(zona!.visible).toBeGreaterThan(0);
  });
});

describe("demo descriptions", () => {
  it("every report type has its own, and a report of a type gets one of them", () => {
    const rnd = seededRandom(7);
    for (const type of REPORT_TYPES) {
      const texts = DESCRIPTIONS_BY_TYPE[type.id];
      expect(texts?.length, `type ${type.id}`).toBeGreaterThanOrEqual(2);
      expect(texts).toContain(describeReport(type.id, rnd));
    }
    const all = Object.values(DESCRIPTIONS_BY_TYPE).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});
