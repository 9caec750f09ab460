/** What runs statements: the database itself, or one open transaction. A transaction is only a Tx: it
 * cannot open a nested transaction, so a change that publishes after its own commit
 * (`changeWithEvents`, which takes a Db) cannot be started inside another transaction. */
export interface Tx {
  /** Runs one statement with $1… parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** Which PostgreSQL: the embedded one the server runs itself (embedded-postgres.ts), or an external
 * server named by DATABASE_URL. */
export type DatabaseKind = "embedded-postgres" | "postgres";

/** The one database interface: a pool on PostgreSQL, embedded or external. */
export interface Db extends Tx {
  readonly kind: DatabaseKind;
  /** Runs fn inside one transaction; a thrown error rolls everything back. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Checks the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A transaction whose last statement may carry its commit. Not part of Db or Tx: only the
 * event-numbering step gets one (`committingTransaction`, used by realtime/publish.ts). */
export interface CommittingTx extends Tx {
  /** Runs the transaction's last statement (bound parameters) and commits: one round trip on
   * PostgreSQL, so the locks the statement takes are held only for the commit itself. A failing
   * statement rolls the transaction back and throws. Nothing may run on the transaction after it. */
  commitWith<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** How a committing transaction runs. */
export interface CommittingOptions {
  /** Its prepared statements use their generic plan from the first run on (PostgreSQL's
   * plan_cache_mode): for a statement whose planning costs more than running it (the report intake: a
   * custom plan of ≈ 20 ms for each of its first five runs on every connection, then the generic plan
   * anyway), so the first reports on a new connection are not the slowest. */
  genericPlans?: boolean;
}

type CommittingRunner = <T>(fn: (tx: CommittingTx) => Promise<T>, options: CommittingOptions) => Promise<T>;
const committingRunners = new WeakMap<Db, CommittingRunner>();

/** For drivers: how db runs a transaction whose last statement commits it. */
export function registerCommittingTransaction(db: Db, run: CommittingRunner): void {
  committingRunners.set(db, run);
}

/** Runs fn in one transaction of db whose last statement may commit it (`tx.commitWith`). A database
 * without its own way (a test double) runs that statement and then commits. */
export function committingTransaction<T>(db: Db, fn: (tx: CommittingTx) => Promise<T>, options: CommittingOptions = {}): Promise<T> {
  const run = committingRunners.get(db);
  if (run) return run(fn, options);
  return db.transaction((tx) => fn(committingAfter(tx)));
}

/** A CommittingTx over a transaction: commitWith runs the last statement, then `commit` when given
 * (else the transaction commits by itself when fn returns); anything run after it fails. */
export function committingAfter(tx: Tx, commit?: () => Promise<void>): CommittingTx {
  let over = false;
  const open = () => {
    if (over) throw new Error("the transaction is already committed");
  };
  return {
    async query<T>(sql: string, params?: readonly unknown[]) {
      open();
      return tx.query<T>(sql, params);
    },
    async exec(sql: string) {
      open();
      return tx.exec(sql);
    },
    async commitWith<T>(sql: string, params?: readonly unknown[]) {
      open();
      over = true;
      const rows = await tx.query<T>(sql, params);
      await commit?.();
      return rows;
    },
  };
}

/** How busy a database's connections are (GET /metrics): connections open, running a statement or
 * transaction, idle, and callers waiting for one. */
export interface PoolStats {
  /** Most connections the pool opens. */
  max: number;
  open: number;
  inUse: number;
  idle: number;
  waiting: number;
}

const poolStatsReaders = new WeakMap<Db, () => PoolStats>();

/** For drivers: how to read db's connection figures. */
export function registerPoolStats(db: Db, read: () => PoolStats): void {
  poolStatsReaders.set(db, read);
}

/** db's connection figures now, or undefined for a database that does not say (a test double). */
export function poolStatsOf(db: Db): PoolStats | undefined {
  return poolStatsReaders.get(db)?.();
}

/** First row of a result, or undefined. */
export async function one<T>(db: Tx, sql: string, params?: readonly unknown[]): Promise<T | undefined> {
  const rows = await db.query<T>(sql, params);
  return rows[0];
}
