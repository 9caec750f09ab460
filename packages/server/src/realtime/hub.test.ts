import type { WebSocket } from "ws";
import { afterEach, describe, expect, it } from "vitest";
import type { RealtimeMessage } from "@atalaya/shared";
import { memoryBus, type BusMessage } from "./bus.js";
import { Hub } from "./hub.js";
import { waitFor } from "../test/wait-for.js";

/** The text messages in a run of unmasked frames, as a browser would read them. */
function messagesIn(bytes: Buffer): RealtimeMessage[] {
  const out: RealtimeMessage[] = [];
  for (let at = 0; at < bytes.length; ) {
    let length = bytes.readUInt8(at + 1) & 0x7f;
    let start = at + 2;
    if (length === 126) [length, start] = [bytes.readUInt16BE(at + 2), at + 4];
    else if (length === 127) [length, start] = [Number(bytes.readBigUInt64BE(at + 2)), at + 10];
    expect(bytes[at]).toBe(0x81); // a whole text frame
    out.push(JSON.parse(bytes.toString("utf8", start, start + length)) as RealtimeMessage);
    at = start + length;
  }
  return out;
}

/** A stand-in for an open ws socket: records what is sent, through ws or as frames written straight to
 * the TCP socket, and how often that socket is written to and corked. */
function fakeSocket(bufferedAmount = 0) {
  const sent: RealtimeMessage[] = [];
  const tcp = {
    corks: 0,
    uncorks: 0,
    writes: 0,
    cork() { this.corks++; },
    uncork() { this.uncorks++; },
    write(bytes: Buffer) {
      this.writes++;
      sent.push(...messagesIn(bytes));
    },
  };
  const socket = {
    OPEN: 1,
    readyState: 1,
    extensions: "",
    bufferedAmount,
    sent,
    closedWith: undefined as number | undefined,
    _socket: tcp,
    send(data: Buffer) { sent.push(JSON.parse(data.toString()) as RealtimeMessage); },
    close(code: number) { this.closedWith = code; },
    ping() {},
    terminate() { this.closedWith = -1; },
    on() { return this; },
  };
  return socket;
}

const message = (companyId: number, seq: number): RealtimeMessage => ({ type: "updateReport", seq, companyId, data: { n: seq } });

let hub: Hub | undefined;
afterEach(() => hub?.close());

describe("Hub", () => {
  it("sends a lone event at once, and a burst in order, coalesced into a few writes a socket", async () => {
    const bus = memoryBus();
    hub = new Hub(bus);
    const a = fakeSocket();
    const b = fakeSocket();
    const other = fakeSocket();
    hub.add(a as unknown as WebSocket, 1, 10, "x");
    hub.add(b as unknown as WebSocket, 2, 10, "y");
    hub.add(other as unknown as WebSocket, 3, 11, "z");

    await bus.publish(message(10, 1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(a.sent.map((m) => m.seq)).toEqual([1]);

    for (let seq = 2; seq <= 50; seq++) await bus.publish(message(10, seq));
    await waitFor(() => expect([a.sent.length, b.sent.length]).toEqual([50, 50]));
    for (const s of [a, b]) {
      expect(s.sent.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(s._socket.writes + s._socket.corks).toBeLessThanOrEqual(3);
      expect(s._socket.corks).toBe(s._socket.uncorks);
    }
    expect(other.sent).toEqual([]);
  });

  it("spaces flushes that take long by their time, and sends what came meanwhile in one write", async () => {
    const bus = memoryBus();
    hub = new Hub(bus);
    // A socket whose every write costs 30 ms of the event loop (more than COALESCE_MS), like a flush to
    // thousands of sockets.
    const slow = fakeSocket();
    const flushes: { start: number; end: number }[] = [];
    const write = slow._socket.write.bind(slow._socket);
    slow._socket.write = (bytes: Buffer) => {
      const start = performance.now();
      while (performance.now() - start < 30);
      write(bytes);
      flushes.push({ start, end: performance.now() });
    };
    hub.add(slow as unknown as WebSocket, 1, 10, "x");

    await bus.publish(message(10, 1));
    await waitFor(() => expect(slow.sent).toHaveLength(1));
    // The rest arrive one turn of the event loop apart, within the 30 ms the next flush waits (5 ms timers
    // apart, on a loaded machine, stretched past it and made a flush each).
    for (let seq = 2; seq <= 6; seq++) {
      await bus.publish(message(10, seq));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await waitFor(() => expect(slow.sent).toHaveLength(6));
    expect(slow.sent.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(flushes.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < flushes.length; i++) {
      const { start, end } = flushes[i - 1]!;
      // Timers count whole milliseconds: one may fire up to a millisecond early.
      expect(flushes[i]!.start - end).toBeGreaterThanOrEqual(end - start - 2);
    }
  });

  it("writes to thousands of sockets in slices, with other work between them, and keeps every socket's order", async () => {
    const bus = memoryBus();
    hub = new Hub(bus);
    const sockets = Array.from({ length: 2500 }, () => fakeSocket());
    sockets.forEach((s, i) => hub!.add(s as unknown as WebSocket, i, 10, "x"));

    await bus.publish(message(10, 1));
    await new Promise((resolve) => setImmediate(resolve)); // runs after the flush's first slice
    expect(sockets.filter((s) => s.sent.length === 1)).toHaveLength(1000);
    await bus.publish(message(10, 2)); // during the flush: it waits for the next one
    await waitFor(() => expect(sockets.every((s) => s.sent.length === 2)).toBe(true));
    for (const s of sockets) expect(s.sent.map((m) => m.seq)).toEqual([1, 2]);
  });

  it("leaves the framing to ws when the socket negotiated an extension (compression)", async () => {
    const bus = memoryBus();
    hub = new Hub(bus);
    const compressed = Object.assign(fakeSocket(), { extensions: "permessage-deflate" });
    const plain = fakeSocket();
    hub.add(compressed as unknown as WebSocket, 1, 10, "x");
    hub.add(plain as unknown as WebSocket, 2, 10, "y");
    await bus.publish(message(10, 1));
    await waitFor(() => expect([compressed.sent.length, plain.sent.length]).toEqual([1, 1]));
    expect(compressed.sent).toEqual([message(10, 1)]);
    expect(compressed._socket.writes).toBe(0);
    expect(plain.sent).toEqual([message(10, 1)]);
    expect(plain._socket.writes).toBe(1);
  });

  it("greets a socket with hello before anything else: what came while its seq was read waits, then follows in order", async () => {
    const bus = memoryBus();
    // As the app's registry does: a socket's opening tells the company's operators screens (seq 0).
    hub = new Hub(bus, {
      online: { opened: async (_id, companyId) => void (await bus.publish({ type: "operators", seq: 0, companyId, data: {} })), alive: async () => {}, closed: async () => {} },
    });
    const colleague = fakeSocket();
    hub.add(colleague as unknown as WebSocket, 2, 10, "y");
    const opening = fakeSocket();
    const restricted = fakeSocket();
    hub.add(opening as unknown as WebSocket, 1, 10, "x", undefined, true);
    hub.add(restricted as unknown as WebSocket, 3, 10, "z", { zoneIds: [7], reportTypeIds: [], onlyAssignedTo: null }, true);
    // While the route reads the stream's last seq: the operators frames, an event, one the restricted
    // user may not see, a notification for someone else.
    await bus.publish(message(10, 5));
    await bus.publish({ type: "updateReport", seq: 6, companyId: 10, data: {}, audience: { zoneIds: [8], typeId: 1, assignedUserId: null } });
    await bus.publish({ type: "notification", seq: 0, companyId: 10, data: {}, recipientUserId: 2 });
    await waitFor(() => expect(colleague.sent.at(-1)?.type).toBe("notification"));
    const operators = colleague.sent.filter((m) => m.type === "operators");
    expect(operators.length).toBeGreaterThanOrEqual(2); // the two openings' at least (the colleague's may come too)
    expect(opening.sent).toEqual([]);
    expect(restricted.sent).toEqual([]);

    hub.hello(opening as unknown as WebSocket, 4);
    hub.hello(restricted as unknown as WebSocket, 4);
    // The colleague's frames as they came, less the notification for the colleague alone.
    const heldFrames = colleague.sent.filter((m) => m.type !== "notification");
    expect(heldFrames.filter((m) => m.type !== "operators")).toEqual([message(10, 5), { type: "updateReport", seq: 6, companyId: 10, data: {} }]);
    const hello = { type: "hello", seq: 4, companyId: 10, data: {} };
    expect(opening.sent).toEqual([hello, ...heldFrames]);
    expect(restricted.sent).toEqual([hello, ...heldFrames.map((m) => (m.seq === 6 ? { type: "seq", seq: 6, companyId: 10, data: { from: 6 } } : m))]);
    // Greeted, a socket gets what comes as it comes.
    await bus.publish(message(10, 7));
    await waitFor(() => expect(opening.sent.at(-1)).toEqual(message(10, 7)));
  });

  it("closes a socket that cannot keep up instead of buffering without end", async () => {
    const bus = memoryBus();
    hub = new Hub(bus);
    const slow = fakeSocket(5 * 1024 * 1024);
    hub.add(slow as unknown as WebSocket, 1, 10, "x");
    await bus.publish(message(10, 1));
    await waitFor(() => expect(slow.closedWith).toBe(1013));
    expect(slow.sent).toEqual([]);
    expect(slow.closedWith).toBe(1013);
  });
});

describe("Hub: messages for one user (notifications)", () => {
  it("reach that user's sockets of that company only, restricted or not, without the recipient field", async () => {
    const bus = memoryBus();
    const registry = { opened: [] as string[], closed: [] as string[], alive: [] as string[][] };
    hub = new Hub(bus, {
      heartbeatMs: 50,
      online: {
        opened: async (id) => void registry.opened.push(id),
        alive: async (ids) => void registry.alive.push([...ids]),
        closed: async (id) => void registry.closed.push(id),
      },
    });
    const mine = fakeSocket();
    const mineRestricted = fakeSocket();
    const colleague = fakeSocket();
    const mineElsewhere = fakeSocket();
    hub.add(mine as unknown as WebSocket, 1, 10, "a");
    hub.add(mineRestricted as unknown as WebSocket, 1, 10, "b", { zoneIds: [5], reportTypeIds: [], onlyAssignedTo: null });
    hub.add(colleague as unknown as WebSocket, 2, 10, "c");
    hub.add(mineElsewhere as unknown as WebSocket, 1, 11, "d");
    await bus.publish({ type: "notification", seq: 0, companyId: 10, data: { notification: { id: 7 } }, recipientUserId: 1 });
    await waitFor(() => expect([mine.sent.length, mineRestricted.sent.length]).toEqual([1, 1]));
    expect(mine.sent[0]).toEqual({ type: "notification", seq: 0, companyId: 10, data: { notification: { id: 7 } } });
    expect(colleague.sent).toEqual([]);
    expect(mineElsewhere.sent).toEqual([]);
    // Every socket was registered as online and is refreshed on each heartbeat.
    expect(registry.opened).toHaveLength(4);
    await waitFor(() => expect(registry.alive.at(-1)?.length).toBe(4));
  });
});

describe("Hub: restricted sockets (SPEC §6)", () => {
  const inZone = (companyId: number, seq: number, zone: number, typeId = 1): BusMessage => ({
    type: "updateReport",
    seq,
    companyId,
    data: { seq },
    audience: { zoneIds: [zone], typeId, assignedUserId: null },
  });

  it("sends a restricted socket what it may see and one seq per run of the rest; unrestricted sockets get everything", async () => {
    const bus = memoryBus();
    hub = new Hub(bus);
    const restricted = fakeSocket();
    const typeOnly = fakeSocket();
    const plain = fakeSocket();
    hub.add(restricted as unknown as WebSocket, 1, 10, "x", { zoneIds: [7], reportTypeIds: [], onlyAssignedTo: null });
    hub.add(typeOnly as unknown as WebSocket, 2, 10, "y", { zoneIds: [], reportTypeIds: [3], onlyAssignedTo: null });
    hub.add(plain as unknown as WebSocket, 3, 10, "z", { zoneIds: [], reportTypeIds: [], onlyAssignedTo: null });
    // One burst: 1 visible, 2-4 elsewhere, a presence elsewhere (not stored), 5 visible, 6 elsewhere.
    const burst: BusMessage[] = [
      inZone(10, 1, 7),
      inZone(10, 2, 8),
      inZone(10, 3, 8, 3),
      inZone(10, 4, 9),
      { type: "presence", seq: 0, companyId: 10, data: { reportId: 1 }, audience: { zoneIds: [8], typeId: 1, assignedUserId: null } },
      inZone(10, 5, 7, 3),
      inZone(10, 6, 8),
    ];
    for (const m of burst) hub.deliver(m);
    await waitFor(() => expect(plain.sent).toHaveLength(7));

    const strip = ({ audience: _a, ...m }: BusMessage) => m;
    expect(plain.sent).toEqual(burst.map(strip));
    expect(restricted.sent).toEqual([
      strip(burst[0]!),
      { type: "seq", seq: 4, companyId: 10, data: { from: 2 } },
      strip(burst[5]!),
      { type: "seq", seq: 6, companyId: 10, data: { from: 6 } },
    ]);
    expect(typeOnly.sent).toEqual([
      { type: "seq", seq: 2, companyId: 10, data: { from: 1 } },
      strip(burst[2]!),
      { type: "seq", seq: 4, companyId: 10, data: { from: 4 } },
      strip(burst[5]!),
      { type: "seq", seq: 6, companyId: 10, data: { from: 6 } },
    ]);
    expect(JSON.stringify([...restricted.sent, ...typeOnly.sent, ...plain.sent])).not.toContain("audience");
    // Messages without an audience (before it existed) go to everyone.
    hub.deliver({ type: "updateReport", seq: 7, companyId: 10, data: {} });
    await waitFor(() => expect(restricted.sent.at(-1)).toEqual({ type: "updateReport", seq: 7, companyId: 10, data: {} }));
  });

  it("applies a user's new restrictions without a reconnect, and closes the socket of one who left", async () => {
    const current = new Map<number, { zoneIds: number[]; reportTypeIds: number[]; onlyAssignedTo: number | null }>([
      [1, { zoneIds: [], reportTypeIds: [], onlyAssignedTo: null }],
    ]);
    hub = new Hub(memoryBus(), { restrictionsOf: async (_company, ids) => new Map(ids.flatMap((id) => (current.has(id) ? [[id, current.get(id)!]] : []))) });
    const socket = fakeSocket();
    const gone = fakeSocket();
    hub.add(socket as unknown as WebSocket, 1, 10, "x");
    hub.add(gone as unknown as WebSocket, 2, 10, "y");
    current.set(1, { zoneIds: [7], reportTypeIds: [], onlyAssignedTo: null });
    await hub.refreshRestrictions();
    hub.deliver(inZone(10, 1, 8));
    await waitFor(() => expect(socket.sent).toEqual([{ type: "seq", seq: 1, companyId: 10, data: { from: 1 } }]));
    expect(gone.closedWith).toBe(4003);
  });

  it("tells a restricted socket to remove a report a change took out of its sight, and no one else", async () => {
    hub = new Hub(memoryBus());
    const mine = fakeSocket();
    const colleague = fakeSocket();
    hub.add(mine as unknown as WebSocket, 1, 10, "x", { zoneIds: [], reportTypeIds: [], onlyAssignedTo: 1 });
    hub.add(colleague as unknown as WebSocket, 2, 10, "y", { zoneIds: [], reportTypeIds: [], onlyAssignedTo: 2 });
    // Report 40 was assigned to user 1 and is now assigned to user 2.
    hub.deliver({
      type: "updateReport",
      seq: 8,
      companyId: 10,
      data: { report: { id: 40 } },
      audience: { zoneIds: [7], typeId: 0, assignedUserId: 2, previous: { reportId: 40, zoneIds: [7], typeId: 0, assignedUserId: 1 } },
    });
    await waitFor(() => expect(mine.sent).toHaveLength(1));
    expect(mine.sent).toEqual([{ type: "removeReport", seq: 8, companyId: 10, data: { reportId: 40 } }]);
    expect(colleague.sent).toEqual([{ type: "updateReport", seq: 8, companyId: 10, data: { report: { id: 40 } } }]);
  });
});

describe("Hub: seq tails", () => {
  it("tells every socket the last seq on each heartbeat", async () => {
    const bus = memoryBus();
    hub = new Hub(bus, { heartbeatMs: 40 });
    const a = fakeSocket();
    hub.add(a as unknown as WebSocket, 1, 10, "x");
    hub.noteSeq(10, 4);
    await waitFor(() => expect(a.sent).toContainEqual({ type: "seq", seq: 4, companyId: 10, data: {} }));
    await bus.publish(message(10, 5));
    await waitFor(() => expect(a.sent).toContainEqual({ type: "seq", seq: 5, companyId: 10, data: {} }));
  });

  it("after a burst, tells the sockets of a company the database's seq when an event never came", async () => {
    const bus = memoryBus();
    const stored = new Map([[10, 3]]);
    hub = new Hub(bus, { lastSeqs: async (ids) => new Map(ids.map((id) => [id, stored.get(id) ?? 0])), tailCheckMs: 30 });
    const a = fakeSocket();
    hub.add(a as unknown as WebSocket, 1, 10, "x");
    hub.noteSeq(10, 1);
    await bus.publish(message(10, 2));
    // Seq 3 is stored but its publish was lost: the socket is told, after the check and a grace period.
    await waitFor(() => expect(a.sent).toEqual([message(10, 2), { type: "seq", seq: 3, companyId: 10, data: {} }]));
  });

  it("sends no tail when the event the database is ahead by arrives meanwhile", async () => {
    const bus = memoryBus();
    let calls = 0;
    hub = new Hub(bus, {
      lastSeqs: async (ids) => {
        calls++;
        return new Map(ids.map((id) => [id, 3]));
      },
      tailCheckMs: 30,
    });
    const a = fakeSocket();
    hub.add(a as unknown as WebSocket, 1, 10, "x");
    await bus.publish(message(10, 2));
    await waitFor(() => expect(calls).toBe(1));
    await bus.publish(message(10, 3)); // on its way while the hub waits
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(a.sent.map((m) => m.type)).toEqual(["updateReport", "updateReport"]);
  });
});
