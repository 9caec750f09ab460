import type { IncomingMessage } from "node:http";
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { HEALTH_PATHS } from "./health.routes.js";

// Secrets never reach the log: tokens travel in headers and in the WebSocket ticket query.
export const redactUrl = (url: string): string => url.replace(/([?&](ticket|access_token|token|api_key)=)[^&]*/gi, "$1[redacted]");

/** Why a request was refused, as its error body said: the code, a 409's or 401/403's reason, and the
 * fields a 400 named (`field:code`). */
interface Refusal {
  code: string;
  reason?: string;
  fields?: string[];
}
const refusals = new WeakMap<FastifyRequest, Refusal>();
const MAX_LOGGED_FIELDS = 5;
const upgrades = new WeakMap<IncomingMessage, FastifyReply>();

const isHealthProbe = (req: FastifyRequest) => HEALTH_PATHS.includes(req.url.split("?")[0] ?? "");

function clientIp(req: FastifyRequest): string | undefined {
  try {
    return req.ip;
  } catch {
    return undefined; // a request with no socket (injected in tests) behind a trusted proxy
  }
}

function requestLine(req: FastifyRequest, status: number, responseTime: number) {
  const refusal = refusals.get(req);
  return {
    method: req.method,
    url: redactUrl(req.url),
    status,
    responseTime: Math.round(responseTime * 10) / 10,
    ip: clientIp(req),
    ...refusal,
  };
}

/** Fastify's own per-request lines replaced by one line per request, written when the response is
 * finished: method, url (tokens redacted), status, response time in ms and, for a refused request,
 * what its error body said: the API error code, the reason of a conflict or refused token, and the
 * fields a validation error named. Health probes log at debug; everything else at info. */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // The single line is written when the request completes.
  }

  override routeNotFound(): void {
    // The request line says 404 notFound.
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    // Client errors are in the request line (status and code); server errors keep their stack.
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = requestLine(request, reply.statusCode, reply.elapsedTime);
    if (error) request.log.error({ ...line, err: error }, "request errored");
    else if (isHealthProbe(request)) request.log.debug(line, "request");
    else request.log.info(line, "request");
  }
}

function refusalOf(code: string, reason: unknown, fields: unknown): Refusal {
  const named = Array.isArray(fields)
    ? fields
        .slice(0, MAX_LOGGED_FIELDS)
        .map((f: { field?: unknown; code?: unknown }) => `${String(f?.field ?? "?")}:${String(f?.code ?? "?")}`.slice(0, 80))
    : [];
  return { code, ...(typeof reason === "string" ? { reason } : {}), ...(named.length > 0 ? { fields: named } : {}) };
}

/** Hooks that feed the request line: the error code of a refused request (read from the API's
 * error body), and a line for each accepted WebSocket upgrade (whose reply never completes). Call
 * before any route is registered. */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook("onSend", async (req, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === "string" && payload.length <= 16_384) {
      try {
        const error = (JSON.parse(payload) as { error?: { code?: unknown; reason?: unknown; fields?: unknown } } | null)?.error;
        if (typeof error?.code === "string") refusals.set(req, refusalOf(error.code, error.reason, error.fields));
      } catch {
        // Not the API's JSON error body: the status alone says it.
      }
    }
    return payload;
  });
  app.addHook("onRequest", async (req, reply) => {
    if (req.headers.upgrade) upgrades.set(req.raw, reply);
  });
  app.addHook("onReady", async () => {
    if (!app.hasDecorator("websocketServer")) return;
    app.websocketServer.on("connection", (_socket: unknown, raw: IncomingMessage) => {
      const reply = upgrades.get(raw);
      if (reply) reply.request.log.info(requestLine(reply.request, 101, reply.elapsedTime), "request");
    });
  });
}
