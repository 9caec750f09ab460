import type { IncomingHttpHeaders } from "node:http";
import { parseOrigin } from "../config.js";

/** Which page origins may open the WebSocket: the request's own, PUBLIC_URL's and ALLOWED_ORIGINS. */
export interface OriginPolicy {
  /** Origin of PUBLIC_URL. */
  publicOrigin: string;
  /** ALLOWED_ORIGINS, normalised. */
  allowed: readonly string[];
  /** TRUST_PROXY: X-Forwarded-Proto and X-Forwarded-Host say what the browser used. */
  trustProxy: boolean;
}

/** What the handshake request carries that the decision needs (a Node IncomingMessage fits). */
export interface OriginRequest {
  headers: IncomingHttpHeaders;
  /** The connection to this process: a TLS socket has `encrypted: true`. */
  socket?: object | null;
}

export type OriginRefusal = "malformedOrigin" | "foreignOrigin";
/** An allowed handshake's origin is null when it sent none (a server-side client). */
export type OriginDecision = { allowed: true; origin: string | null } | { allowed: false; reason: OriginRefusal };

const first = (value: string | string[] | undefined): string | undefined => {
  const raw = Array.isArray(value) ? value[0] : value;
  const head = raw?.split(",")[0]?.trim();
  return head ? head : undefined;
};

/** The origin the browser addressed: scheme and `Host` (or, behind a trusted proxy, the forwarded
 * ones); undefined when the host is missing or is not a plain host[:port]. */
export function requestOrigin(req: OriginRequest, trustProxy: boolean): string | undefined {
  const forwardedProto = trustProxy ? first(req.headers["x-forwarded-proto"])?.toLowerCase() : undefined;
  const forwardedHost = trustProxy ? first(req.headers["x-forwarded-host"]) : undefined;
  const encrypted = !!req.socket && "encrypted" in req.socket && req.socket.encrypted === true;
  const scheme = forwardedProto ?? (encrypted ? "https" : "http");
  const host = forwardedHost ?? first(req.headers.host);
  if (!host || (scheme !== "http" && scheme !== "https") || /[^a-z0-9._\-:[\]]/i.test(host)) return undefined;
  return parseOrigin(`${scheme}://${host}`);
}

/** Decides whether a page at the offered `Origin` may open the WebSocket: same origin as the request,
 * PUBLIC_URL's origin, or one of ALLOWED_ORIGINS. No Origin header at all is a client that is not a
 * browser (Node's ws, Python's websockets): every browser sends one on a WebSocket handshake, so the
 * check that keeps other sites' pages out does not concern it, and its single-use ticket is the
 * credential. An empty or "null" Origin (a sandboxed or file page) is a browser's, and refused. Pure: no
 * I/O, no logging. */
export function checkOrigin(offered: string | undefined, req: OriginRequest, policy: OriginPolicy): OriginDecision {
  if (offered === undefined) return { allowed: true, origin: null };
  const origin = parseOrigin(offered);
  if (!origin) return { allowed: false, reason: "malformedOrigin" };
  if (origin === requestOrigin(req, policy.trustProxy) || origin === policy.publicOrigin || policy.allowed.includes(origin))
    return { allowed: true, origin };
  return { allowed: false, reason: "foreignOrigin" };
}

/** The policy of a configuration. */
export function originPolicy(config: { publicUrl: string; allowedOrigins: readonly string[]; trustProxy: boolean | number | readonly string[] }): OriginPolicy {
  return { publicOrigin: new URL(config.publicUrl).origin, allowed: config.allowedOrigins, trustProxy: config.trustProxy !== false };
}
