import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes, type Open311Format, type RouteEntry } from "@atalaya/shared";
import type { AppContext } from "../context.js";
import { limits } from "../http/rate-limit.js";
import { at } from "../http/route.js";
import { CONTENT_TYPES, formatOfUrl, render, renderErrors, type Open311Value } from "./open311.format.js";
import { open311Language, open311Message, type Open311MessageKey } from "./open311.messages.js";
import {
  authenticateKey,
  authenticateRead,
  createRequest,
  discovery,
  getRequest,
  listRequests,
  listServices,
  Open311Error,
  requestOfToken,
  serviceDefinition,
  type Open311Client,
} from "./open311.service.js";

/** Where the GeoReport v2 endpoint lives. */
export const OPEN311_PREFIX = "/open311/v2";

const clients = new WeakMap<FastifyRequest, Open311Client>();
const clientOf = (req: FastifyRequest) => clients.get(req)!;
/** The one language of an answer, names and errors alike. */
const langOf = (req: FastifyRequest) => open311Language(req.headers["accept-language"]);

/** The Open311 text for one of the app's own refusals, by its code (validation, rate limit, database
 * away…), so an answer never mixes the app's language with Open311's. */
function refusalKey(status: number, code: unknown): Open311MessageKey {
  if (status === 429) return "tooManyRequests";
  if (code === "overQueryLimit") return "geocoderBusy";
  if (status === 503) return "unavailable";
  if (status === 404) return "noSuchResource";
  return status >= 500 ? "generalError" : "invalidRequest";
}

/** A form body (the specification's application/x-www-form-urlencoded) as an object; attribute[code]=v
 * and attribute[code][]=v (a multivaluelist) become attribute: {code: v | [v…]}. */
export function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const attribute: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const m = /^attribute\[([^\]]*)\](\[\])?$/.exec(key);
    if (!m) {
      out[key] = value;
    } else if (m[2]) {
      const list = attribute[m[1]!];
      attribute[m[1]!] = Array.isArray(list) ? [...list, value] : [value];
    } else {
      attribute[m[1]!] = value;
    }
  }
  if (Object.keys(attribute).length > 0) out.attribute = attribute;
  return out;
}

/** An entry's route in the prefixed scope below, where its address is its path without the prefix. */
function within<E extends RouteEntry>(entry: E) {
  if (!entry.path.startsWith(`${OPEN311_PREFIX}/`)) throw new Error(`${entry.path} is not under ${OPEN311_PREFIX}`);
  return { ...at(entry), url: entry.path.slice(OPEN311_PREFIX.length) };
}

function send(reply: FastifyReply, format: Open311Format, root: string, value: Open311Value) {
  return reply.type(CONTENT_TYPES[format]).send(render(format, root, value));
}

/** Open311's status for an API refusal: 403 and 404 as they are, 429 and 503 kept (retry later), any
 * other client or upstream failure 400 (the specification's "general service error"). */
const open311Status = (status: number) => ([403, 404, 429, 503].includes(status) ? status : status >= 500 ? status : 400);

/** GeoReport v2 (issue 18) under /open311/v2: discovery, services, service definitions, requests (read
 * and create), a request, tokens; each in JSON and XML, errors as [{code, description}] in the caller's
 * language. As the specification asks, only POST needs an api_key: services and their definitions are
 * public (the organisation named by jurisdiction_id, its id), requests read without a key only when the
 * organisation turned on public Open311 reads. Any origin may call (CORS): the key is in the request,
 * never a cookie. */
export async function open311Routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    // Form bodies only here: the rest of the API stays JSON.
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 64 * 1024 }, (_req, text, done) => {
      done(null, parseForm(text as string));
    });
    // An Open311Error is answered here; anything else goes to the app's handler (below: reshaped).
    scope.setErrorHandler((err, req, reply) => {
      if (!(err instanceof Open311Error)) throw err;
      const format = formatOfUrl(req.url);
      const description = open311Message(langOf(req), err.key, err.vars);
      return reply.code(err.status).type(CONTENT_TYPES[format]).send(renderErrors(format, [{ code: err.status, description }]));
    });
    // CORS: a browser page of any origin may read and post (the key travels in the request, not in a
    // cookie, so another origin gains nothing a server-side client has not). A JSON POST is preflighted.
    scope.addHook("onRequest", async (_req, reply) => {
      reply.header("access-control-allow-origin", "*").header("cross-origin-resource-policy", "cross-origin");
    });
    scope.options("/*", { config: { public: true }, schema: { hide: true } }, async (_req, reply) =>
      reply
        .code(204)
        .header("access-control-allow-methods", "GET, POST")
        .header("access-control-allow-headers", "Content-Type, Idempotency-Key")
        .header("access-control-max-age", "86400")
        .send(),
    );
    // The app's own refusals (validation, rate limit, database away, the text guard) in Open311's shape.
    scope.addHook("onSend", async (req, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== "string" || !payload.startsWith("{")) return payload;
      let error: { code?: unknown; fields?: { field?: unknown; code?: unknown }[] } | undefined;
      try {
        error = (JSON.parse(payload) as { error?: typeof error }).error;
      } catch {
        return payload;
      }
      if (!error) return payload;
      const fields = Array.isArray(error.fields) ? error.fields.map((f) => `${String(f.field)} (${String(f.code)})`).join(", ") : "";
      const status = open311Status(reply.statusCode);
      const format = formatOfUrl(req.url);
      const seconds = Number(reply.getHeader("retry-after")) || 1;
      const text = open311Message(langOf(req), refusalKey(reply.statusCode, error.code), { seconds });
      reply.code(status).type(CONTENT_TYPES[format]);
      return renderErrors(format, [{ code: status, description: `${text}${fields ? `: ${fields}` : ""}` }]);
    });
    const noSuchResource = (req: FastifyRequest, reply: FastifyReply) => {
      const format = formatOfUrl(req.url);
      return reply.code(404).type(CONTENT_TYPES[format]).send(renderErrors(format, [{ code: 404, description: open311Message(langOf(req), "noSuchResource") }]));
    };
    scope.setNotFoundHandler(noSuchResource);
    // A GET of an address under the prefix that names nothing would otherwise reach the portal's
    // client-route fallback (GET /*, served beside the API): a client reading `service.json` for
    // `services.json` got the portal's page with 200. This wildcard is more specific than the portal's.
    scope.get("/", { config: { public: true }, schema: { hide: true } }, noSuchResource);
    scope.get("/*", { config: { public: true }, schema: { hide: true } }, noSuchResource);

    // Who is calling, then how often: a key's calls are counted together across processes, calls
    // without a key by address, with the same allowance.
    const credentials = (req: FastifyRequest) => {
      const query = req.query as { api_key?: string; jurisdiction_id?: string };
      const body = (req.body ?? {}) as { api_key?: string; jurisdiction_id?: string };
      return { apiKey: body.api_key ?? query.api_key, jurisdictionId: body.jurisdiction_id ?? query.jurisdiction_id };
    };
    const authenticate = async (req: FastifyRequest) => {
      const { apiKey, jurisdictionId } = credentials(req);
      clients.set(req, await authenticateKey(ctx, apiKey, jurisdictionId));
    };
    const reading = (what: "services" | "requests") => async (req: FastifyRequest) => {
      const { apiKey, jurisdictionId } = credentials(req);
      clients.set(req, await authenticateRead(ctx, apiKey, jurisdictionId, what));
    };
    const { perKey, windowMs } = ctx.config.open311Limit;
    const perCallerLimit = limits(scope, [
      { name: "open311-key", max: perKey, windowMs, key: (req) => (clients.get(req)?.keyId != null ? String(clientOf(req).keyId) : null) },
      { name: "open311-public", max: perKey, windowMs, key: (req) => (clients.has(req) && clientOf(req).keyId === null ? req.ip : null) },
    ]);
    const keyed = { preHandler: [authenticate, perCallerLimit] };
    const publicRead = { preHandler: [reading("services"), perCallerLimit] };
    const requestsRead = { preHandler: [reading("requests"), perCallerLimit] };

    r.route({
      ...within(routes.getOpen311V2DiscoveryByFormat),
      handler: async (req, reply) => send(reply, req.params.format, "discovery", discovery(ctx.config.publicUrl)),
    });

    r.route({
      ...within(routes.getOpen311V2ServicesByFormat),
      ...publicRead,
      handler: async (req, reply) => send(reply, req.params.format, "services", await listServices(ctx, clientOf(req), langOf(req))),
    });

    r.route({
      ...within(routes.getOpen311V2ServicesByCodeByFormat),
      ...publicRead,
      handler: async (req, reply) => send(reply, req.params.format, "service_definition", await serviceDefinition(ctx, clientOf(req), req.params.code)),
    });

    r.route({
      ...within(routes.getOpen311V2RequestsByFormat),
      ...requestsRead,
      handler: async (req, reply) => send(reply, req.params.format, "service_requests", await listRequests(ctx, clientOf(req), req.query, langOf(req))),
    });

    r.route({
      ...within(routes.postOpen311V2RequestsByFormat),
      ...keyed,
      handler: async (req, reply) => {
        const header = req.headers["idempotency-key"];
        const idempotencyKey = typeof header === "string" && header.length > 0 && header.length <= 200 ? header : undefined;
        return send(reply, req.params.format, "service_requests", await createRequest(ctx, clientOf(req), req.body, idempotencyKey, langOf(req)));
      },
    });

    r.route({
      ...within(routes.getOpen311V2RequestsByIdByFormat),
      ...requestsRead,
      handler: async (req, reply) => send(reply, req.params.format, "service_requests", await getRequest(ctx, clientOf(req), req.params.id, langOf(req))),
    });

    r.route({
      ...within(routes.getOpen311V2TokensByTokenByFormat),
      ...requestsRead,
      handler: async (req, reply) => send(reply, req.params.format, "service_requests", await requestOfToken(ctx, clientOf(req), req.params.token)),
    });
  }, { prefix: OPEN311_PREFIX });
}
