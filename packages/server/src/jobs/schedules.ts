import type { Db } from "../db/db.js";
import { enqueueJob } from "./job.repository.js";

/** A recurring task: a job of `kind` queued every `everyMs`. */
export interface Schedule {
  kind: string;
  everyMs: number;
}

/** Queues the job of every schedule whose time has come, once across processes: the update that
 * claims a schedule's run also moves its next run forward, in the transaction that queues the job.
 * A schedule seen for the first time runs at once; a changed period applies from its next run. */
export async function queueDueSchedules(db: Db, schedules: readonly Schedule[]): Promise<string[]> {
  if (schedules.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.query(
      `insert into job_schedules (kind, every_seconds)
       select * from unnest($1::text[], $2::int[]) on conflict (kind) do update set every_seconds = excluded.every_seconds`,
      [schedules.map((s) => s.kind), schedules.map((s) => Math.max(1, Math.round(s.everyMs / 1000)))],
    );
    const due = await tx.query<{ kind: string }>(
      `update job_schedules set next_run_at = now() + make_interval(secs => every_seconds)
        where kind = any($1::text[]) and next_run_at <= now() returning kind`,
      [schedules.map((s) => s.kind)],
    );
    for (const { kind } of due) await enqueueJob(tx, { kind, payload: {}, maxAttempts: 1 });
    return due.map((d) => d.kind);
  });
}
