import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { RealtimeMessage } from "@atalaya/shared";

/** Carries committed events to every server process; each process relays them to its own sockets. */
export interface EventBus {
  publish(message: RealtimeMessage): Promise<void>;
  /** Adds a handler; the returned function removes it. */
  subscribe(handler: (message: RealtimeMessage) => void): () => void;
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

const CHANNEL = "atalaya:events";

/** Several processes: Redis pub/sub on one channel. Resolves once the subscription is live. */
export async function redisBus(url: string, onError: (err: Error) => void): Promise<EventBus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true });
  pub.on("error", onError);
  sub.on("error", onError);
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(CHANNEL);
  const handlers = new Set<(m: RealtimeMessage) => void>();
  sub.on("message", (_channel: string, raw: string) => {
    let message: RealtimeMessage;
    try {
      message = JSON.parse(raw) as RealtimeMessage;
    } catch (err) {
      onError(err as Error);
      return;
    }
    for (const h of handlers) h(message);
  });
  return {
    kind: "redis",
    async publish(message) {
      await pub.publish(CHANNEL, JSON.stringify(message));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
