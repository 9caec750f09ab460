import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RealtimeMessage } from "@atalaya/shared";
import type { ReportAudience } from "../auth/restrictions.js";
import { body, buildCompany, buildUser, loginAs, TEST_ORIGIN, testApp, testDb } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";
import { memoryBus, redisBus, type BusMessage, type EventBus } from "./bus.js";
import { logPublishFailures, startRelay, type OutboxLog } from "./outbox.js";
import { changeWithEventsDetailed } from "./publish.js";

const ANYWHERE: ReportAudience = { zoneIds: [], typeId: 1, assignedUserId: null };

/** A bus whose publish always fails (Redis away), or only while `down` says so. */
function failingBus(down: () => boolean = () => true): EventBus & { sent: BusMessage[] } {
  const inner = memoryBus();
  const sent: BusMessage[] = [];
  const bus: EventBus & { sent: BusMessage[] } = {
    kind: "memory",
    sent,
    async publish(message) {
      if (down()) throw new Error("bus down");
      sent.push(message);
      await inner.publish(message);
    },
    subscribe: inner.subscribe,
    close: inner.close,
  };
  logPublishFailures(bus, { warn: () => undefined, info: () => undefined });
  return bus;
}

const silentLog = () => ({ warn: vi.fn<OutboxLog["warn"]>(), info: vi.fn<OutboxLog["info"]>() });

async function emitWith(app: FastifyInstance, bus: EventBus, companyId: number, n: number, onPublishError?: (err: unknown) => void) {
  const { events } = await changeWithEventsDetailed(
    app.ctx.db,
    bus,
    async (_tx, emit) => {
      for (let i = 0; i < n; i++) await emit(companyId, "updateReport", { i }, ANYWHERE);
    },
    { onPublishError },
  );
  return events;
}

/** Makes a company's outbox rows due now instead of in a second. */
async function dueNow(companyId: number) {
  const db = await testDb();
  await db.query("update event_outbox set due_at = clock_timestamp() - interval '1 second' where company_id = $1", [companyId]);
}

async function outboxSeqs(companyId: number): Promise<number[]> {
  const db = await testDb();
  return (await db.query<{ seq: number }>("select seq from event_outbox where company_id = $1 order by seq", [companyId])).map((r) => r.seq);
}

let app: FastifyInstance;
let second: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  // Another server process: with TEST_REDIS_URL the two meet only through Redis.
  second = await testApp();
});
afterAll(async () => {
  await app.close();
  await second.close();
});

describe("outbox relay", () => {
  it("a failed publish is logged, and the relay sends the stored event to the sockets of another process", async () => {
    const db = await testDb();
    const company = await buildCompany(db);
    const token = await loginAs(app, await buildUser(db, { companyId: company.id }));
    const res = await second.inject({ method: "POST", url: "/api/realtime/ticket", headers: { "access-token": token }, payload: { companyId: company.id } });
    await second.ready();
    const received: RealtimeMessage[] = [];
    const ws = await second.injectWS(`/api/realtime?ticket=${encodeURIComponent(body<{ ticket: string }>(res).ticket)}`, { headers: { origin: TEST_ORIGIN } }, {
      onInit: (socket) => socket.on("message", (raw) => received.push(JSON.parse(String(raw)) as RealtimeMessage)),
    });
    await waitFor(() => received.length >= 1);

    const broken = failingBus();
    const log = silentLog();
    // A relay on the broken bus registers where its publish failures are logged.
    const brokenRelay = startRelay(db, broken, log, { intervalMs: 3_600_000 });
    const onPublishError = vi.fn();
    const [event] = await emitWith(app, broken, company.id, 1, onPublishError);
    expect(onPublishError).toHaveBeenCalledOnce();
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ companyId: company.id, seq: event!.seq }), expect.stringContaining("publish failed"));
    expect(await outboxSeqs(company.id)).toEqual([event!.seq]);
    await brokenRelay.stop();

    // The apps' own relays (every 2 s, for events left a second) publish it on the working bus.
    await waitFor(() => expect(received.filter((m) => m.type === "updateReport")).toEqual([event]), { timeout: 10_000 });
    await waitFor(async () => expect(await outboxSeqs(company.id)).toEqual([]));
    ws.close();
  });

  it("published events leave the outbox (marked in batches); nothing is left for the relay", async () => {
    const company = await buildCompany(await testDb());
    await emitWith(app, app.ctx.bus, company.id, 3);
    await emitWith(app, app.ctx.bus, company.id, 2);
    await waitFor(async () => expect(await outboxSeqs(company.id)).toEqual([]));
  });

  it("sends a change's events together, in order, without waiting for each reply; a failed one and those after it stay for the relay", async () => {
    const company = await buildCompany(await testDb());
    // A bus whose publishes answer only when released, the third one with a failure.
    const asked: number[] = [];
    const replies: (() => void)[] = [];
    const inner = memoryBus();
    const held: EventBus = {
      kind: "memory",
      publish: (message) =>
        new Promise<void>((resolve, reject) => {
          asked.push(message.seq);
          const n = asked.length;
          replies.push(() => (n === 3 ? reject(new Error("bus down")) : resolve()));
        }),
      subscribe: inner.subscribe,
      close: inner.close,
    };
    const log = silentLog();
    logPublishFailures(held, log);
    const failures: unknown[] = [];
    const change = emitWith(app, held, company.id, 4, (err) => failures.push(err));
    // All four are asked for before any publish answered (before: one at a time, each after a reply).
    await waitFor(async () => expect(asked).toHaveLength(4));
    const seqs = await outboxSeqs(company.id);
    expect(asked).toEqual(seqs);
    for (const reply of replies) reply();
    await change;
    expect(failures).toHaveLength(1);
    // The failed third is logged with what it leaves unsent (itself and the fourth: their outbox rows
    // stay, for the relay); the first two are marked published and leave the outbox.
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ companyId: company.id, seq: seqs[2], unsent: 2 }), expect.stringContaining("publish failed"));
    await waitFor(async () => expect(await outboxSeqs(company.id)).not.toEqual(expect.arrayContaining([seqs[0]])));
    expect(await outboxSeqs(company.id)).not.toContain(seqs[1]);
  });

  // Other relays (this file's apps, other test workers on PostgreSQL) may take some of these events
  // too: the assertions hold whoever sends what.
  it("a relay whose publish fails logs it once and makes the events due again at once", async () => {
    const db = await testDb();
    const company = (await buildCompany(db)).id;
    const attempts: BusMessage[] = [];
    const down = Object.assign(failingBus(), {
      async publish(message: BusMessage) {
        attempts.push(message);
        throw new Error("bus down");
      },
    });
    const log = silentLog();
    const relay = startRelay(db, down, log, { intervalMs: 3_600_000 });
    for (let tries = 0; attempts.length === 0 && tries < 10; tries++) {
      await emitWith(app, failingBus(), company, 3);
      await dueNow(company);
      expect(await relay.run()).toBe(0);
    }
    expect(attempts.length).toBeGreaterThan(0);
    expect(log.warn).toHaveBeenCalledOnce();
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("publish failing"));
    // Not leased for long: a working relay sends it at once. Had the failing relay kept its 30 s lease,
    // no relay could claim it within waitFor's time. (Another relay may send it first: same outcome.)
    const [failed] = attempts;
    const up = startRelay(db, failingBus(() => false), silentLog(), { intervalMs: 3_600_000 });
    await waitFor(async () => {
      await up.run();
      expect(await outboxSeqs(failed!.companyId)).not.toContain(failed!.seq);
    }, { timeout: 10_000, interval: 100 });
    await up.stop();
    await relay.stop();
  });

  it("publishes in seq order per company and each event by one relay only", async () => {
    const db = await testDb();
    const c1 = (await buildCompany(db)).id;
    const c2 = (await buildCompany(db)).id;
    const broken = failingBus();
    for (let i = 0; i < 4; i++) {
      await emitWith(app, broken, c1, 5);
      await emitWith(app, broken, c2, 3);
    }
    await dueNow(c1);
    await dueNow(c2);
    // Two relays (two processes) at once, in small claims.
    const a = failingBus(() => false);
    const b = failingBus(() => false);
    const relayA = startRelay(db, a, silentLog(), { intervalMs: 3_600_000, batch: 7 });
    const relayB = startRelay(db, b, silentLog(), { intervalMs: 3_600_000, batch: 7 });
    // Until both companies' outboxes are empty. On PostgreSQL the database is shared with the other test
    // worker, whose relays claim any company's due events too: an event it holds when ours look is
    // neither lost nor ours to send, and its row goes once that relay has sent it.
    await waitFor(async () => {
      await Promise.all([relayA.run(), relayB.run()]);
      for (const cid of [c1, c2]) expect(await outboxSeqs(cid)).toEqual([]);
    }, { timeout: 10_000, interval: 100 });
    await relayA.stop();
    await relayB.stop();
    for (const cid of [c1, c2]) {
      const sentA = a.sent.filter((m) => m.companyId === cid).map((m) => m.seq);
      const sentB = b.sent.filter((m) => m.companyId === cid).map((m) => m.seq);
      expect(sentA).toEqual([...sentA].sort((x, y) => x - y));
      expect(sentB).toEqual([...sentB].sort((x, y) => x - y));
      expect(sentA.filter((seq) => sentB.includes(seq))).toEqual([]);
    }
    // They go out as stored: with their audience, for the hubs to filter.
    for (const m of [...a.sent, ...b.sent]) expect(m.audience).toEqual(ANYWHERE);
  });

  it("runs as soon as the bus is back after an outage", async () => {
    const db = await testDb();
    const company = (await buildCompany(db)).id;
    await emitWith(app, failingBus(), company, 2);
    await dueNow(company);
    const handlers = new Set<() => void>();
    const bus = Object.assign(failingBus(() => false), {
      onReconnect(handler: () => void) {
        handlers.add(handler);
        return () => handlers.delete(handler);
      },
    });
    const relay = startRelay(db, bus, silentLog(), { intervalMs: 3_600_000 });
    for (const h of handlers) h();
    await waitFor(async () => expect(await outboxSeqs(company)).toEqual([]));
    await relay.stop();
    expect(handlers.size).toBe(0);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)("Redis: the bus reports a reconnect when its connections come back (ready after close)", async () => {
    const name = `atalaya-outbox-test-${process.pid}`;
    const bus = await redisBus(process.env.TEST_REDIS_URL!, () => undefined, { prefix: `atalaya-test-${process.pid}:`, connectionName: name });
    const admin = new Redis(process.env.TEST_REDIS_URL!);
    try {
      const reconnected = vi.fn();
      bus.onReconnect!(reconnected);
      const list = String(await admin.client("LIST"));
      const ids = list.split("\n").filter((line) => line.includes(` name=${name} `)).map((line) => /(?:^| )id=(\d+)/.exec(line)![1]!);
      expect(ids).toHaveLength(2);
      for (const id of ids) await admin.client("KILL", "ID", id);
      await waitFor(() => expect(reconnected).toHaveBeenCalled(), { timeout: 10_000 });
      // And it works again: a message goes through.
      const got: BusMessage[] = [];
      bus.subscribe((m) => got.push(m));
      const message: BusMessage = { type: "updateReport", seq: 1, companyId: -1, data: {}, audience: ANYWHERE };
      await waitFor(async () => {
        await bus.publish(message);
        expect(got).toContainEqual(message);
      });
    } finally {
      await bus.close();
      admin.disconnect();
    }
  });
});
