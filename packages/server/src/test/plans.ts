// Query plans of what the server asks the database (issue 37): the plan tests record the statements a
// request sends and EXPLAIN each with its own parameters, on a generated set large enough for
// PostgreSQL to plan as it does at a million reports (report-read-plans.test.ts). Nothing is timed:
// the plan's shape is what a change to a report read can break.
import type { Db, Tx } from "../db/db.js";

/** A statement as the server sent it. */
export interface Statement {
  sql: string;
  params: readonly unknown[];
}

/** db, and a way to record what runs through it: `record(fn)` answers the statements fn sent (with a
 * copy of their parameters: callers may push more onto the array they passed). */
export function recordingDb(inner: Db): { db: Db; record(fn: () => Promise<unknown>): Promise<Statement[]> } {
  let sink: Statement[] | null = null;
  const note = (sql: string, params: readonly unknown[] | undefined) => sink?.push({ sql, params: [...(params ?? [])] });
  const wrap = (tx: Tx): Tx => ({
    query: (sql, params) => (note(sql, params), tx.query(sql, params)),
    exec: (sql) => tx.exec(sql),
  });
  const db: Db = {
    ...wrap(inner),
    kind: inner.kind,
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
  return {
    db,
    async record(fn) {
      const statements: Statement[] = [];
      sink = statements;
      try {
        await fn();
      } finally {
        sink = null;
      }
      return statements;
    },
  };
}

/** One node of a plan, as EXPLAIN (FORMAT JSON) gives it (the fields the tests read). */
export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  "Join Filter"?: string;
  "Total Cost": number;
  /** With `analyze` only: rows each loop gave, and the loops. */
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

/** The plan PostgreSQL makes for a statement with its parameters (a custom plan, as the server's
 * statements get with their values), and whether it would compile it (JIT). With `analyze` (a read
 * only: the statement runs) the nodes carry the rows they gave, which say how much was read whatever
 * the machine's speed. */
export async function planOf(db: Db, s: Statement, analyze = false): Promise<{ root: PlanNode; nodes: PlanNode[]; jit: boolean }> {
  const options = analyze ? "analyze, timing off, format json" : "format json";
  const [row] = await db.query<{ "QUERY PLAN": [{ Plan: PlanNode; JIT?: unknown }] }>(`explain (${options}) ${s.sql}`, s.params);
  const [{ Plan: root, JIT }] = row!["QUERY PLAN"];
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n);
    n.Plans?.forEach(walk);
  };
  walk(root);
  return { root, nodes, jit: JIT !== undefined };
}

/** Rows a plan (made with `analyze`) read from `table`: each scan's rows times its loops. */
export const rowsReadFrom = (nodes: PlanNode[], table: string) =>
  nodes.filter((n) => n["Relation Name"] === table).reduce((sum, n) => sum + (n["Actual Rows"] ?? 0) * (n["Actual Loops"] ?? 1), 0);

/** The tables a statement names (from and join clauses), to tell which statements read which. */
export function tablesOf(sql: string): Set<string> {
  return new Set([...sql.matchAll(/\b(?:from|join)\s+([a-z_]+)/gi)].map((m) => m[1]!.toLowerCase()));
}

/** A plan node in one line, for failure messages. */
export const describeNode = (n: PlanNode) =>
  [n["Node Type"], n["Relation Name"] && `on ${n["Relation Name"]}`, n["Index Name"] && `using ${n["Index Name"]}`, n["Index Cond"] && `(${n["Index Cond"]})`]
    .filter(Boolean)
    .join(" ");
