import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

export type JobState = "queued" | "running" | "done" | "failed";

/** One stored job (its state narrowed to the ones the worker sets, its JSON to objects). */
export type JobRow = Pick<
  Tables["jobs"],
  | "id"
  | "company_id"
  | "kind"
  | "payload"
  | "state"
  | "progress_done"
  | "progress_total"
  | "result"
  | "error"
  | "attempts"
  | "max_attempts"
  | "created_by"
  | "created_at"
  | "finished_at"
> & { payload: Record<string, unknown>; state: JobState; result: Record<string, unknown> | null };

const COLUMNS = `id, company_id, kind, payload, state, progress_done, progress_total, result, error, attempts, max_attempts,
  created_by, created_at, finished_at`;

/** What a new job is: its kind, for whom, and what its handler needs. */
export interface NewJob {
  kind: string;
  /** The company the job works for (its scope's company), or none for a system task. */
  scope?: TenantScope;
  payload: Record<string, unknown>;
  createdBy?: number;
  maxAttempts?: number;
  /** Not before this time (a delayed or scheduled task). */
  runAfter?: Date;
}

/** Stores a job to be run by any process's worker; answers its id. Inside a transaction, the job exists
 * only if the transaction commits. */
export async function enqueueJob(db: Tx, job: NewJob): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    `insert into jobs (company_id, kind, payload, created_by, max_attempts, run_after)
     values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now())) returning id`,
    [job.scope?.companyId ?? null, job.kind, JSON.stringify(job.payload), job.createdBy ?? null, job.maxAttempts ?? 3, job.runAfter?.toISOString() ?? null],
  );
  return row!.id;
}

/** A job of the scope's company (undefined for another company's, or a missing one). */
export function findCompanyJob(db: Db, scope: TenantScope, kind: string, id: number): Promise<JobRow | undefined> {
  return one<JobRow>(db, `select ${COLUMNS} from jobs where id = $1 and company_id = $2 and kind = $3`, [id, scope.companyId, kind]);
}

/** Jobs of a kind that finished before a time (for purges of what they left behind). */
export function finishedJobsBefore(db: Db, kind: string, before: Date, limit = 500): Promise<JobRow[]> {
  return db.query<JobRow>(
    `select ${COLUMNS} from jobs where kind = $1 and state in ('done', 'failed') and finished_at < $2 order by id limit $3`,
    [kind, before.toISOString(), limit],
  );
}

/** Removes jobs by id. */
export async function deleteJobs(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.query("delete from jobs where id = any($1::int[])", [ids]);
}

/** Claims the next runnable job of these kinds for a worker: a queued one whose time has come, or a
 * running one whose lease expired (its worker died), while attempts remain. `for update skip locked`:
 * two workers never claim the same job. Running jobs whose lease expired on their last attempt fail. */
export async function claimJob(db: Db, kinds: readonly string[], workerId: string, leaseMs: number): Promise<JobRow | undefined> {
  await db.query(
    `update jobs set state = 'failed', error = coalesce(error, 'lease expired on the last attempt'), locked_until = null,
            finished_at = now(), updated_at = now()
      where kind = any($1::text[]) and state = 'running' and locked_until < now() and attempts >= max_attempts`,
    [kinds],
  );
  return one<JobRow>(
    db,
    `update jobs j set state = 'running', attempts = j.attempts + 1, locked_by = $2, updated_at = now(),
            locked_until = now() + make_interval(secs => $3::double precision / 1000)
      where j.id = (select id from jobs
                     where kind = any($1::text[]) and attempts < max_attempts
                       and ((state = 'queued' and run_after <= now()) or (state = 'running' and locked_until < now()))
                     order by run_after, id limit 1 for update skip locked)
      returning j.*`,
    [kinds, workerId, leaseMs],
  );
}

/** Extends the lease and records progress; false when the worker no longer holds the job (its lease
 * expired and another worker claimed it). */
export async function touchJob(db: Db, job: JobRow, workerId: string, leaseMs: number, progress?: { done: number; total?: number }): Promise<boolean> {
  const rows = await db.query(
    `update jobs set locked_until = now() + make_interval(secs => $4::double precision / 1000), updated_at = now(),
            progress_done = coalesce($5, progress_done), progress_total = coalesce($6, progress_total)
      where id = $1 and locked_by = $2 and attempts = $3 and state = 'running' returning id`,
    [job.id, workerId, job.attempts, leaseMs, progress?.done ?? null, progress?.total ?? null],
  );
  return rows.length > 0;
}

/** Ends a claimed job: done with its result, failed with its error, or back in the queue for a retry. */
export async function settleJob(
  db: Db,
  job: JobRow,
  workerId: string,
  outcome: { state: "done"; result: unknown } | { state: "failed"; error: string } | { state: "queued"; error: string | null; retryInMs: number; releaseAttempt?: boolean },
): Promise<void> {
  const owned = "id = $1 and locked_by = $2 and attempts = $3 and state = 'running'";
  const base = [job.id, workerId, job.attempts];
  if (outcome.state === "done")
    await db.query(
      `update jobs set state = 'done', result = $4, locked_until = null, finished_at = now(), updated_at = now() where ${owned}`,
      [...base, JSON.stringify(outcome.result ?? null)],
    );
  else if (outcome.state === "failed")
    await db.query(
      `update jobs set state = 'failed', error = $4, locked_until = null, finished_at = now(), updated_at = now() where ${owned}`,
      [...base, outcome.error],
    );
  else
    await db.query(
      `update jobs set state = 'queued', error = $4, locked_until = null, locked_by = null, updated_at = now(),
              attempts = attempts - $6, run_after = now() + make_interval(secs => $5::double precision / 1000) where ${owned}`,
      [...base, outcome.error, outcome.retryInMs, outcome.releaseAttempt ? 1 : 0],
    );
}
