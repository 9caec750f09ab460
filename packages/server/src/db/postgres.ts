import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import pg from "pg";
import { registerCommittingTransaction, registerPoolStats, type CommittingTx, type Db, type Tx } from "./db.js";

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
 * One statement with bound parameters, then `commit`, in a single round trip: Parse/Bind/Describe/
 * Execute of the statement, Parse/Bind/Execute of `commit`, and one Sync. If the statement fails, the
 * server skips the commit up to the Sync and the transaction stays open in the failed state (the
 * caller rolls it back); the connection itself stays usable. A node-postgres Submittable: the client
 * hands it the connection when its turn comes and feeds it the backend's answers.
 */
class StatementThenCommit implements pg.Submittable {
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

  constructor(text: string, params: readonly unknown[]) {
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
      c.bind({ statement: this.name, values: this.values });
      c.describe({ type: "P", name: "" });
      c.execute({ portal: "" });
      c.parse({ text: "commit" });
      c.bind({});
      c.execute({ portal: "" });
      c.sync();
    } finally {
      c.stream.uncork?.();
    }
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

  /** An ErrorResponse (the statement or the commit failed) or a dead connection. */
  handleError(err: Error): void {
    this.callback(err);
  }

  handleReadyForQuery(): void {
    if (this.completed < 2) this.callback(new Error("the statement and its commit did not both complete"));
    else if (this.rowError) this.callback(this.rowError);
    else this.callback(null, this._result.rows);
  }
}

/** A transaction's client as a Tx. */
function wrapClient(client: pg.PoolClient): Tx {
  return {
    kind: "postgres",
    async query<T>(sql: string, params?: readonly unknown[]) {
      return (await client.query(prepared(sql, params))).rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** A transaction's client whose last statement may carry the commit. */
function committingClient(client: pg.PoolClient, onCommitted: () => void): CommittingTx {
  const tx = wrapClient(client);
  let over = false;
  const open = () => {
    if (over) throw new Error("the transaction is already committed");
  };
  return {
    kind: "postgres",
    async query<T>(sql: string, params?: readonly unknown[]) {
      open();
      return tx.query<T>(sql, params);
    },
    async exec(sql: string) {
      open();
      return tx.exec(sql);
    },
    async commitWith<T>(sql: string, params: readonly unknown[] = []) {
      open();
      over = true;
      const statement = new StatementThenCommit(sql, params);
      client.query(statement);
      const rows = await statement.promise;
      onCommitted();
      return rows as T[];
    },
  };
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

/** Runs fn between begin and commit (unless fn committed itself) on one pooled client. */
async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient, onCommitted: () => void) => Promise<T>): Promise<T> {
  let committed = false;
  let broken: Error | undefined;
  // A checked-out client whose connection dies emits 'error'; unheard, that kills the process. Heard
  // here, the statement in flight fails on its own and the client leaves the pool as broken.
  const onError = (err: Error) => (broken = err);
  const client = await checkOut(pool, onError);
  try {
    await client.query("begin");
    const result = await fn(client, () => (committed = true));
    if (!committed) await client.query("commit");
    return result;
  } catch (err) {
    // A client that cannot even roll back is dropped from the pool rather than reused.
    if (!committed) await client.query("rollback").catch((e: Error) => (broken = e));
    throw err;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}

/** Opens a pool on DATABASE_URL. */
export function openPostgres(url: string, max = 10): Db {
  // A database that cannot be reached fails a request within 10 s (503) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  const db: Db = {
    kind: "postgres",
    async query<T>(sql: string, params?: readonly unknown[]) {
      return (await pool.query(prepared(sql, params))).rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    transaction: (fn) => inTransaction(pool, (client) => fn(wrapClient(client))),
    async ping() {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
  registerCommittingTransaction(db, (fn) => inTransaction(pool, (client, onCommitted) => fn(committingClient(client, onCommitted))));
  registerPoolStats(db, () => ({
    max,
    open: pool.totalCount,
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
  return db;
}
