import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../db/db.js";
import { testDb, unique } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";
import { claimJob, enqueueJob, type JobRow } from "./job.repository.js";
import { JobWorker, PermanentJobError } from "./worker.js";

const workers: JobWorker[] = [];
afterAll(() => Promise.all(workers.map((w) => w.stop())));

function worker(db: Db, options: ConstructorParameters<typeof JobWorker>[1] = {}): JobWorker {
  const w = new JobWorker(db, { pollMs: 20, retryDelayMs: () => 0, ...options });
  workers.push(w);
  return w;
}

const jobRow = async (db: Db, id: number) =>
  (await db.query<JobRow & { locked_until: Date | null }>("select * from jobs where id = $1", [id]))[0]!;

describe("jobs", () => {
  it("runs every job once with two workers polling the same queue", async () => {
    const db = await testDb();
    const kind = unique("test.once");
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await enqueueJob(db, { kind, payload: { i } }));
    const runs = new Map<number, string[]>();
    const handler = (name: string) => async ({ job }: { job: JobRow }) => {
      runs.set(job.id, [...(runs.get(job.id) ?? []), name]);
      await new Promise((r) => setTimeout(r, 5));
      return { by: name };
    };
    const a = worker(db).handle(kind, handler("a"));
    const b = worker(db).handle(kind, handler("b"));
    // Both claim at the same moment first: only one gets each job.
    const [first, second] = await Promise.all([claimJob(db, [kind], a.id, 60_000), claimJob(db, [kind], b.id, 60_000)]);
    expect(first!.id).not.toBe(second!.id);
    await db.query("update jobs set state = 'queued', attempts = 0, locked_by = null, locked_until = null where id = any($1::int[])", [[first!.id, second!.id]]);
    a.start();
    b.start();
    await waitFor(async () => {
      const rows = await db.query<{ n: number }>("select count(*)::int as n from jobs where kind = $1 and state = 'done'", [kind]);
      expect(rows[0]!.n).toBe(12);
    }, { timeout: 30_000 });
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
    for (const names of runs.values()) expect(names).toHaveLength(1);
    const done = await jobRow(db, ids[0]!);
    expect(done).toMatchObject({ state: "done", attempts: 1, locked_until: null });
    expect(["a", "b"]).toContain((done.result as { by: string }).by);
  });

  it("claims again a job whose worker died once its lease expires, and finishes it", async () => {
    const db = await testDb();
    const kind = unique("test.lease");
    const id = await enqueueJob(db, { kind, payload: {} });
    // A worker claims it with a short lease and dies without a word.
    expect((await claimJob(db, [kind], "dead-worker", 100))!.id).toBe(id);
    const w = worker(db).handle(kind, async ({ progress }) => {
      await progress(3, 3);
      return { ok: true };
    });
    expect(await w.runOnce()).toBe(false);
    await new Promise((r) => setTimeout(r, 150));
    expect(await w.runOnce()).toBe(true);
    expect(await jobRow(db, id)).toMatchObject({ state: "done", attempts: 2, progress_done: 3, progress_total: 3, result: { ok: true } });
  });

  it("fails a job whose lease expired on its last attempt", async () => {
    const db = await testDb();
    const kind = unique("test.lease-last");
    const id = await enqueueJob(db, { kind, payload: {}, maxAttempts: 1 });
    await claimJob(db, [kind], "dead-worker", 50);
    await new Promise((r) => setTimeout(r, 100));
    const w = worker(db).handle(kind, async () => ({}));
    expect(await w.runOnce()).toBe(false);
    expect(await jobRow(db, id)).toMatchObject({ state: "failed", attempts: 1, error: "lease expired on the last attempt" });
  });

  it("retries a failing job up to its attempts, then leaves it failed with its error", async () => {
    const db = await testDb();
    const kind = unique("test.fail");
    const id = await enqueueJob(db, { kind, payload: {}, maxAttempts: 3 });
    let calls = 0;
    const w = worker(db).handle(kind, async () => {
      calls++;
      throw new Error(`broken ${calls}`);
    });
    while (await w.runOnce());
    expect(calls).toBe(3);
    expect(await jobRow(db, id)).toMatchObject({ state: "failed", attempts: 3, error: "broken 3" });
    expect((await jobRow(db, id)).finished_at).toBeInstanceOf(Date);
  });

  it("fails at once on a PermanentJobError, and a job is not run before its time", async () => {
    const db = await testDb();
    const kind = unique("test.permanent");
    const id = await enqueueJob(db, { kind, payload: {} });
    const later = await enqueueJob(db, { kind, payload: {}, runAfter: new Date(Date.now() + 60_000) });
    const w = worker(db).handle(kind, async () => {
      throw new PermanentJobError("nothing to do");
    });
    expect(await w.runOnce()).toBe(true);
    expect(await w.runOnce()).toBe(false);
    expect(await jobRow(db, id)).toMatchObject({ state: "failed", attempts: 1, error: "nothing to do" });
    expect(await jobRow(db, later)).toMatchObject({ state: "queued", attempts: 0 });
  });

  it("hands a job in progress back to the queue when the worker stops, without using an attempt", async () => {
    const db = await testDb();
    const kind = unique("test.stop");
    const id = await enqueueJob(db, { kind, payload: {} });
    let started = false;
    const w = worker(db).handle(kind, ({ signal }) => {
      started = true;
      return new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
    });
    w.start();
    await waitFor(() => expect(started).toBe(true));
    await w.stop();
    expect(await jobRow(db, id)).toMatchObject({ state: "queued", attempts: 0, locked_until: null });
  });
});
