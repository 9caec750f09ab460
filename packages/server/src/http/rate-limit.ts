import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config.js";
import { AppError } from "./errors.js";

/** Registers @fastify/rate-limit's counters (no route is limited unless it uses {@link limits}): kept
 * in Redis under the deployment's prefix when REDIS_URL is set, so every process counts together; in
 * memory otherwise. */
export async function installRateLimits(app: FastifyInstance, config: Config, redisPrefix: string): Promise<void> {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
  redis?.on("error", (err) => app.log.warn({ err }, "rate-limit redis"));
  if (redis) app.addHook("onClose", async () => void (await redis.quit().catch(() => undefined)));
  // Redis away: requests go through rather than every reporter being refused.
  await app.register(fastifyRateLimit, { global: false, redis, nameSpace: `${redisPrefix}rate-limit:`, skipOnError: true });
}

/** One limit: at most `max` requests per `windowMs` for each key (`null`: the request is not counted). */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
  key: (req: FastifyRequest) => string | null;
}

/** A preHandler counting a request against every limit (the plugin's own hook runs one limit per
 * request); past any of them, 429 tooManyRequests with Retry-After, in the caller's language. */
export function limits(app: FastifyInstance, list: readonly Limit[]): preHandlerAsyncHookHandler {
  const counters = list.map((l) => ({
    ...l,
    count: app.createRateLimit({ max: l.max, timeWindow: l.windowMs, keyGenerator: (req) => `${l.name}:${l.key(req)}` }),
  }));
  return async (req) => {
    for (const c of counters) {
      if (c.key(req) === null) continue;
      const result = await c.count(req);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        req.log.info({ limit: c.name }, "rate limited");
        throw new AppError(429, "tooManyRequests", "rate limited", undefined, { "retry-after": String(seconds) }, { seconds });
      }
    }
  };
}
