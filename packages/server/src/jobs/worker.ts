import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/db.js";
import { claimJob, settleJob, touchJob, type JobRow } from "./job.repository.js";
import { queueDueSchedules, type Schedule } from "./schedules.js";

/** What a handler gets: its job, a way to report progress (which also extends the lease), and a signal
 * aborted when the worker stops or loses the job. */
export interface JobContext {
  job: JobRow;
  /** Records rows done (of total); throws when the job is no longer this worker's. */
  progress(done: number, total?: number): Promise<void>;
  signal: AbortSignal;
}

/** Runs one job of a kind; its answer is stored as the job's result. */
export type JobHandler = (ctx: JobContext) => Promise<unknown>;

/** Thrown by a handler for a failure a retry cannot fix: the job fails at once. */
export class PermanentJobError extends Error {}

class LeaseLost extends Error {}

export interface JobWorkerOptions {
  /** How often an idle worker looks for work. */
  pollMs?: number;
  /** How long a claimed job stays this worker's without news; past it another worker may claim it. */
  leaseMs?: number;
  /** Delay before retry number `attempt + 1` after a failed attempt. */
  retryDelayMs?: (attempt: number) => number;
  /** How often the worker looks for recurring tasks whose time has come (see every()). */
  scheduleCheckMs?: number;
  log?: Pick<FastifyBaseLogger, "error" | "warn">;
}

/** A worker loop: claims jobs of the kinds it has handlers for, one at a time, and runs them. Every
 * process runs one; the database decides who runs what, so a job runs once across processes. */
export class JobWorker {
  readonly id = randomUUID();
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules: Schedule[] = [];
  private nextScheduleCheck = 0;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly retryDelayMs: (attempt: number) => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private current: AbortController | undefined;
  private stopped = true;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly options: JobWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.retryDelayMs = options.retryDelayMs ?? ((attempt) => Math.min(60_000, 1000 * 2 ** attempt));
  }

  /** Registers the handler of a kind (before start). */
  handle(kind: string, handler: JobHandler): this {
    this.handlers.set(kind, handler);
    return this;
  }

  /** Queues a job of `kind` every `everyMs`, once across processes (jobs/schedules.ts); its handler
   * must be registered too. */
  every(kind: string, everyMs: number): this {
    this.schedules.push({ kind, everyMs });
    return this;
  }

  /** Starts polling. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for work now (after enqueueing a job in this process). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops polling; a job in progress is aborted and handed back to the queue without using an attempt. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.current?.abort();
    await this.running;
  }

  /** Claims and runs one job; false when there was none. */
  async runOnce(): Promise<boolean> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return false;
    const job = await claimJob(this.db, kinds, this.id, this.leaseMs);
    if (!job) return false;
    await this.run(job);
    return true;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.loop().finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.again ? 0 : this.pollMs);
        this.again = false;
      });
    }, ms);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    try {
      if (this.schedules.length > 0 && Date.now() >= this.nextScheduleCheck) {
        this.nextScheduleCheck = Date.now() + (this.options.scheduleCheckMs ?? 10_000);
        await queueDueSchedules(this.db, this.schedules);
      }
      while (!this.stopped && (await this.runOnce()));
    } catch (err) {
      if (!this.stopped) this.options.log?.error({ err }, "job worker");
    }
  }

  private async run(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    const abort = new AbortController();
    this.current = abort;
    let lost = false;
    const keep = async (progress?: { done: number; total?: number }) => {
      if (lost || !(await touchJob(this.db, job, this.id, this.leaseMs, progress))) {
        lost = true;
        abort.abort();
        throw new LeaseLost(`job ${job.id} is no longer this worker's`);
      }
    };
    // The lease is renewed while the handler works, even between progress reports.
    const heartbeat = setInterval(() => void keep().catch(() => undefined), Math.max(50, this.leaseMs / 3));
    heartbeat.unref();
    try {
      const result = await handler({ job, progress: (done, total) => keep({ done, ...(total === undefined ? {} : { total }) }), signal: abort.signal });
      clearInterval(heartbeat);
      if (!lost) await settleJob(this.db, job, this.id, { state: "done", result });
    } catch (err) {
      clearInterval(heartbeat);
      if (lost) return;
      const message = err instanceof Error ? err.message : String(err);
      if (this.stopped && abort.signal.aborted)
        await settleJob(this.db, job, this.id, { state: "queued", error: null, retryInMs: 0, releaseAttempt: true });
      else if (err instanceof PermanentJobError || job.attempts >= job.max_attempts) {
        this.options.log?.error({ err, jobId: job.id, kind: job.kind }, "job failed");
        await settleJob(this.db, job, this.id, { state: "failed", error: message });
      } else {
        this.options.log?.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, "job attempt failed; will retry");
        await settleJob(this.db, job, this.id, { state: "queued", error: message, retryInMs: this.retryDelayMs(job.attempts) });
      }
    } finally {
      this.current = undefined;
    }
  }
}
