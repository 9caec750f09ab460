import { AsyncLocalStorage } from "node:async_hooks";
import { mkdir } from "node:fs/promises";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { committingAfter, registerCommittingTransaction, registerPoolStats, type Db, type Tx } from "./db.js";

const extensions = { btree_gist, cube, earthdistance, pg_trgm, pgcrypto, unaccent };

// PGlite is one connection: while a transaction's callback runs, a statement sent to the database
// itself (not to the transaction) waits for that transaction to end, which waits for the statement:
// the process hangs with no error. Mark the callback's async context so such a call fails at once.
const insideTransaction = new AsyncLocalStorage<{ open: boolean }>();

function refuseInsideTransaction(): void {
  if (insideTransaction.getStore()?.open) {
    throw new Error("PGlite: a statement sent to the database inside one of its transactions would wait forever; use the transaction");
  }
}

async function runMarked<T>(run: () => Promise<T>): Promise<T> {
  refuseInsideTransaction();
  const mark = { open: true };
  try {
    return await insideTransaction.run(mark, run);
  } finally {
    mark.open = false;
  }
}

function wrapTx(tx: Transaction): Tx {
  return {
    kind: "pglite",
    async query<T>(sql: string, params?: readonly unknown[]) {
      return (await tx.query<T>(sql, params as unknown[] | undefined)).rows;
    },
    async exec(sql: string) {
      await tx.exec(sql);
    },
  };
}

/** Wraps an open PGlite instance (used by tests that load a prepared data directory). */
export function wrapPglite(pg: PGlite): Db {
  // PGlite runs one statement or transaction at a time and queues the rest: counting the calls in
  // flight gives its "pool" figures (one connection, in use or not, and how many wait for it).
  let inFlight = 0;
  const counted = async <T>(run: () => Promise<T>): Promise<T> => {
    inFlight++;
    try {
      return await run();
    } finally {
      inFlight--;
    }
  };
  const db: Db = {
    kind: "pglite",
    async query<T>(sql: string, params?: readonly unknown[]) {
      refuseInsideTransaction();
      return counted(async () => (await pg.query<T>(sql, params as unknown[] | undefined)).rows);
    },
    async exec(sql: string) {
      refuseInsideTransaction();
      await counted(() => pg.exec(sql));
    },
    transaction: (fn) => runMarked(() => counted(() => pg.transaction((tx) => fn(wrapTx(tx))))),
    async ping() {
      refuseInsideTransaction();
      await counted(() => pg.query("select 1"));
    },
    close: () => pg.close(),
  };
  // In process there is no round trip to save: the last statement runs, then the commit.
  registerCommittingTransaction(db, (fn) =>
    runMarked(() => counted(() => pg.transaction((tx) => fn(committingAfter(wrapTx(tx), () => tx.exec("commit").then(() => undefined)))))),
  );
  registerPoolStats(db, () => ({ max: 1, open: 1, inUse: Math.min(inFlight, 1), idle: inFlight > 0 ? 0 : 1, waiting: Math.max(inFlight - 1, 0) }));
  return db;
}

/** Opens the embedded database in dir (created when missing), or in memory when dir is undefined. */
export async function openPglite(dir: string | undefined, loadDataDir?: Blob): Promise<Db> {
  if (dir) await mkdir(dir, { recursive: true });
  const pg = await PGlite.create({ dataDir: dir, extensions, loadDataDir });
  return wrapPglite(pg);
}

export { extensions as pgliteExtensions };
