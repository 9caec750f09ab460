import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { RealtimeMessage } from "@atalaya/shared";
import type { ReportAudience } from "../auth/restrictions.js";

/** What travels on the bus: a real-time message and, server side only, who may receive it (the
 * report's zones, type and assignee; absent or null: everyone of the company). The hub strips the
 * audience before anything reaches a browser. */
export type BusMessage = RealtimeMessage & {
  audience?: ReportAudience | null;
  /** Only this user's sockets of the company receive it (a notification); absent: the audience decides. */
  recipientUserId?: number;
  /** Server-only notice that sessions ended (logout, a lock, a password reset): every process closes
   * their sockets at once; the message itself reaches no browser (the hub's `endSessions`). */
  sessionsEnded?: SessionsEndedNotice;
};

/** Which sessions ended: these access tokens (hex SHA-256 hashes), or, without them, whichever the
 * database no longer lets live; `from` is the hub that said it (it acted already). */
export interface SessionsEndedNotice {
  from: string;
  tokenHashes?: string[];
}

/** Carries committed events to every server process; each process relays them to its own sockets. */
export interface EventBus {
  publish(message: BusMessage): Promise<void>;
  /** Adds a handler; the returned function removes it. */
  subscribe(handler: (message: BusMessage) => void): () => void;
  /** Calls handler whenever the bus is back after an outage (messages may have been missed or not
   * sent meanwhile); the returned function removes it. Buses that cannot fail do not have it. */
  onReconnect?(handler: () => void): () => void;
  close(): Promise<void>;
  readonly kind: "memory" | "redis";
}

/** One process: an in-memory emitter. */
export function memoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: "memory",
    async publish(message) {
      emitter.emit("message", message);
    },
    subscribe(handler) {
      emitter.on("message", handler);
      return () => emitter.off("message", handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Several processes: Redis pub/sub on the deployment's channel (`<prefix>events`, the prefix from
 * db/deployment.ts: deployments sharing a Redis never hear each other). Resolves once the subscription
 * is live. */
export async function redisBus(url: string, onError: (err: Error) => void, options: { prefix: string; connectionName?: string }): Promise<EventBus> {
  const { connectionName } = options;
  const channel = `${options.prefix}events`;
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, connectionName });
  const sub = new Redis(url, { lazyConnect: true, connectionName });
  pub.on("error", onError);
  sub.on("error", onError);
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(channel);
  const handlers = new Set<(m: BusMessage) => void>();
  const reconnectHandlers = new Set<() => void>();
  // ioredis emits "close" and "reconnecting" (or "end" when it gives up) when a connection drops, and
  // "ready" once it is back (the subscriber resubscribed by then): that "ready" is a reconnect.
  for (const connection of [pub, sub]) {
    let lost = false;
    const onLost = () => (lost = true);
    connection.on("close", onLost);
    connection.on("reconnecting", onLost);
    connection.on("end", onLost);
    connection.on("ready", () => {
      if (!lost) return;
      lost = false;
      for (const h of [...reconnectHandlers]) h();
    });
  }
  sub.on("message", (_channel: string, raw: string) => {
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch (err) {
      onError(err as Error);
      return;
    }
    for (const h of handlers) h(message);
  });
  let closing = false;
  return {
    kind: "redis",
    async publish(message) {
      await pub.publish(channel, JSON.stringify(message));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    async close() {
      if (closing) return;
      closing = true;
      reconnectHandlers.clear();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
