import type { Socket } from "node:net";
import type { WebSocket } from "ws";
import type { RealtimeMessage } from "@atalaya/shared";
import { hashSecret } from "../auth/tokens.js";
import type { EventBus } from "./bus.js";

interface Client {
  socket: WebSocket;
  userId: number;
  companyId: number;
  /** Hex SHA-256 of the access token the socket was opened under. */
  tokenHash: string;
  alive: boolean;
}

// A socket that cannot drain this much is too slow; closing it lets the client catch up by seq.
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const HEARTBEAT_MS = 30_000;
// Under a burst, events are held at most this long and go out together: one write to each socket
// instead of one per event, which is what sending to hundreds of sockets costs. A lone event goes at once.
const COALESCE_MS = 20;

/** Holds this process's operator sockets by company and relays bus messages to them. */
export class Hub {
  private readonly byCompany = new Map<number, Set<Client>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  /** Events waiting for the next flush, encoded once, by company. */
  private readonly pending = new Map<number, Buffer[]>();
  /** Cancels the scheduled flush; set while one is scheduled. */
  private cancelFlush: (() => void) | undefined;
  private lastFlush = -Infinity;

  constructor(bus: EventBus) {
    this.unsubscribe = bus.subscribe((message) => this.deliver(message));
    this.heartbeat = setInterval(() => this.sweep(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Registers an open socket for a user of a company. */
  add(socket: WebSocket, userId: number, companyId: number, tokenHash: string): void {
    const client: Client = { socket, userId, companyId, tokenHash, alive: true };
    let set = this.byCompany.get(companyId);
    if (!set) this.byCompany.set(companyId, (set = new Set()));
    set.add(client);
    socket.on("pong", () => (client.alive = true));
    socket.on("close", () => {
      set.delete(client);
      if (set.size === 0) this.byCompany.delete(companyId);
    });
  }

  /** Sends one message to every socket of its company, in order with the others: at once when the
   * hub is quiet, else with the next flush (at most COALESCE_MS later). */
  deliver(message: RealtimeMessage): void {
    if (!this.byCompany.has(message.companyId)) return;
    const list = this.pending.get(message.companyId);
    const encoded = Buffer.from(JSON.stringify(message));
    if (list) list.push(encoded);
    else this.pending.set(message.companyId, [encoded]);
    if (this.cancelFlush) return;
    const wait = this.lastFlush + COALESCE_MS - performance.now();
    if (wait > 0) {
      const timer = setTimeout(() => this.flush(), wait);
      this.cancelFlush = () => clearTimeout(timer);
    } else {
      const immediate = setImmediate(() => this.flush());
      this.cancelFlush = () => clearImmediate(immediate);
    }
  }

  private flush(): void {
    this.cancelFlush = undefined;
    this.lastFlush = performance.now();
    for (const [companyId, messages] of this.pending) {
      for (const client of this.byCompany.get(companyId) ?? []) {
        const { socket } = client;
        if (socket.readyState !== socket.OPEN) continue;
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          socket.close(1013, "too slow");
          continue;
        }
        // ws frames each message and writes it to the TCP socket; corking that socket (ws keeps it as
        // _socket) makes the whole flush one system call.
        const tcp = (socket as unknown as { _socket?: Socket })._socket;
        tcp?.cork();
        for (const m of messages) socket.send(m, { binary: false });
        tcp?.uncork();
      }
    }
    this.pending.clear();
  }

  /** Closes the sockets opened with an access token that was just revoked. */
  disconnectToken(token: string): void {
    const tokenHash = hashSecret(token).toString("hex");
    for (const set of this.byCompany.values())
      for (const c of set) if (c.tokenHash === tokenHash) c.socket.close(4001, "logged out");
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

  /** Closes every socket as "going away" (shutdown). */
  close(): void {
    clearInterval(this.heartbeat);
    this.cancelFlush?.();
    this.pending.clear();
    this.unsubscribe();
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
