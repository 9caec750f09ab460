import { describe, expect, it } from "vitest";
import type { RealtimeMessage } from "@atalaya/shared";
import {
  RealtimeClient,
  type Clock,
  type ConnectionEvent,
  type RealtimeSocket,
  type RealtimeTransport,
  type SocketHandlers,
} from "./realtime-client";

const COMPANY = 7;

function msg(seq: number, type: RealtimeMessage["type"] = "newReport", companyId = COMPANY): RealtimeMessage {
  return { type, seq, companyId, data: type === "hello" ? {} : { report: { id: seq } } };
}

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

class FakeClock implements Clock {
  time = 0;
  private nextId = 1;
  timers: { id: number; at: number; ms: number; callback: () => void }[] = [];
  now(): number {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ id, at: this.time + ms, ms, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }
  random(): number {
    return 0.5; // no jitter: delays equal their nominal value
  }
  /** Delays of the timers still pending. */
  pending(): number[] {
    return this.timers.map((timer) => timer.ms);
  }
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.callback();
      await flush();
    }
    this.time = until;
    await flush();
  }
}

class FakeSocket implements RealtimeSocket {
  closed = false;
  constructor(readonly handlers: SocketHandlers) {}
  send(message: RealtimeMessage): void {
    if (!this.closed) this.handlers.onMessage(message);
  }
  drop(code = 1006): void {
    if (!this.closed) this.handlers.onClose({ code, reason: "" });
    this.closed = true;
  }
  close(): void {
    this.closed = true;
  }
}

class FakeTransport implements RealtimeTransport {
  history: RealtimeMessage[] = [];
  sockets: FakeSocket[] = [];
  ticketFailures = 0;
  pageSize = 500;
  catchUpCalls: number[] = [];
  /** Seqs the server filters out for this user (restrictions): read, counted in lastSeq, not sent. */
  hidden = new Set<number>();
  /** When set, catch-up requests wait for `release()`. */
  gate: Promise<void> | null = null;
  private openGate: (() => void) | null = null;
  failCatchUp = false;

  hold(): void {
    this.gate = new Promise((resolve) => (this.openGate = resolve));
  }
  release(): void {
    this.openGate?.();
    this.gate = null;
  }
  get socket(): FakeSocket {
    const last = this.sockets.at(-1);
    if (!last) throw new Error("no socket opened");
    return last;
  }
  async fetchTicket(): Promise<string> {
    if (this.ticketFailures > 0) {
      this.ticketFailures -= 1;
      throw new Error("network down");
    }
    return `ticket-${this.sockets.length + 1}`;
  }
  async fetchEventsAfter(companyId: number, after: number): Promise<{ events: RealtimeMessage[]; lastSeq: number }> {
    this.catchUpCalls.push(after);
    if (this.gate) await this.gate;
    if (this.failCatchUp) throw new Error("catch-up failed");
    // As the server answers: a page of what it read after `after`, filtered, and the last seq it read.
    const read = this.history.filter((event) => event.companyId === companyId && event.seq > after).slice(0, this.pageSize);
    const events = read.filter((event) => !this.hidden.has(event.seq));
    return { events, lastSeq: read.at(-1)?.seq ?? after };
  }
  openSocket(_ticket: string, handlers: SocketHandlers): RealtimeSocket {
    const socket = new FakeSocket(handlers);
    this.sockets.push(socket);
    return socket;
  }
}

function setup(): {
  client: RealtimeClient;
  transport: FakeTransport;
  clock: FakeClock;
  seqs: number[];
  events: ConnectionEvent[];
} {
  const transport = new FakeTransport();
  const clock = new FakeClock();
  const client = new RealtimeClient(transport, { clock, helloTimeoutMs: 5000 });
  const seqs: number[] = [];
  const events: ConnectionEvent[] = [];
  client.subscribe((message) => seqs.push(message.seq));
  client.subscribeConnection((event) => events.push(event));
  return { client, transport, clock, seqs, events };
}

async function connect(client: RealtimeClient, transport: FakeTransport, helloSeq: number): Promise<FakeSocket> {
  if (client.getState().companyId === null) client.start(COMPANY);
  await flush();
  const socket = transport.socket;
  socket.send(msg(helloSeq, "hello"));
  await flush();
  return socket;
}

describe("RealtimeClient", () => {
  it("connects, takes hello's seq as the starting point and delivers live messages without hello", async () => {
    const { client, transport, seqs, events } = setup();
    const socket = await connect(client, transport, 10);
    expect(client.getState()).toMatchObject({ connected: true, companyId: COMPANY, failedAttempts: 0, lastConnectedAt: 0 });
    expect(transport.catchUpCalls).toEqual([]);
    socket.send(msg(11));
    socket.send(msg(12));
    expect(seqs).toEqual([11, 12]);
    expect(client.lastSeq(COMPANY)).toBe(12);
    expect(events.map((event) => event.type)).toEqual(["connected"]);
  });

  it("drops duplicates, stale sequence numbers and other companies' messages", async () => {
    const { client, transport, seqs } = setup();
    const socket = await connect(client, transport, 20);
    socket.send(msg(21));
    socket.send(msg(21));
    socket.send(msg(19));
    socket.send(msg(20));
    socket.send(msg(99, "newReport", COMPANY + 1));
    socket.send(msg(22));
    expect(seqs).toEqual([21, 22]);
  });

  it("fills a gap in the live stream from the server before going on (events published out of order)", async () => {
    const { client, transport, seqs } = setup();
    const socket = await connect(client, transport, 40);
    transport.history = [msg(41), msg(42), msg(43)];
    socket.send(msg(43));
    await flush();
    expect(transport.catchUpCalls).toEqual([40]);
    expect(seqs).toEqual([41, 42, 43]);
    socket.send(msg(42));
    socket.send(msg(41));
    socket.send(msg(44));
    expect(seqs).toEqual([41, 42, 43, 44]);
    expect(client.lastSeq(COMPANY)).toBe(44);
  });

  it("delivers seq 0 messages (presence, not stored) without moving the sequence cursor", async () => {
    const { client, transport, seqs } = setup();
    const socket = await connect(client, transport, 30);
    socket.send(msg(0, "presence"));
    socket.send(msg(31));
    socket.send(msg(0, "presence"));
    expect(seqs).toEqual([0, 31, 0]);
    expect(client.lastSeq(COMPANY)).toBe(31);
  });

  it("after a reconnect replays missed events in order before live ones, with no duplicates", async () => {
    const { client, transport, clock, seqs, events } = setup();
    const first = await connect(client, transport, 10);
    first.send(msg(11));
    first.send(msg(12));
    first.drop();
    expect(client.getState().connected).toBe(false);
    expect(events.map((event) => event.type)).toEqual(["connected", "disconnected"]);

    // While offline the server produced 13..16.
    transport.history = [11, 12, 13, 14, 15, 16].map((seq) => msg(seq));
    transport.hold();
    await clock.advance(1000);
    const second = transport.socket;
    expect(second).not.toBe(first);

    second.send(msg(17)); // live before hello: buffered
    second.send(msg(16, "hello"));
    await flush();
    expect(transport.catchUpCalls).toEqual([12]);
    second.send(msg(16)); // also in the catch-up: must not appear twice
    second.send(msg(18)); // live during catch-up: after the replay
    expect(seqs).toEqual([11, 12]);

    transport.release();
    await flush();
    expect(seqs).toEqual([11, 12, 13, 14, 15, 16, 17, 18]);
    second.send(msg(18));
    second.send(msg(19));
    expect(seqs).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(events.map((event) => event.type)).toEqual(["connected", "disconnected", "connected"]);
  });

  it("follows catch-up pages until it reaches hello's seq", async () => {
    const { client, transport, clock, seqs } = setup();
    const first = await connect(client, transport, 100);
    first.drop();
    transport.pageSize = 2;
    transport.history = [101, 102, 103, 104, 105].map((seq) => msg(seq));
    await clock.advance(1000);
    transport.socket.send(msg(105, "hello"));
    await flush();
    await flush();
    expect(transport.catchUpCalls).toEqual([100, 102, 104]);
    expect(seqs).toEqual([101, 102, 103, 104, 105]);
  });

  it("starts over from the server's seq when the server's sequence went back", async () => {
    const { client, transport, clock, seqs } = setup();
    const first = await connect(client, transport, 50);
    first.drop();
    await clock.advance(1000);
    transport.socket.send(msg(3, "hello"));
    await flush();
    transport.socket.send(msg(4));
    expect(transport.catchUpCalls).toEqual([]);
    expect(seqs).toEqual([4]);
  });

  it("grows the reconnect delay exponentially up to 30 s and counts failed attempts", async () => {
    const { client, transport, clock } = setup();
    transport.ticketFailures = 100;
    client.start(COMPANY);
    await flush();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const [delay] = clock.pending();
      if (delay === undefined) throw new Error("no reconnect scheduled");
      delays.push(delay);
      await clock.advance(delay);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(client.getState().failedAttempts).toBe(9);
    expect(client.getState().connected).toBe(false);
  });

  it("reconnects 1 s after a live connection drops and resets the failure count on success", async () => {
    const { client, transport, clock } = setup();
    const socket = await connect(client, transport, 1);
    transport.ticketFailures = 3;
    socket.drop();
    expect(clock.pending()).toEqual([1000]);
    await clock.advance(1000); // ticket fails (1)
    await clock.advance(2000); // ticket fails (2)
    await clock.advance(4000); // ticket fails (3)
    expect(client.getState().failedAttempts).toBe(3);
    expect(clock.pending()).toEqual([8000]);
    await clock.advance(8000);
    transport.socket.send(msg(1, "hello"));
    await flush();
    expect(client.getState()).toMatchObject({ connected: true, failedAttempts: 0 });
  });

  it("treats a socket that never says hello as a failed attempt", async () => {
    const { client, transport, clock } = setup();
    client.start(COMPANY);
    await flush();
    const socket = transport.socket;
    await clock.advance(5000);
    expect(socket.closed).toBe(true);
    expect(client.getState().failedAttempts).toBe(1);
  });

  it("retries when the catch-up request fails instead of leaving a hole", async () => {
    const { client, transport, clock, seqs } = setup();
    const first = await connect(client, transport, 5);
    first.drop();
    transport.history = [6, 7].map((seq) => msg(seq));
    transport.failCatchUp = true;
    await clock.advance(1000);
    const second = transport.socket;
    second.send(msg(7, "hello"));
    await flush();
    expect(second.closed).toBe(true);
    expect(seqs).toEqual([]);
    transport.failCatchUp = false;
    await clock.advance(1000);
    transport.socket.send(msg(7, "hello"));
    await flush();
    expect(seqs).toEqual([6, 7]);
  });

  it("stop() closes the socket, cancels reconnects and ignores late messages", async () => {
    const { client, transport, clock, seqs } = setup();
    const socket = await connect(client, transport, 1);
    client.stop();
    expect(socket.closed).toBe(true);
    socket.handlers.onMessage(msg(2));
    socket.handlers.onClose({ code: 1006, reason: "" });
    await clock.advance(60_000);
    expect(seqs).toEqual([]);
    expect(transport.sockets).toHaveLength(1);
    expect(client.getState()).toMatchObject({ connected: false, connecting: false });
  });

  it("switching company reconnects to the new company and keeps each company's seq", async () => {
    const { client, transport, seqs } = setup();
    const socket = await connect(client, transport, 10);
    socket.send(msg(11));
    client.start(COMPANY + 1);
    await flush();
    expect(socket.closed).toBe(true);
    const other = transport.socket;
    other.send(msg(500, "hello", COMPANY + 1));
    await flush();
    other.send(msg(501, "newReport", COMPANY + 1));
    expect(seqs).toEqual([11, 501]);
    expect(client.lastSeq(COMPANY)).toBe(11);
    expect(client.lastSeq(COMPANY + 1)).toBe(501);
  });

  describe("seq messages", () => {
    const placeholder = (from: number, seq: number): RealtimeMessage => ({ type: "seq", seq, companyId: COMPANY, data: { from } });
    const tail = (seq: number): RealtimeMessage => ({ type: "seq", seq, companyId: COMPANY, data: {} });

    it("a placeholder moves the cursor past events that are not for this user, and is never delivered", async () => {
      const { client, transport, seqs } = setup();
      const socket = await connect(client, transport, 10);
      socket.send(msg(11));
      socket.send(placeholder(12, 14));
      socket.send(msg(15));
      socket.send(placeholder(16, 16));
      socket.send(msg(17));
      expect(seqs).toEqual([11, 15, 17]);
      expect(transport.catchUpCalls).toEqual([]);
      expect(client.lastSeq(COMPANY)).toBe(17);
    });

    it("a gap before a placeholder is still a gap: the missing events are fetched", async () => {
      const { client, transport, seqs } = setup();
      const socket = await connect(client, transport, 10);
      transport.history = [11, 12, 13, 14].map((seq) => msg(seq));
      transport.hidden = new Set([13, 14]);
      socket.send(placeholder(13, 14)); // 11 and 12 never came
      await flush();
      expect(transport.catchUpCalls).toEqual([10]);
      expect(seqs).toEqual([11, 12]);
      expect(client.lastSeq(COMPANY)).toBe(14);
      socket.send(msg(15));
      expect(seqs).toEqual([11, 12, 15]);
    });

    it("a tail ahead of the cursor fetches the missed last event of a burst at once", async () => {
      const { client, transport, seqs } = setup();
      const socket = await connect(client, transport, 20);
      transport.history = [21, 22, 23].map((seq) => msg(seq));
      socket.send(msg(21));
      socket.send(msg(22));
      // 23 was lost on the way; nothing else is coming.
      socket.send(tail(23));
      await flush();
      expect(transport.catchUpCalls).toEqual([22]);
      expect(seqs).toEqual([21, 22, 23]);
      // A tail at or behind the cursor is nothing to do; never delivered either way.
      socket.send(tail(23));
      socket.send(tail(5));
      await flush();
      expect(transport.catchUpCalls).toEqual([22]);
      expect(seqs).toEqual([21, 22, 23]);
    });

    it("a tail that came before hello is acted on once live", async () => {
      const { client, transport, clock, seqs } = setup();
      const first = await connect(client, transport, 30);
      first.drop();
      transport.pageSize = 2;
      transport.history = [31, 32, 33].map((seq) => msg(seq));
      await clock.advance(1000);
      const second = transport.socket;
      second.send(tail(33)); // buffered until hello's catch-up (to 32) is done
      second.send(msg(32, "hello"));
      for (let i = 0; i < 4; i++) await flush();
      expect(transport.catchUpCalls).toEqual([30, 32]);
      expect(seqs).toEqual([31, 32, 33]);
    });

    it("a filtered catch-up moves the cursor through the events it left out, without looping", async () => {
      const { client, transport, clock, seqs } = setup();
      const first = await connect(client, transport, 50);
      first.drop();
      transport.pageSize = 2;
      transport.history = [51, 52, 53, 54, 55, 56].map((seq) => msg(seq));
      transport.hidden = new Set([52, 53, 55, 56]);
      await clock.advance(1000);
      transport.socket.send(msg(56, "hello"));
      for (let i = 0; i < 5; i++) await flush();
      expect(transport.catchUpCalls).toEqual([50, 52, 54]);
      expect(seqs).toEqual([51, 54]);
      expect(client.lastSeq(COMPANY)).toBe(56);
      transport.socket.send(msg(57));
      expect(seqs).toEqual([51, 54, 57]);
      expect(transport.catchUpCalls).toEqual([50, 52, 54]);
    });
  });
});
