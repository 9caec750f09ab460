import type { Db } from "../db/db.js";
import type { BusMessage, EventBus } from "./bus.js";
import { claimDueEvents, markPublished, releaseClaims } from "./event.repository.js";

/** The few logger calls the outbox makes (pino's logger has them). */
export interface OutboxLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

// Where publish failures of a bus are logged: the relay running on that bus registers its logger.
const logs = new WeakMap<EventBus, OutboxLog>();
const fallbackLog: OutboxLog = {
  info: () => undefined,
  warn: (obj, msg) => console.warn(msg, obj),
};

/** Where the publish failures on a bus are logged (startRelay sets its own logger; else the console). */
export function logPublishFailures(bus: EventBus, log: OutboxLog): void {
  logs.set(bus, log);
}

/** Counts what a bus publishes (GET /metrics): `commit` right after a change's commit, `relay` by the
 * outbox relay (stored events whose first publish failed or whose process died). */
export interface PublishObserver {
  published(via: "commit" | "relay", count: number): void;
  failed(via: "commit" | "relay"): void;
}
const observers = new WeakMap<EventBus, PublishObserver>();

/** Reports every publish on this bus, by this process, to observer (one observer per bus). */
export function observePublishes(bus: EventBus, observer: PublishObserver): void {
  observers.set(bus, observer);
}

type Key = { companyId: number; seq: number };
const MARK_DELAY_MS = 50;

/** Outbox rows of published events, deleted together: one statement per MARK_DELAY_MS under load
 * instead of one per change. A mark lost (crash, database error) only means a duplicate publish later,
 * which clients drop by seq. */
class PublishedMarks {
  private keys: Key[] = [];
  private timer: NodeJS.Timeout | undefined;
  private last: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  add(keys: readonly Key[]): void {
    if (keys.length === 0) return;
    this.keys.push(...keys);
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), MARK_DELAY_MS);
    this.timer.unref();
  }

  /** Writes the marks waiting now; resolves once every mark added so far is written. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.keys.splice(0);
    if (batch.length > 0) this.last = this.last.then(() => markPublished(this.db, batch).catch(() => undefined));
    return this.last;
  }
}
const marksByDb = new WeakMap<Db, PublishedMarks>();
function marksOf(db: Db): PublishedMarks {
  let marks = marksByDb.get(db);
  if (!marks) marksByDb.set(db, (marks = new PublishedMarks(db)));
  return marks;
}

/** Publishes stored events in order after their commit. They are sent together, not each after the
 * previous one's reply: on the bus's one connection they still arrive in order, and a batch of reports
 * (group commit) no longer waits a round trip, and a turn of a busy event loop, per event before its
 * creators get their answers. From the first failed publish on, the events are logged and left to the
 * relay (they are stored, and their outbox rows stay; one sent after it anyway is sent again, which
 * clients drop by seq); the published ones before it are marked. */
export async function publishStored(
  db: Db,
  bus: EventBus,
  events: readonly BusMessage[],
  onPublishError?: (err: unknown) => void,
): Promise<void> {
  const sent: Key[] = [];
  const outcomes = await Promise.allSettled(events.map((message) => bus.publish(message)));
  for (const [i, outcome] of outcomes.entries()) {
    const message = events[i]!;
    if (outcome.status === "fulfilled") {
      sent.push({ companyId: message.companyId, seq: message.seq });
      continue;
    }
    onPublishError?.(outcome.reason);
    (logs.get(bus) ?? fallbackLog).warn(
      { err: outcome.reason, companyId: message.companyId, seq: message.seq, unsent: events.length - sent.length },
      "event publish failed: the outbox relay will send it",
    );
    observers.get(bus)?.failed("commit");
    break;
  }
  if (sent.length > 0) observers.get(bus)?.published("commit", sent.length);
  marksOf(db).add(sent);
}

export interface RelayOptions {
  /** Time between two rounds (ms). */
  intervalMs?: number;
  /** Events claimed at most by one claim. */
  batch?: number;
}

/** The outbox relay of one process. */
export interface Relay {
  /** Runs one round now (or joins the running one); resolves with the number of events published. */
  run(): Promise<number>;
  /** Stops the rounds, waits for the running one and writes the pending published marks. */
  stop(): Promise<void>;
}

/** Starts the outbox relay: every intervalMs, and whenever the bus is back after an outage, it claims
 * stored events whose publish did not happen within a second (the publish failed, or the process that
 * made them died) and publishes them in seq order per company. Claims skip rows another process's
 * relay holds, so across processes each event is sent by one of them. */
export function startRelay(db: Db, bus: EventBus, log: OutboxLog, options: RelayOptions = {}): Relay {
  const intervalMs = options.intervalMs ?? 2000;
  const batch = options.batch ?? 500;
  logPublishFailures(bus, log);
  let stopped = false;
  let failing = false;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function round(): Promise<number> {
    let published = 0;
    for (;;) {
      const claimed = await claimDueEvents(db, batch);
      if (claimed.length === 0) break;
      // Outbox rows whose event is gone (its company was deleted) are simply forgotten.
      const done: Key[] = claimed.filter((m) => m.type === null).map(({ companyId, seq }) => ({ companyId, seq }));
      const messages = claimed.filter((m): m is BusMessage => m.type !== null);
      let failedAt = -1;
      for (const [i, message] of messages.entries()) {
        try {
          await bus.publish(message);
          done.push({ companyId: message.companyId, seq: message.seq });
          published++;
          observers.get(bus)?.published("relay", 1);
        } catch (err) {
          failedAt = i;
          observers.get(bus)?.failed("relay");
          if (!failing) log.warn({ err, companyId: message.companyId, seq: message.seq }, "outbox relay: publish failing, retrying");
          failing = true;
          break;
        }
      }
      await markPublished(db, done);
      if (failedAt >= 0) {
        await releaseClaims(db, messages.slice(failedAt).map(({ companyId, seq }) => ({ companyId, seq })));
        break;
      }
      if (failing) log.info({}, "outbox relay: publishing again");
      failing = false;
      if (claimed.length < batch) break;
    }
    if (published > 0) log.info({ count: published }, "outbox relay: published stored events that had not been sent");
    return published;
  }

  function run(): Promise<number> {
    running ??= round().finally(() => (running = undefined));
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      run()
        .catch((err: unknown) => log.warn({ err }, "outbox relay: round failed"))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  }
  schedule();
  const offReconnect = bus.onReconnect?.(() => {
    if (!stopped) run().catch((err: unknown) => log.warn({ err }, "outbox relay: round failed"));
  });

  return {
    run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      offReconnect?.();
      await running?.catch(() => undefined);
      await marksOf(db).flush();
      if (logs.get(bus) === log) logs.delete(bus);
    },
  };
}
