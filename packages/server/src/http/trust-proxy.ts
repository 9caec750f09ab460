import { isIP } from "node:net";

/** Which proxies' X-Forwarded-* headers are believed: none, the nearest N hops, or those at these
 * addresses/CIDRs (Fastify's `trustProxy`, through proxy-addr). */
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_HELP =
  "must be false, true (one proxy), a hop count 1-10, or a comma-separated list of proxy addresses/CIDRs (10.0.0.0/8, loopback)";

// proxy-addr's names for address ranges.
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY as Fastify takes it, or undefined when the value is not valid. `true` means one hop:
 * the client is whoever connected to the proxy in front, never an address a client wrote into
 * X-Forwarded-For itself (Fastify's own `true` believes the left-most, which any client may set). */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const v = value.trim().toLowerCase();
  if (v === "false") return false;
  if (v === "true") return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const list = v.split(",").map((e) => e.trim()).filter(Boolean);
  return list.length && list.every(isAddressOrCidr) ? list : undefined;
}

/** The setting in the form Fastify's types take: a hop count becomes proxy-addr's own hop rule (the
 * connection is hop 0, each X-Forwarded-For entry from the right one more). */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}
