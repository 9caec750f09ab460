import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import pg from "pg";
import { registerCommittingTransaction, registerPoolStats, type CommittingOptions, type CommittingTx, type Db } from "./db.js";

// int8 (counts, sums) as numbers: every such value here is far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// numeric as numbers too (averages, coordinates computed in SQL).
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

// The very mapping node-postgres applies to the values of every query (dates, buffers, arrays, JSON).
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils.js") as {
  prepareValue: (value: unknown) => Buffer | string | null;
};

// Every statement is prepared once per connection under a name derived from its text: PostgreSQL then
// parses it once and, after a few runs, reuses a generic plan instead of planning the report view
// (joins and subqueries) on every call, which cost more than running it.
const names = new Map<string, string>();
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `a${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
}
function prepared(sql: string, params: readonly unknown[] | undefined): pg.QueryConfig {
  return { name: statementName(sql), text: sql, values: params as unknown[] | undefined };
}

/** The parts of node-postgres' connection a custom query writes to (as pg-cursor does). */
interface WireConnection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: { cork?: () => void; uncork?: () => void };
  parse(message: { text: string; name?: string }): void;
  bind(message: { statement?: string; portal?: string; values?: (Buffer | string | null)[] }): void;
  describe(message: { type: "P" | "S"; name?: string }): void;
  execute(message: { portal?: string; rows?: number }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

/** node-postgres' Result, as its own Query drives it. */
interface WireResult {
  rows: unknown[];
  addFields(fields: unknown[]): void;
  parseRow(fields: unknown[]): unknown;
  addRow(row: unknown): void;
}

/**
 * One statement with bound parameters and, in the same round trip, the statements that begin the
 * transaction before it and/or its `commit` after it: Parse of the statement (named, if this connection
 * has not parsed it yet: first, so that node-postgres records it as parsed only when it was),
 * Parse/Bind/Execute of each of `before`, Bind/Describe/Execute of the statement, Parse/Bind/Execute of `commit`, and one Sync. If
 * anything fails, the server skips the rest up to the Sync, and a begun transaction stays open in the
 * failed state (the caller rolls it back); the connection itself stays usable. A node-postgres
 * Submittable: the client hands it the connection when its turn comes and feeds it the backend's answers.
 */
class Pipelined implements pg.Submittable {
  // Read by the client: `_result` gets the client's type parsers; `name` and `text` let it record the
  // prepared statement once the backend has parsed it (and forget it if the statement fails).
  readonly _result = new (pg.Result as unknown as new () => WireResult)();
  readonly name: string;
  readonly text: string;
  readonly promise: Promise<unknown[]>;
  private readonly values: (Buffer | string | null)[];
  private callback!: (err: Error | null, rows?: unknown[]) => void;
  private completed = 0;
  private rowError: Error | undefined;

  constructor(
    text: string,
    params: readonly unknown[],
    private readonly around: { before: readonly string[]; commit: boolean },
  ) {
    this.text = text;
    this.name = statementName(text);
    // Mapped before anything is written, so a value that cannot be sent fails here, not mid-message.
    this.values = params.map((value) => prepareValue(value));
    this.promise = new Promise((resolve, reject) => {
      let done = false;
      this.callback = (err, rows) => {
        if (done) return;
        done = true;
        if (err) reject(err);
        else resolve(rows ?? []);
      };
    });
  }

  submit(connection: pg.Connection): void {
    const c = connection as unknown as WireConnection;
    c.stream.cork?.();
    try {
      if (c.parsedStatements[this.name] === undefined && c.submittedNamedStatements[this.name] === undefined) {
        c.parse({ text: this.text, name: this.name });
        c.submittedNamedStatements[this.name] = this.text;
      }
      for (const text of this.around.before) Pipelined.simple(c, text);
      c.bind({ statement: this.name, values: this.values });
      c.describe({ type: "P", name: "" });
      c.execute({ portal: "" });
      if (this.around.commit) Pipelined.simple(c, "commit");
      c.sync();
    } finally {
      c.stream.uncork?.();
    }
  }

  /** A statement without parameters or rows, as the unnamed statement and portal. */
  private static simple(c: WireConnection, text: string): void {
    c.parse({ text });
    c.bind({});
    c.execute({ portal: "" });
  }

  handleRowDescription(message: { fields: unknown[] }): void {
    this._result.addFields(message.fields);
  }

  handleDataRow(message: { fields: unknown[] }): void {
    try {
      this._result.addRow(this._result.parseRow(message.fields));
    } catch (err) {
      this.rowError ??= err as Error;
    }
  }

  handleCommandComplete(): void {
    this.completed += 1;
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: WireConnection): void {
    connection.sendCopyFail("No source stream defined");
  }

  handleCopyData(): void {}

  /** An ErrorResponse (the begin, the statement or the commit failed) or a dead connection. */
  handleError(err: Error): void {
    this.callback(err);
  }

  handleReadyForQuery(): void {
    const expected = this.around.before.length + 1 + Number(this.around.commit);
    if (this.completed < expected) this.callback(new Error("the pipelined statements did not all complete"));
    else if (this.rowError) this.callback(this.rowError);
    else this.callback(null, this._result.rows);
  }
}

/** A transaction on one pooled client whose `begin` goes with its first statement and whose last
 * statement may carry the commit (`commitWith`): one round trip fewer than a separate `begin`, and a
 * transaction that runs nothing sends nothing. */
class PgTransaction implements CommittingTx {
  /** `begin` was sent (it may have failed with the statement it went with: a rollback is then harmless). */
  begun = false;
  /** The commit succeeded. */
  committed = false;
  private over = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly options: CommittingOptions = {},
  ) {}

  async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    this.open();
    if (this.begun) return (await this.client.query(prepared(sql, params))).rows as T[];
    return this.pipelined<T>(sql, params, false);
  }

  async exec(sql: string): Promise<void> {
    this.open();
    // Simple query protocol: several statements in one message, so `begin` can lead them.
    const first = !this.begun;
    this.begun = true;
    await this.client.query(first ? `${this.beginning().join(";\n")};\n${sql}` : sql);
  }

  async commitWith<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    this.open();
    this.over = true;
    const rows = await this.pipelined<T>(sql, params, true);
    this.committed = true;
    return rows;
  }

  /** Commits a transaction that did not commit itself (nothing to do when nothing ran). */
  async finish(): Promise<void> {
    if (this.committed || !this.begun) return;
    this.over = true;
    await this.client.query("commit");
    this.committed = true;
  }

  private async pipelined<T>(sql: string, params: readonly unknown[], commit: boolean): Promise<T[]> {
    const statement = new Pipelined(sql, params, { before: this.begun ? [] : this.beginning(), commit });
    this.begun = true;
    this.client.query(statement);
    return (await statement.promise) as T[];
  }

  private open(): void {
    if (this.over) throw new Error("the transaction is already committed");
  }

  /** The statements that begin the transaction (they go with its first statement). */
  private beginning(): string[] {
    return this.options.genericPlans ? ["begin", "set local plan_cache_mode = force_generic_plan"] : ["begin"];
  }
}

/** Checks a client out of the pool with onError listening from the very moment it is handed over.
 * `await pool.connect()` would leave a window: pg-pool hands a new client over from the socket's data
 * handler, and when the same packet also carries the backend's FATAL (a backend terminated as it
 * finished starting, 57P01) the client emits 'error' before the awaiting code runs; unheard, that
 * ended the process (seen by the fault suite's pg_terminate_backend case). The callback form runs
 * in that handler, so the listener is there first. */
function checkOut(pool: pg.Pool, onError: (err: Error) => void): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    pool.connect((err, client) => {
      if (err || !client) return reject(err ?? new Error("the pool gave no client"));
      client.on("error", onError);
      resolve(client);
    });
  });
}

/** Runs fn in a transaction (begun with its first statement) on one pooled client, and commits it
 * unless fn's last statement did. */
async function inTransaction<T>(pool: pg.Pool, fn: (tx: PgTransaction) => Promise<T>, options: CommittingOptions = {}): Promise<T> {
  let broken: Error | undefined;
  // A checked-out client whose connection dies emits 'error'; unheard, that kills the process. Heard
  // here, the statement in flight fails on its own and the client leaves the pool as broken.
  const onError = (err: Error) => (broken = err);
  const client = await checkOut(pool, onError);
  const tx = new PgTransaction(client, options);
  try {
    const result = await fn(tx);
    await tx.finish();
    return result;
  } catch (err) {
    // A client that cannot even roll back is dropped from the pool rather than reused.
    if (tx.begun && !tx.committed) await client.query("rollback").catch((e: Error) => (broken = e));
    throw err;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}

/** How long an unused pooled connection stays open. */
export const IDLE_CONNECTION_MS = 10 * 60_000;

/** Opens a pool on url: DATABASE_URL's server, or the embedded one (`embedded`), which close() then stops. */
export function openPostgres(url: string, max = 10, embedded?: { stop(): Promise<void> }): Db {
  // A database that cannot be reached fails a request within 10 s (503) instead of holding it. An idle
  // connection is kept for IDLE_CONNECTION_MS, not node-postgres' 10 s: a new one costs its backend's
  // start and the parsing and planning of every statement again (the report intake's: ≈ 45 ms), which
  // after every quiet moment fell on the next reports.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000, idleTimeoutMillis: IDLE_CONNECTION_MS });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  const db: Db = {
    kind: embedded ? "embedded-postgres" : "postgres",
    async query<T>(sql: string, params?: readonly unknown[]) {
      return (await pool.query(prepared(sql, params))).rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    transaction: (fn) => inTransaction(pool, fn),
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
  registerCommittingTransaction(db, (fn, options) => inTransaction(pool, fn, options));
  registerPoolStats(db, () => ({
    max,
    open: pool.totalCount,
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
  return db;
}
