import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownTestDatabase, testDb } from "../test/harness.js";
import type { Db } from "./db.js";
import { generateTables, PARSED_TYPES, readTables, REGENERATE_TABLES, renderTables } from "./generate-tables.js";
import { migrate } from "./migrate.js";

// tables.ts, the column types the row types derive from, must be what the migrations give: a migration
// that changes a column without regenerating it fails here, not at run time.
const TABLES_FILE = join(dirname(fileURLToPath(import.meta.url)), "tables.ts");

let own: { db: Db; drop(): Promise<void> };
beforeAll(async () => {
  own = await ownTestDatabase({ empty: true });
  await migrate(own.db);
});
afterAll(async () => {
  await own?.drop();
});

describe("src/db/tables.ts", () => {
  it("is what a freshly migrated database's schema gives", async () => {
    const generated = await generateTables(own.db);
    expect(readFileSync(TABLES_FILE, "utf8"), `src/db/tables.ts is out of date with the migrations: run \`${REGENERATE_TABLES}\` to regenerate it`).toBe(generated);
  });
});

/** Whether a value node-postgres returned fits a TypeScript type tables.ts writes. */
function fits(value: unknown, tsType: string): boolean {
  if (tsType.endsWith("[]")) return Array.isArray(value) && value.length > 0 && value.every((v) => fits(v, tsType.slice(0, -2)));
  const record = value as Record<string, unknown>;
  switch (tsType) {
    case "number":
    case "string":
    case "boolean":
      return typeof value === tsType;
    case "Date":
      return value instanceof Date;
    case "Buffer":
      return Buffer.isBuffer(value);
    case "unknown":
      return typeof value === "object" && value !== null;
    case "{ x: number; y: number }":
      return typeof record.x === "number" && typeof record.y === "number";
    case "{ x: number; y: number; radius: number }":
      return typeof record.x === "number" && typeof record.y === "number" && typeof record.radius === "number";
    default:
      throw new Error(`no check for ${tsType}`);
  }
}

/** A value of each type the generator says node-postgres parses, by oid. */
const SAMPLES: Record<number, string> = {
  16: "true",
  17: "decode('00ff', 'hex')",
  20: "42::int8",
  21: "1::int2",
  23: "1::int4",
  26: "1::oid",
  700: "1.5::float4",
  701: "1.5::float8",
  1700: "1.25::numeric",
  1082: "'2024-01-02'::date",
  1114: "'2024-01-02 03:04:05'::timestamp",
  1184: "now()",
  114: `'{"a": 1}'::json`,
  3802: `'{"a": 1}'::jsonb`,
  600: "point(1, 2)",
  718: "circle(point(1, 2), 3)",
  1000: "array[true, false]",
  1001: "array[decode('00ff', 'hex')]",
  1005: "array[1::int2]",
  1007: "array[1, 2]",
  1028: "array[1::oid]",
  1016: "array[1::int8]",
  1017: "array[point(1, 2)]",
  1021: "array[1.5::float4]",
  1022: "array[1.5::float8]",
  1231: "array[1.5::numeric]",
  1014: "array['a'::char]",
  1015: "array['a'::varchar]",
  1008: "array['int4in'::regproc]",
  1009: "array['a', 'b']",
  1040: "array['08:00:2b:01:02:03'::macaddr]",
  1041: "array['10.0.0.1'::inet]",
  651: "array['10.0.0.0/8'::cidr]",
  2951: "array[gen_random_uuid()]",
  791: "array[1::money]",
  1183: "array['10:00'::time]",
  1270: "array['10:00+00'::timetz]",
  3907: "array[numrange(1, 2)]",
  1115: "array['2024-01-02 03:04:05'::timestamp]",
  1182: "array['2024-01-02'::date]",
  1185: "array[now()]",
  199: `array['{"a": 1}'::json]`,
  3807: `array['{"a": 1}'::jsonb]`,
};

describe("the generator's types", () => {
  it("are what node-postgres returns with the server's type parsers (db/postgres.ts)", async () => {
    const db = await testDb();
    expect(Object.keys(SAMPLES).map(Number).sort()).toEqual([...PARSED_TYPES.keys()].sort());
    const wrong: string[] = [];
    for (const [oid, tsType] of PARSED_TYPES) {
      const [row] = await db.query<{ v: unknown; oid: number }>(`select ${SAMPLES[oid]} as v, pg_typeof(${SAMPLES[oid]})::oid::int as oid`);
      if (row?.oid !== oid) wrong.push(`${SAMPLES[oid]} is of type ${row?.oid}, not ${oid}`);
      else if (!fits(row.v, tsType)) wrong.push(`type ${oid} gives ${JSON.stringify(row.v)}, not a ${tsType}`);
    }
    expect(wrong).toEqual([]);
    // A type without a parser comes back as PostgreSQL's text, which the generator writes as string.
    const [text] = await db.query<Record<string, unknown>>(
      "select '10:00'::time as time, gen_random_uuid() as uuid, '((0,0),(1,1),(1,0))'::polygon as polygon, 'x'::text as text",
    );
    expect(Object.values(text!).every((v) => typeof v === "string")).toBe(true);
  });

  it("follow domains and enums, and each column's and domain's nullability", async () => {
    const schema = "tables_probe";
    await own.db.exec(`
      create schema ${schema};
      create type ${schema}.mood as enum ('calm', 'it''s "busy"');
      create domain ${schema}.count8 as int8 not null;
      create domain ${schema}.label as text;
      create domain ${schema}.moods as ${schema}.mood[];
      create table ${schema}.probe (
        id integer generated always as identity primary key,
        mood ${schema}.mood not null,
        maybe_mood ${schema}.mood,
        moods ${schema}.moods,
        n ${schema}.count8,
        label ${schema}.label,
        "Odd name" numeric,
        seen date[] not null
      );
      create table ${schema}.parted (id int not null, at timestamptz) partition by range (id);
      create table ${schema}.parted_1 partition of ${schema}.parted for values from (0) to (10);
      create view ${schema}.not_a_table as select 1 as one;
    `);
    try {
      expect(renderTables(await readTables(own.db, schema)).split("\n").filter((l) => !l.startsWith("//"))).toEqual([
        "",
        "/** The table `parted`. */",
        "export interface PartedTable {",
        "  id: number; // integer",
        "  at: Date | null; // timestamp with time zone",
        "}",
        "",
        "/** The table `probe`. */",
        "export interface ProbeTable {",
        "  id: number; // integer",
        `  mood: "calm" | "it's \\"busy\\""; // ${schema}.mood`,
        `  maybe_mood: "calm" | "it's \\"busy\\"" | null; // ${schema}.mood`,
        `  moods: string | null; // ${schema}.moods`,
        `  n: number; // ${schema}.count8`,
        `  label: string | null; // ${schema}.label`,
        '  "Odd name": number | null; // numeric',
        "  seen: Date[]; // date[]",
        "}",
        "",
        "/** Every table, by name. */",
        "export interface Tables {",
        "  parted: PartedTable;",
        "  probe: ProbeTable;",
        "}",
        "",
        '/** Columns of a left-joined table: each is null when no row joined (`LeftJoined<Pick<Tables["users"], "email">>`). */',
        "export type LeftJoined<T> = { [K in keyof T]: T[K] | null };",
        "",
      ]);
      await own.db.exec(`create table ${schema}.waits (id int, wait interval)`);
      await expect(readTables(own.db, schema)).rejects.toThrow(/waits\.wait is of type interval/);
    } finally {
      await own.db.exec(`drop schema ${schema} cascade`);
    }
  });
});
