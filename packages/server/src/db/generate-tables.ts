// The tables' column types in one place (issue 35): tables.ts, generated from the schema the migrations
// build, is what the repositories' row types derive from (`Pick<Tables["users"], "id" | "email">`), so a
// migration that changes a column changes their types too. This module reads a migrated database's
// catalogue and writes that file's text; `npm run db:types -w @atalaya/server` runs it on a freshly
// migrated database (src/test/regenerate-tables.ts) and generate-tables.test.ts fails when the committed
// file differs from what the migrations give.
import type { Tx } from "./db.js";

/** The command that rewrites tables.ts. */
export const REGENERATE_TABLES = "npm run db:types -w @atalaya/server";

/** One column as tables.ts declares it. */
export interface ColumnShape {
  name: string;
  /** Its type as PostgreSQL writes it (`timestamp with time zone`, `integer[]`, a domain's name). */
  sqlType: string;
  /** The TypeScript type of the value node-postgres returns, null aside. */
  tsType: string;
  nullable: boolean;
}

export interface TableShape {
  name: string;
  columns: ColumnShape[];
}

/**
 * What node-postgres returns for a type it parses (pg-types' text parsers, with db/postgres.ts's own for
 * int8 and numeric), by type oid. A type not listed here and not refused below comes back as the text
 * PostgreSQL sends: a string (text, uuid, time, polygon, an enum's label, an array of a type pg-types
 * does not parse…).
 */
export const PARSED_TYPES: ReadonlyMap<number, string> = new Map([
  [16, "boolean"], // bool
  [17, "Buffer"], // bytea
  [20, "number"], // int8: db/postgres.ts parses it as a number
  [21, "number"], // int2
  [23, "number"], // int4
  [26, "number"], // oid
  [700, "number"], // float4
  [701, "number"], // float8
  [1700, "number"], // numeric: db/postgres.ts parses it as a number
  [1082, "Date"], // date (local midnight)
  [1114, "Date"], // timestamp
  [1184, "Date"], // timestamptz
  [114, "unknown"], // json
  [3802, "unknown"], // jsonb
  [600, "{ x: number; y: number }"], // point
  [718, "{ x: number; y: number; radius: number }"], // circle
  [1000, "boolean[]"], // bool[]
  [1001, "Buffer[]"], // bytea[]
  [1005, "number[]"], // int2[]
  [1007, "number[]"], // int4[]
  [1028, "number[]"], // oid[]
  [1016, "string[]"], // int8[]: pg-types' own array parser keeps them strings (db/postgres.ts sets int8 alone)
  [1017, "{ x: number; y: number }[]"], // point[]
  [1021, "number[]"], // float4[]
  [1022, "number[]"], // float8[]
  [1231, "number[]"], // numeric[]
  [1014, "string[]"], // char[]
  [1015, "string[]"], // varchar[]
  [1008, "string[]"], // regproc[]
  [1009, "string[]"], // text[]
  [1040, "string[]"], // macaddr[]
  [1041, "string[]"], // inet[]
  [651, "string[]"], // cidr[]
  [2951, "string[]"], // uuid[]
  [791, "string[]"], // money[]
  [1183, "string[]"], // time[]
  [1270, "string[]"], // timetz[]
  [3907, "string[]"], // numrange[]
  [1115, "Date[]"], // timestamp[]
  [1182, "Date[]"], // date[]
  [1185, "Date[]"], // timestamptz[]
  [199, "unknown[]"], // json[]
  [3807, "unknown[]"], // jsonb[]
]);

/** Types pg-types parses into objects tables.ts has no type for yet: a column of one stops the generator
 * (give it a type in PARSED_TYPES first). */
const UNTYPED_PARSED: ReadonlyMap<number, string> = new Map([
  [1186, "interval"],
  [1187, "interval[]"],
]);

interface TypeRow {
  oid: number;
  name: string;
  /** b base, d domain, e enum, c composite, r range, m multirange, p pseudo. */
  kind: string;
  base: number;
  notNull: boolean;
  labels: string[] | null;
}

interface ColumnRow {
  table: string;
  column: string;
  type: number;
  sqlType: string;
  notNull: boolean;
}

/** A TypeScript string literal. */
const literal = (text: string) => JSON.stringify(text);

/** The tables (plain and partitioned) of a schema, by name, each with its columns in their order. */
export async function readTables(tx: Tx, schema = "public"): Promise<TableShape[]> {
  const columns = await tx.query<ColumnRow>(
    `select c.relname as "table", a.attname as "column", a.atttypid::int as "type",
            format_type(a.atttypid, a.atttypmod) as "sqlType", a.attnotnull as "notNull"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname collate "C", a.attnum`,
    [schema],
  );
  const types = new Map<number, TypeRow>();
  /** A type's catalogue row, and those of the domains' base types under it. */
  const typeOf = async (oid: number): Promise<TypeRow> => {
    let row = types.get(oid);
    if (!row) {
      const [found] = await tx.query<TypeRow>(
        `select t.oid::int as oid, format_type(t.oid, null) as name, t.typtype as kind, t.typbasetype::int as base,
                t.typnotnull as "notNull",
                case when t.typtype = 'e' then
                  array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder)
                end as labels
           from pg_type t where t.oid = $1`,
        [oid],
      );
      if (!found) throw new Error(`type ${oid} is not in pg_type`);
      types.set(oid, (row = found));
    }
    return row;
  };
  /** The TypeScript type of a value of the type, and whether a domain on the way forbids null. */
  const resolve = async (oid: number, where: string): Promise<{ tsType: string; notNull: boolean }> => {
    const type = await typeOf(oid);
    if (type.kind === "d") {
      const base = await resolve(type.base, where);
      return { tsType: base.tsType, notNull: base.notNull || type.notNull };
    }
    const untyped = UNTYPED_PARSED.get(oid);
    if (untyped) throw new Error(`${where} is of type ${untyped}, which node-postgres parses into an object: give it a TypeScript type in PARSED_TYPES (db/generate-tables.ts)`);
    if (type.kind === "e") return { tsType: (type.labels ?? []).map(literal).join(" | ") || "never", notNull: false };
    return { tsType: PARSED_TYPES.get(oid) ?? "string", notNull: false };
  };
  const tables = new Map<string, TableShape>();
  for (const c of columns) {
    const { tsType, notNull } = await resolve(c.type, `${c.table}.${c.column}`);
    let table = tables.get(c.table);
    if (!table) tables.set(c.table, (table = { name: c.table, columns: [] }));
    table.columns.push({ name: c.column, sqlType: c.sqlType, tsType, nullable: !(c.notNull || notNull) });
  }
  return [...tables.values()];
}

/** A table's interface name: `report_types` → `ReportTypesTable`. */
export function interfaceName(table: string): string {
  return `${table.replace(/(^|_)([a-z0-9])/g, (_all, _sep: string, ch: string) => ch.toUpperCase())}Table`;
}

/** A property name, quoted when it is not an identifier. */
const property = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));

/** tables.ts's text for the tables. */
export function renderTables(tables: readonly TableShape[]): string {
  const lines = [
    `// Generated by \`${REGENERATE_TABLES}\` from the schema that packages/server/migrations build: do not edit.`,
    "// src/db/generate-tables.test.ts fails when a migration changed the schema and this file was not regenerated.",
    "// Each column has the type of the value node-postgres returns for it with the server's type parsers",
    "// (db/postgres.ts: int8 and numeric as numbers; dates and timestamps as Dates), `| null` when the column",
    "// may be null. json and jsonb columns are `unknown`: a row type narrows them (`unknown & T` is T). An",
    "// array's elements are typed as never null (PostgreSQL does not say). Derive row types from these:",
    '// `Pick<Tables["users"], "id" | "email">`.',
    "",
  ];
  for (const table of tables) {
    lines.push(`/** The table \`${table.name}\`. */`, `export interface ${interfaceName(table.name)} {`);
    for (const c of table.columns) lines.push(`  ${property(c.name)}: ${c.tsType}${c.nullable ? " | null" : ""}; // ${c.sqlType}`);
    lines.push("}", "");
  }
  lines.push("/** Every table, by name. */", "export interface Tables {");
  for (const table of tables) lines.push(`  ${property(table.name)}: ${interfaceName(table.name)};`);
  lines.push("}", "");
  lines.push(
    "/** Columns of a left-joined table: each is null when no row joined (`LeftJoined<Pick<Tables[\"users\"], \"email\">>`). */",
    "export type LeftJoined<T> = { [K in keyof T]: T[K] | null };",
    "",
  );
  return lines.join("\n");
}

/** tables.ts's text for a migrated database's schema. */
export async function generateTables(tx: Tx, schema = "public"): Promise<string> {
  return renderTables(await readTables(tx, schema));
}
