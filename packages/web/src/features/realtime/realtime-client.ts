import type { RealtimeMessage } from "@atalaya/shared";
import { DEFAULT_BACKOFF, backoffDelay, type BackoffOptions } from "./backoff";

/** Callbacks a socket reports to; the browser adapter parses and validates JSON before `onMessage`. */
export interface SocketHandlers {
  onOpen(): void;
  onMessage(message: RealtimeMessage): void;
  onClose(info: { code: number; reason: string }): void;
}

/** An open (or opening) channel; closing it must not call the handlers any more. */
export interface RealtimeSocket {
  close(): void;
}

/** Network side of the client, injected so the logic is testable without a browser. */
export interface RealtimeTransport {
  /** `POST /api/realtime/ticket` → a single-use ticket. */
  fetchTicket(companyId: number): Promise<string>;
  /** `GET /api/companies/{companyId}/events?after=` → missed events (one page) and the seq the page went
   * through: every event up to it is in the page or is not for this user (restrictions). */
  fetchEventsAfter(companyId: number, after: number): Promise<{ events: RealtimeMessage[]; lastSeq: number }>;
  /** Opens `wss://host/api/realtime?ticket=`. */
  openSocket(ticket: string, handlers: SocketHandlers): RealtimeSocket;
}

/** Time source, injected for tests. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  random(): number;
}

/** What the UI shows: the connection flag, the last connection time and consecutive failures. */
export interface ConnectionState {
  companyId: number | null;
  connected: boolean;
  connecting: boolean;
  lastConnectedAt: number | null;
  /** Consecutive connection attempts that failed since the last success. */
  failedAttempts: number;
}

/** A connect or an unexpected disconnect, for the connectivity log. */
export interface ConnectionEvent {
  type: "connected" | "disconnected";
  companyId: number;
  at: number;
  details: Record<string, unknown>;
}

export interface RealtimeClientOptions {
  clock?: Clock;
  backoff?: BackoffOptions;
  /** A socket that opens but sends no `hello` within this time is treated as failed. */
  helloTimeoutMs?: number;
  /** Pages of catch-up fetched at most per reconnect. */
  maxCatchUpPages?: number;
}

type Phase = "idle" | "ticket" | "awaitingHello" | "catchingUp" | "live";

/** Browser clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  random: () => Math.random(),
};

/** A `seq` message covering events that exist but are not for this user: `data.from` … `seq`. */
function isPlaceholder(message: RealtimeMessage): boolean {
  return message.type === "seq" && typeof message.data.from === "number";
}

/** The first seq a stored message stands for (a placeholder stands for a run of them). */
function firstSeq(message: RealtimeMessage): number {
  return isPlaceholder(message) ? (message.data.from as number) : message.seq;
}

/**
 * Real-time channel client: ticket, socket, per-company sequence tracking, catch-up after reconnects
 * (missed events replayed in order before live ones, nothing delivered twice) and exponential backoff.
 * Holds no DOM reference, so it is exercised directly by unit tests.
 *
 * `seq` messages are bookkeeping, never delivered to listeners: with `data.from` they stand for events
 * that are not for this user (the cursor moves past them; a gap before them is still a gap), without it
 * they say how far the company's stream is (a client behind it catches up at once, without waiting for
 * a later event).
 */
export class RealtimeClient {
  private readonly transport: RealtimeTransport;
  private readonly clock: Clock;
  private readonly backoff: BackoffOptions;
  private readonly helloTimeoutMs: number;
  private readonly maxCatchUpPages: number;

  private readonly lastSeqByCompany = new Map<number, number>();
  private readonly messageListeners = new Set<(message: RealtimeMessage) => void>();
  private readonly stateListeners = new Set<() => void>();
  private readonly connectionListeners = new Set<(event: ConnectionEvent) => void>();

  private state: ConnectionState = {
    companyId: null,
    connected: false,
    connecting: false,
    lastConnectedAt: null,
    failedAttempts: 0,
  };
  /** Bumped on every start, stop and attempt so late callbacks of an old attempt are ignored. */
  private generation = 0;
  private phase: Phase = "idle";
  private socket: RealtimeSocket | null = null;
  private buffer: RealtimeMessage[] = [];
  private reconnectTimer: unknown = null;
  /** Reconnects scheduled since the last successful connection: the backoff exponent. */
  private retries = 0;
  private helloTimer: unknown = null;

  constructor(transport: RealtimeTransport, options: RealtimeClientOptions = {}) {
    this.transport = transport;
    this.clock = options.clock ?? systemClock;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.helloTimeoutMs = options.helloTimeoutMs ?? 10_000;
    this.maxCatchUpPages = options.maxCatchUpPages ?? 50;
  }

  /** Current connection state; the same object until something changes. */
  getState(): ConnectionState {
    return this.state;
  }

  /** Last sequence number seen for a company, if any. */
  lastSeq(companyId: number): number | undefined {
    return this.lastSeqByCompany.get(companyId);
  }

  /** Listens to delivered messages (in seq order, without duplicates, `hello` and `seq` excluded). */
  subscribe(listener: (message: RealtimeMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  /** Listens to connection state changes. */
  subscribeState(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Listens to connects and unexpected disconnects. */
  subscribeConnection(listener: (event: ConnectionEvent) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  /** Connects to a company's channel; switching company closes the previous channel first. */
  start(companyId: number): void {
    if (this.state.companyId === companyId && this.phase !== "idle") return;
    this.teardown();
    this.retries = 0;
    this.setState({ companyId, connected: false, connecting: true, failedAttempts: 0 });
    void this.attempt();
  }

  /** Closes the channel on purpose (logout, unmount); no reconnect follows. */
  stop(): void {
    this.teardown();
    this.phase = "idle";
    this.setState({ connected: false, connecting: false, failedAttempts: 0 });
  }

  /** Skips the backoff wait (e.g. the browser came back online). */
  reconnectNow(): void {
    if (this.state.companyId === null || this.state.connected || this.phase !== "idle") return;
    this.clearTimer("reconnect");
    void this.attempt();
  }

  private teardown(): void {
    this.generation += 1;
    this.clearTimer("reconnect");
    this.clearTimer("hello");
    this.buffer = [];
    this.detachSocket()?.close();
  }

  private async attempt(): Promise<void> {
    const companyId = this.state.companyId;
    if (companyId === null) return;
    this.generation += 1;
    const generation = this.generation;
    this.phase = "ticket";
    this.buffer = [];
    if (!this.state.connecting) this.setState({ connecting: true });

    let ticket: string;
    try {
      ticket = await this.transport.fetchTicket(companyId);
    } catch {
      if (generation === this.generation) this.failAttempt();
      return;
    }
    if (generation !== this.generation) return;

    this.phase = "awaitingHello";
    this.helloTimer = this.clock.setTimeout(() => {
      if (generation !== this.generation || this.phase !== "awaitingHello") return;
      this.helloTimer = null;
      const socket = this.detachSocket();
      this.failAttempt();
      socket?.close();
    }, this.helloTimeoutMs);
    try {
      this.socket = this.transport.openSocket(ticket, {
        onOpen: () => undefined,
        onMessage: (message) => {
          if (generation === this.generation) this.handleMessage(generation, companyId, message);
        },
        onClose: (info) => {
          if (generation === this.generation) this.handleClose(info);
        },
      });
    } catch {
      this.clearTimer("hello");
      this.failAttempt();
    }
  }

  private handleMessage(generation: number, companyId: number, message: RealtimeMessage): void {
    if (message.companyId !== companyId) return;
    switch (this.phase) {
      case "awaitingHello":
        if (message.type === "hello") void this.handleHello(generation, companyId, message.seq);
        else this.buffer.push(message);
        return;
      case "catchingUp":
        if (message.type !== "hello") this.buffer.push(message);
        return;
      case "live":
        this.handleLive(generation, companyId, message);
        return;
      default:
        return;
    }
  }

  /** A message while live (or waiting in the buffer when going live). */
  private handleLive(generation: number, companyId: number, message: RealtimeMessage): void {
    if (message.type === "hello") return;
    if (message.type === "seq" && !isPlaceholder(message)) {
      // The stream is at message.seq: behind it, fetch what is missing now.
      const last = this.lastSeqByCompany.get(companyId);
      if (last !== undefined && message.seq > last) void this.catchUp(generation, companyId, message.seq);
      return;
    }
    if (this.isAfterGap(message)) {
      // Two server processes may publish adjacent events out of order. The missing ones are already
      // committed (a later seq is numbered only after them), so fetch them rather than lose them.
      this.buffer.push(message);
      void this.catchUp(generation, companyId, firstSeq(message) - 1);
      return;
    }
    this.deliver(message);
  }

  private async handleHello(generation: number, companyId: number, helloSeq: number): Promise<void> {
    this.clearTimer("hello");
    this.retries = 0;
    const last = this.lastSeqByCompany.get(companyId);
    this.setState({
      connected: true,
      connecting: false,
      lastConnectedAt: this.clock.now(),
      failedAttempts: 0,
    });
    this.emitConnection({ type: "connected", companyId, at: this.clock.now(), details: { seq: helloSeq } });

    if (last === undefined || helloSeq <= last) {
      // First connection to this company, nothing missed, or the server's sequence restarted.
      if (last === undefined || helloSeq < last) this.lastSeqByCompany.set(companyId, helloSeq);
      this.goLive(generation, companyId);
      return;
    }

    await this.catchUp(generation, companyId, helloSeq);
  }

  /** True when a stored message (or placeholder) skips sequence numbers after the last one delivered. */
  private isAfterGap(message: RealtimeMessage): boolean {
    const last = this.lastSeqByCompany.get(message.companyId);
    return message.seq !== 0 && last !== undefined && firstSeq(message) > last + 1;
  }

  /** Fetches what lies between the last delivered seq and target, delivers it in order, then the
   * messages that waited in the buffer; a failed fetch drops the socket and starts over. */
  private async catchUp(generation: number, companyId: number, target: number): Promise<void> {
    const last = this.lastSeqByCompany.get(companyId) ?? 0;
    this.phase = "catchingUp";
    let missed: { events: RealtimeMessage[]; through: number };
    try {
      missed = await this.fetchMissed(companyId, last, target);
    } catch {
      if (generation !== this.generation) return;
      // Without the missed events the live stream would have a hole: start over.
      const socket = this.detachSocket();
      this.markDisconnected({ code: 0, reason: "catch-up failed" });
      socket?.close();
      return;
    }
    if (generation !== this.generation) return;
    for (const message of sortBySeq(missed.events)) this.deliver(message);
    // Past the events that were not for this user too (the server filtered them out).
    if (missed.through > (this.lastSeqByCompany.get(companyId) ?? 0)) this.lastSeqByCompany.set(companyId, missed.through);
    this.goLive(generation, companyId);
  }

  /** Pages of catch-up from `after` until `target`; `through` is the seq they went through. */
  private async fetchMissed(companyId: number, after: number, target: number): Promise<{ events: RealtimeMessage[]; through: number }> {
    const collected: RealtimeMessage[] = [];
    let cursor = after;
    for (let page = 0; page < this.maxCatchUpPages; page += 1) {
      const { events, lastSeq } = await this.transport.fetchEventsAfter(companyId, cursor);
      const relevant = events.filter((event) => event.companyId === companyId && event.seq > cursor);
      collected.push(...relevant);
      const next = Math.max(cursor, lastSeq, ...relevant.map((event) => event.seq));
      if (next === cursor) break;
      cursor = next;
      if (cursor >= target) break;
    }
    return { events: collected, through: cursor };
  }

  private goLive(generation: number, companyId: number): void {
    this.phase = "live";
    const pending = sortBySeq(this.buffer);
    this.buffer = [];
    for (const [i, message] of pending.entries()) {
      this.handleLive(generation, companyId, message);
      if (this.phase !== "live") {
        // A gap (or a tail ahead) among them started another catch-up: the rest wait for it.
        this.buffer.push(...pending.slice(i + 1));
        return;
      }
    }
  }

  /** Delivers a message once: anything at or below the last seq seen for its company is a duplicate.
   * Seq 0 marks a message that is not stored (presence): delivered as is, never moving the cursor. A
   * placeholder only moves the cursor; a tail never does (only what was fetched or received does). */
  private deliver(message: RealtimeMessage): void {
    if (message.type === "seq" && !isPlaceholder(message)) return;
    if (message.seq !== 0) {
      const last = this.lastSeqByCompany.get(message.companyId);
      if (last !== undefined && message.seq <= last) return;
      this.lastSeqByCompany.set(message.companyId, message.seq);
    }
    if (message.type === "seq") return;
    for (const listener of [...this.messageListeners]) {
      try {
        listener(message);
      } catch (error) {
        // One failing screen must not stop delivery to the others.
        console.error(error);
      }
    }
  }

  private handleClose(info: { code: number; reason: string }): void {
    this.socket = null;
    this.clearTimer("hello");
    if (this.state.connected) this.markDisconnected(info);
    else this.failAttempt();
  }

  private markDisconnected(info: { code: number; reason: string }): void {
    const companyId = this.state.companyId;
    this.phase = "idle";
    this.generation += 1;
    this.setState({ connected: false, connecting: true, failedAttempts: 0 });
    if (companyId !== null) {
      this.emitConnection({ type: "disconnected", companyId, at: this.clock.now(), details: { ...info } });
    }
    this.scheduleReconnect();
  }

  private failAttempt(): void {
    this.phase = "idle";
    this.generation += 1;
    const failedAttempts = this.state.failedAttempts + 1;
    this.setState({ connected: false, connecting: true, failedAttempts });
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.clearTimer("reconnect");
    const delay = backoffDelay(this.retries, () => this.clock.random(), this.backoff);
    this.retries += 1;
    this.reconnectTimer = this.clock.setTimeout(() => {
      this.reconnectTimer = null;
      void this.attempt();
    }, delay);
  }

  private detachSocket(): RealtimeSocket | null {
    const socket = this.socket;
    this.socket = null;
    return socket;
  }

  private clearTimer(which: "reconnect" | "hello"): void {
    const handle = which === "reconnect" ? this.reconnectTimer : this.helloTimer;
    if (handle !== null) this.clock.clearTimeout(handle);
    if (which === "reconnect") this.reconnectTimer = null;
    else this.helloTimer = null;
  }

  private setState(patch: Partial<ConnectionState>): void {
    const next = { ...this.state, ...patch };
    const changed = (Object.keys(next) as (keyof ConnectionState)[]).some((key) => next[key] !== this.state[key]);
    if (!changed) return;
    this.state = next;
    for (const listener of [...this.stateListeners]) listener();
  }

  private emitConnection(event: ConnectionEvent): void {
    for (const listener of [...this.connectionListeners]) listener(event);
  }
}

function sortBySeq(messages: RealtimeMessage[]): RealtimeMessage[] {
  return [...messages].sort((a, b) => a.seq - b.seq);
}
