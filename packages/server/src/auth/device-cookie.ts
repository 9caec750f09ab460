import type { FastifyReply, FastifyRequest } from "fastify";
import { DEVICE_COOKIE, DEVICE_TTL_DAYS } from "./login-throttle.js";
import type { LoginClient } from "./login.service.js";

const SECRET_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** The device cookie's secret of a request, when it has one of the right shape. */
export function deviceSecretOf(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return SECRET_SHAPE.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** The sign-in's client: its address (as the trusted proxies tell it) and device cookie. */
export function loginClientOf(req: FastifyRequest): LoginClient {
  return { ip: req.ip, deviceSecret: deviceSecretOf(req) };
}

/** Sets the device cookie after a successful sign-in: sent only to the API's sign-in routes' path, never
 * readable by scripts, never on cross-site requests. */
export function setDeviceCookie(req: FastifyRequest, reply: FastifyReply, secret: string): void {
  const secure = req.protocol === "https" ? "; Secure" : "";
  reply.header("set-cookie", `${DEVICE_COOKIE}=${secret}; Path=/api; Max-Age=${DEVICE_TTL_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure}`);
}
