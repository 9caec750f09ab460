import type { TrustProxy } from "../config.js";

/** The setting in the form Fastify's types take: a hop count becomes proxy-addr's own hop rule (the
 * connection is hop 0, each X-Forwarded-For entry from the right one more). */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}
