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

/** Holds this process's operator sockets by company and relays bus messages to them. */
export class Hub {
  private readonly byCompany = new Map<number, Set<Client>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

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

  /** Sends one message to every socket of its company. */
  deliver(message: RealtimeMessage): void {
    const set = this.byCompany.get(message.companyId);
    if (!set) return;
    const raw = JSON.stringify(message);
    for (const client of set) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        client.socket.close(1013, "too slow");
        continue;
      }
      client.socket.send(raw);
    }
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
