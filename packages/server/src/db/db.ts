/** The one database interface every repository uses: PGlite and PostgreSQL look the same behind it. */
export interface Db {
  /** Runs one statement with $1… parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Inside a transaction: runs its last statement and commits in one round trip (PostgreSQL), so
   * locks the statement takes are held only for the commit itself. Elsewhere: a plain query. After it
   * the transaction is over: nothing more may be run on it. */
  queryAndCommit<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs fn inside one transaction; a thrown error rolls everything back. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Checks the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
  readonly kind: "pglite" | "postgres";
}

/** First row of a result, or undefined. */
export async function one<T>(db: Db, sql: string, params?: readonly unknown[]): Promise<T | undefined> {
  const rows = await db.query<T>(sql, params);
  return rows[0];
}
