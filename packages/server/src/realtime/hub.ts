import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import type { WebSocket } from "ws";
import type { RealtimeMessage } from "@atalaya/shared";
import { isRestricted, viewOfEvent, type Restrictions } from "../auth/restrictions.js";
import { hashSecret } from "../auth/tokens.js";
import type { BusMessage, EventBus, SessionsEndedNotice } from "./bus.js";
import { textFrame } from "./frame.js";

interface Client {
  /** Random id of this socket, the key of its row in the online registry. */
  id: string;
  socket: WebSocket;
  userId: number;
  companyId: number;
  /** Hex SHA-256 of the access token the socket was opened under. */
  tokenHash: string;
  /** The user's restrictions when they limit anything; null: every event of the company. */
  restrictions: Restrictions | null;
  alive: boolean;
  /** What came for a socket added before its hello was sent, sent right after the hello (so `hello` is
   * always its first frame); null once greeted, and for a socket added without a hello. */
  held: Pending[] | null;
}

/** A message waiting for the next flush, encoded and framed once for every socket (without its audience). */
interface Pending {
  message: BusMessage;
  encoded: Buffer;
  framed: Buffer;
}

export interface HubOptions {
  /** The companies' latest stored sequence numbers (the database's word), to notice events this
   * process never got from the bus and tell its sockets to catch up. */
  lastSeqs?: (companyIds: readonly number[]) => Promise<Map<number, number>>;
  /** The current restrictions of some users of a company (absent: no longer a member), re-read on every
   * heartbeat so a change made anywhere (another process, an admin) applies without a reconnect. */
  restrictionsOf?: (companyId: number, userIds: readonly number[]) => Promise<Map<number, Restrictions>>;
  /** Which of these access tokens (hex SHA-256 hashes) still open a session: not revoked, not expired,
   * their user not locked. Asked when another process says sessions ended without naming their tokens
   * (`endSessions`) and on every heartbeat, the fallback when that notice was lost. */
  liveTokens?: (tokenHashes: readonly string[]) => Promise<Set<string>>;
  /** Where this process records its open sockets, so every process can tell who is online: a socket
   * opened, is still open (every heartbeat, the ids of this process's sockets), closed. */
  online?: OnlineRegistry;
  /** Time between heartbeats: pings, and a `seq` tail message to every socket (ms). */
  heartbeatMs?: number;
  /** How long after a burst (and after the bus came back) the hub compares what it delivered with the
   * database (ms). */
  tailCheckMs?: number;
}

/** The shared record of open sockets (the operators domain keeps it in the database). Failures are the
 * registry's to log: a missed write ages out or is repeated on the next heartbeat. */
export interface OnlineRegistry {
  opened(socketId: string, companyId: number, userId: number): Promise<void>;
  alive(socketIds: readonly string[]): Promise<void>;
  closed(socketId: string, companyId: number, userId: number): Promise<void>;
}

// A socket that cannot drain this much is too slow; closing it lets the client catch up by seq.
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Default time between heartbeats (ms); the AsyncAPI document states it. */
export const HEARTBEAT_MS = 20_000;
const TAIL_CHECK_MS = 2_000;
// Under a burst, events are held at most this long and go out together: one write to each socket
// instead of one per event, which is what sending to hundreds of sockets costs. A lone event goes at once.
// (20 ms held the events of a steady 100 a second for 10 ms on average, four times bare `ws`'s p99.)
const COALESCE_MS = 5;
// ...or, when a flush takes longer (thousands of sockets), as long as the last flush took: broadcasting
// then takes at most half of the process's time, and the events that came meanwhile go out in one write
// a socket instead of one each (issue 19: at 10,000 sockets and 20 events a second, the writes alone
// kept both processes busy and the creates waited behind them; twice as long measured no better).
// Sockets a flush writes to before it lets the process's other work run (7-10 ms of writes).
const SLICE_SOCKETS = 1000;

/** What a browser receives: the message without its server-side audience. */
function encode(message: BusMessage): Buffer {
  const { type, seq, companyId, data } = message;
  return Buffer.from(JSON.stringify({ type, seq, companyId, data } satisfies RealtimeMessage));
}

/**
 * Holds this process's operator sockets by company and relays bus messages to them.
 *
 * Restricted users (SPEC §6) get only the events about reports they may see; each event they may not
 * see is replaced by `{type:"seq", seq:N, data:{from:F}}` (consecutive ones coalesced: F…N are not for
 * you), so their sequence stays contiguous and a real gap is still a gap. Every socket also gets a
 * `{type:"seq", seq:N, data:{}}` tail on each heartbeat, and soon after a burst when the database has
 * events this process did not deliver (a publish that failed, a bus outage), so a client that missed
 * the last event of a burst catches up without waiting for a later event.
 */
export class Hub {
  /** This hub's name on the bus, so it skips its own session notices. */
  private readonly id = randomUUID();
  private readonly bus: EventBus;
  private readonly byCompany = new Map<number, Set<Client>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly offReconnect: (() => void) | undefined;
  private readonly lastSeqs: HubOptions["lastSeqs"];
  private readonly restrictionsOf: HubOptions["restrictionsOf"];
  private readonly liveTokens: HubOptions["liveTokens"];
  private readonly online: HubOptions["online"];
  private readonly tailCheckMs: number;
  /** Messages waiting for the next flush, by company. */
  private readonly pending = new Map<number, Pending[]>();
  /** Highest seq delivered (or announced at hello) per company with sockets. */
  private readonly delivered = new Map<number, number>();
  /** Cancels the scheduled flush; set while one is scheduled. */
  private cancelFlush: (() => void) | undefined;
  /** A flush is writing, slice by slice. */
  private flushing = false;
  /** When the last flush ended, and how long it took (ms). */
  private lastFlush = -Infinity;
  private lastFlushCost = 0;
  private tailTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Each open socket's record, for the listeners below. */
  private readonly clientOf = new WeakMap<WebSocket, Client>();
  /** The pong and close listeners, one function each for every socket (ws calls them with the socket as
   * `this`): closures made per socket cost each idle socket their memory (issue 19). */
  private readonly onPong: (this: WebSocket) => void;
  private readonly onClose: (this: WebSocket) => void;

  constructor(bus: EventBus, options: HubOptions = {}) {
    const clientOf = this.clientOf;
    this.onPong = function () {
      const client = clientOf.get(this);
      if (client) client.alive = true;
    };
    const hub = this; // eslint-disable-line @typescript-eslint/no-this-alias -- the listener's own `this` is the socket
    this.onClose = function () {
      hub.remove(this);
    };
    this.lastSeqs = options.lastSeqs;
    this.restrictionsOf = options.restrictionsOf;
    this.liveTokens = options.liveTokens;
    this.online = options.online;
    this.tailCheckMs = options.tailCheckMs ?? TAIL_CHECK_MS;
    this.bus = bus;
    this.unsubscribe = bus.subscribe((message) => (message.sessionsEnded ? this.sessionsEnded(message.sessionsEnded) : this.deliver(message)));
    this.offReconnect = bus.onReconnect?.(() => this.scheduleTailCheck(0));
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Registers an open socket for a user of a company, with the user's restrictions (none: all events).
   * With `awaitHello`, what comes for it is held until `hello()` greets it. */
  add(socket: WebSocket, userId: number, companyId: number, tokenHash: string, restrictions?: Restrictions, awaitHello = false): void {
    const client: Client = {
      id: randomUUID(),
      socket,
      userId,
      companyId,
      tokenHash,
      restrictions: restrictions && isRestricted(restrictions) ? restrictions : null,
      alive: true,
      held: awaitHello ? [] : null,
    };
    let set = this.byCompany.get(companyId);
    if (!set) this.byCompany.set(companyId, (set = new Set()));
    set.add(client);
    this.clientOf.set(socket, client);
    socket.on("pong", this.onPong);
    socket.on("close", this.onClose);
    void this.online?.opened(client.id, companyId, userId).catch(() => undefined);
  }

  /** Forgets a closed socket: its company's set (and the company, when it was the last), its online row. */
  private remove(socket: WebSocket): void {
    const client = this.clientOf.get(socket);
    if (!client) return;
    this.clientOf.delete(socket);
    const { companyId, userId } = client;
    void this.online?.closed(client.id, companyId, userId).catch(() => undefined);
    const set = this.byCompany.get(companyId);
    if (!set) return;
    set.delete(client);
    if (set.size > 0) return;
    this.byCompany.delete(companyId);
    this.delivered.delete(companyId);
  }

  /** Notes a company's seq told to a socket at hello (the database's last seq then). */
  noteSeq(companyId: number, seq: number): void {
    if (this.byCompany.has(companyId) && seq > (this.delivered.get(companyId) ?? 0)) this.delivered.set(companyId, seq);
  }

  /** Greets a socket added with `awaitHello`: `hello` with the company stream's last seq (read after the
   * socket was added, so no event falls between), then what the hub held for it meanwhile, in order
   * (the operators frame its own opening caused, events): the protocol's first frame is `hello`. */
  hello(socket: WebSocket, seq: number): void {
    const client = this.clientOf.get(socket);
    if (!client) return;
    this.noteSeq(client.companyId, seq);
    socket.send(JSON.stringify({ type: "hello", seq, companyId: client.companyId, data: {} } satisfies RealtimeMessage));
    const held = client.held;
    client.held = null;
    if (held && held.length > 0) {
      this.send(client, held, held.some((i) => i.message.recipientUserId !== undefined), Buffer.concat(held.map((i) => i.framed)));
    }
  }

  /** Sends one message to every socket of its company, in order with the others: at once when the
   * hub is quiet, else with the next flush (COALESCE_MS after the last one ended, or as long as that
   * one took). */
  deliver(message: BusMessage): void {
    if (!this.byCompany.has(message.companyId)) return;
    const list = this.pending.get(message.companyId);
    const encoded = encode(message);
    const item = { message, encoded, framed: textFrame(encoded) };
    if (list) list.push(item);
    else this.pending.set(message.companyId, [item]);
    if (message.seq > (this.delivered.get(message.companyId) ?? 0)) this.delivered.set(message.companyId, message.seq);
    if (!this.cancelFlush && !this.flushing) this.scheduleFlush();
  }

  private scheduleFlush(): void {
    const wait = this.lastFlush + Math.max(COALESCE_MS, this.lastFlushCost) - performance.now();
    if (wait > 0) {
      const timer = setTimeout(() => this.flush(), wait);
      this.cancelFlush = () => clearTimeout(timer);
    } else {
      const immediate = setImmediate(() => this.flush());
      this.cancelFlush = () => clearImmediate(immediate);
    }
  }

  /** Writes the pending messages to their companies' sockets, SLICE_SOCKETS sockets at a time: between
   * slices the process answers requests and database replies (a create waiting behind a write to 5,000
   * sockets is an event later on every screen). What arrives meanwhile waits for the next flush, so
   * every socket still gets the messages in order. */
  private flush(): void {
    this.cancelFlush = undefined;
    this.flushing = true;
    let sentEvents = false;
    const jobs = [...this.pending].map(([companyId, items]) => {
      sentEvents ||= items.some((i) => i.message.type !== "seq" && i.message.seq > 0);
      return {
        items,
        // Usually every message is for everyone: then the sockets share the list, and its frames as one
        // buffer, instead of each filtering and framing its own copy (thousands of sockets a flush).
        forSomeone: items.some((i) => i.message.recipientUserId !== undefined),
        framed: items.length === 1 ? items[0]!.framed : Buffer.concat(items.map((i) => i.framed)),
        clients: [...(this.byCompany.get(companyId) ?? [])],
      };
    });
    this.pending.clear();
    let job = 0;
    let next = 0;
    let cost = 0;
    const slice = () => {
      const started = performance.now();
      for (let written = 0; job < jobs.length && written < SLICE_SOCKETS; written++) {
        const { items, forSomeone, framed, clients } = jobs[job]!;
        if (next < clients.length) this.send(clients[next++]!, items, forSomeone, framed);
        else [job, next] = [job + 1, 0];
      }
      cost += performance.now() - started;
      if (job < jobs.length && !this.closed) {
        setImmediate(slice);
        return;
      }
      this.flushing = false;
      this.lastFlush = performance.now();
      this.lastFlushCost = cost;
      if (sentEvents) this.scheduleTailCheck(this.tailCheckMs);
      if (this.pending.size > 0 && !this.closed) this.scheduleFlush();
    };
    slice();
  }

  /** One socket's share of a flush: `framed` is every message's frame, for a socket that gets them all. */
  private send(client: Client, items: readonly Pending[], forSomeone: boolean, framed: Buffer): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (client.held) {
      client.held.push(...items);
      return;
    }
    // A message for one user (a notification) reaches that user's sockets and no one else's.
    const own = forSomeone ? items.filter((i) => i.message.recipientUserId === undefined || i.message.recipientUserId === client.userId) : items;
    if (own.length === 0) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(1013, "too slow");
      return;
    }
    // ws keeps the TCP socket as _socket. Without an extension (no compression) ws writes each frame to
    // it as it is, so the frames made once go straight to it: one write a socket a flush.
    const tcp = (socket as unknown as { _socket?: Socket })._socket;
    if (!client.restrictions && own === items && tcp && socket.extensions === "") {
      tcp.write(framed);
      return;
    }
    // Otherwise ws frames each message; corking the TCP socket makes the flush one system call.
    tcp?.cork();
    if (client.restrictions) this.sendFiltered(client, client.restrictions, own);
    else for (const { encoded } of own) socket.send(encoded, { binary: false });
    tcp?.uncork();
  }

  /** A restricted socket's share of a flush: the events it may see, a removal for a report a change took
   * out of its sight, and for each run of the others one `seq` message covering them. Unstored messages (seq 0) it may not see are simply not sent. */
  private sendFiltered(client: Client, restrictions: Restrictions, items: readonly Pending[]): void {
    const { socket, companyId } = client;
    let skipped: { from: number; to: number } | undefined;
    const sendSkipped = () => {
      if (!skipped) return;
      const { from, to } = skipped;
      socket.send(JSON.stringify({ type: "seq", seq: to, companyId, data: { from } }), { binary: false });
      skipped = undefined;
    };
    for (const { message, encoded } of items) {
      const view = viewOfEvent(restrictions, message.audience);
      if (view.kind === "event") {
        sendSkipped();
        socket.send(encoded, { binary: false });
      } else if (view.kind === "removed" && message.seq > 0) {
        // The change took the report out of this user's sight: the event's number, as a removal.
        sendSkipped();
        socket.send(JSON.stringify({ type: "removeReport", seq: message.seq, companyId, data: { reportId: view.reportId } }), { binary: false });
      } else if (message.seq > 0) {
        if (skipped && message.seq === skipped.to + 1) skipped.to = message.seq;
        else {
          sendSkipped();
          skipped = { from: message.seq, to: message.seq };
        }
      }
    }
    sendSkipped();
  }

  /** Re-reads the restrictions of this process's sockets (all of them, or one user's) from the database;
   * a socket whose user left the company is closed. */
  async refreshRestrictions(userId?: number): Promise<void> {
    if (!this.restrictionsOf) return;
    for (const [companyId, set] of [...this.byCompany]) {
      const clients = [...set].filter((c) => userId === undefined || c.userId === userId);
      if (clients.length === 0) continue;
      const current = await this.restrictionsOf(companyId, [...new Set(clients.map((c) => c.userId))]);
      for (const client of clients) {
        const restrictions = current.get(client.userId);
        if (!restrictions) client.socket.close(4003, "not a member");
        else client.restrictions = isRestricted(restrictions) ? restrictions : null;
      }
    }
  }

  /** Closes the sockets whose session has ended anywhere (their token revoked or expired, their user
   * locked): the database says which tokens still live. */
  async closeEndedSessions(): Promise<void> {
    if (!this.liveTokens) return;
    const clients = [...this.byCompany.values()].flatMap((set) => [...set]);
    if (clients.length === 0) return;
    const live = await this.liveTokens([...new Set(clients.map((c) => c.tokenHash))]);
    for (const c of clients) if (!live.has(c.tokenHash)) c.socket.close(4001, "session ended");
  }

  private beat(): void {
    this.sweep();
    const ids = [...this.byCompany.values()].flatMap((set) => [...set].map((c) => c.id));
    if (ids.length > 0) void this.online?.alive(ids).catch(() => undefined);
    void this.refreshRestrictions().catch(() => undefined);
    void this.closeEndedSessions().catch(() => undefined); // the database is away: the next beat asks again
    for (const companyId of this.byCompany.keys()) {
      const seq = this.delivered.get(companyId);
      if (seq !== undefined) this.deliver({ type: "seq", seq, companyId, data: {} });
    }
    this.scheduleTailCheck(0);
  }

  /** In `ms`, compares the database's last seq of each company with sockets to what was delivered. A
   * company behind gets a moment (its events may be on their way on the bus) and, if what the database
   * had then is still not delivered, its sockets get a `seq` tail with that seq so their clients catch
   * up. Under steady load the database is always a little ahead; only what stays behind counts. */
  private scheduleTailCheck(ms: number): void {
    if (!this.lastSeqs || this.tailTimer || this.closed) return;
    this.tailTimer = setTimeout(() => {
      void this.checkTails().finally(() => (this.tailTimer = undefined));
    }, ms);
    this.tailTimer.unref();
  }

  private async checkTails(): Promise<void> {
    const behind = await this.companiesBehind([...this.byCompany.keys()]);
    if (behind.size === 0) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(this.tailCheckMs, 1000)).unref());
    for (const [companyId, seq] of behind) {
      if (this.closed) return;
      if (seq > (this.delivered.get(companyId) ?? 0)) this.deliver({ type: "seq", seq, companyId, data: {} });
    }
  }

  private async companiesBehind(companyIds: number[]): Promise<Map<number, number>> {
    const behind = new Map<number, number>();
    if (companyIds.length === 0 || !this.lastSeqs || this.closed) return behind;
    let stored: Map<number, number>;
    try {
      stored = await this.lastSeqs(companyIds);
    } catch {
      return behind; // the database is away: the next heartbeat tries again
    }
    for (const [companyId, seq] of stored) {
      if (this.byCompany.has(companyId) && seq > (this.delivered.get(companyId) ?? 0)) behind.set(companyId, seq);
    }
    return behind;
  }

  /** Closes, on every process, the sockets of sessions that just ended (their tokens revoked by the
   * caller): the sockets opened with these access tokens, or, without them (a lock, a password reset:
   * every token of a user), those whose token the database no longer lets live. This process closes
   * its own at once; the others hear it over the bus rather than at their next heartbeat, which
   * remains the fallback when the publish fails. */
  async endSessions(accessTokens?: readonly string[]): Promise<void> {
    const tokenHashes = accessTokens?.map((t) => hashSecret(t).toString("hex"));
    const notice = { from: this.id, ...(tokenHashes ? { tokenHashes } : {}) };
    // The envelope of a real-time message, for a bus that carries only those; company 0 has no sockets.
    const published = this.bus.publish({ type: "seq", seq: 0, companyId: 0, data: {}, sessionsEnded: notice }).catch(() => undefined);
    await Promise.all([this.closeSessions(tokenHashes), published]);
  }

  /** A session notice from the bus: another process's logout or lock. */
  private sessionsEnded(notice: SessionsEndedNotice): void {
    if (notice.from === this.id) return;
    void this.closeSessions(notice.tokenHashes).catch(() => undefined); // the database is away: the heartbeat asks again
  }

  private async closeSessions(tokenHashes: readonly string[] | undefined): Promise<void> {
    if (!tokenHashes) return this.closeEndedSessions();
    const ended = new Set(tokenHashes);
    for (const set of this.byCompany.values()) for (const c of set) if (ended.has(c.tokenHash)) c.socket.close(4001, "logged out");
  }

  /** Closes a user's sockets of a company (their membership or restrictions changed): the client
   * reconnects with a new ticket, and the new socket carries the current restrictions. */
  disconnectUser(companyId: number, userId: number): void {
    for (const c of this.byCompany.get(companyId) ?? []) if (c.userId === userId) c.socket.close(4002, "access changed");
  }

  /** Users with an open socket on this process for the company. */
  async onlineUserIds(companyId: number): Promise<Set<number>> {
    return new Set([...(this.byCompany.get(companyId) ?? [])].map((c) => c.userId));
  }

  /** Number of open sockets (all companies). */
  get size(): number {
    let n = 0;
    for (const set of this.byCompany.values()) n += set.size;
    return n;
  }

  /** Closes every socket as "going away" (shutdown); once (the app's preClose and onClose both call it). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.tailTimer);
    this.cancelFlush?.();
    this.pending.clear();
    this.unsubscribe();
    this.offReconnect?.();
    for (const set of this.byCompany.values()) for (const c of set) c.socket.close(1001, "server shutting down");
  }

  private sweep(): void {
    for (const set of this.byCompany.values())
      for (const c of set) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        c.socket.ping();
      }
  }
}
