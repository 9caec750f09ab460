import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import helmet from "helmet";
import type { DestinationStream } from "pino";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { PORTAL_VERSION } from "@atalaya/shared";
import { installAuthentication } from "./auth/authenticate.js";
import { installCompanyScope } from "./auth/company-scope.js";
import { loadRestrictionsOf } from "./auth/restrictions.js";
import { JobWorker } from "./jobs/index.js";
import { closeFileStoreOf, installUploadCleanup } from "./files/index.js";
import { databaseOnlineRegistry } from "./operators/index.js";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import { DOMAINS } from "./domains.js";
import type { Db } from "./db/db.js";
import { migrate } from "./db/migrate.js";
import { openDatabase } from "./db/open.js";
import { cspHeader, docsCspDirectives, portalCspDirectives } from "./http/csp.js";
import { openApiOptions } from "./http/openapi.js";
import { installNoStore } from "./http/cache-control.js";
import { installRouteTable } from "./http/route-table.js";
import { installErrorHandlers } from "./http/error-handler.js";
import { PERMISSIONS_POLICY } from "./http/permissions-policy.js";
import { installTextGuard } from "./http/text-guard.js";
import { installRateLimits } from "./http/rate-limit.js";
import { installMetrics } from "./metrics/index.js";
import { fastifyTrustProxy } from "./http/trust-proxy.js";
import { installRequestLog, redactUrl, RequestLogController } from "./http/request-log.js";
import { serveWeb } from "./http/web.js";
import { memoryBus, redisBus, type EventBus } from "./realtime/bus.js";
import { Hub } from "./realtime/hub.js";
import { lastSeqs } from "./realtime/event.repository.js";
import { startRelay } from "./realtime/outbox.js";
import { liveTokenHashes } from "./realtime/ticket.repository.js";
import { seedCatalogue } from "./catalogue/index.js";
import { redisPrefixOf } from "./db/deployment.js";

export type { Config } from "./config.js";
export { loadConfig } from "./config.js";

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Parts a caller may supply instead of having buildApp open them (tests share one database). */
export interface AppParts {
  db?: Db;
  bus?: EventBus;
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** Told how long each start phase took (`database`, `migrate`, `routes`) and what it did, for server.ts to print. */
  onPhase?: (phase: string, ms: number, note?: string) => void;
  /** The caller serves the built portal itself (serveWeb), once its build is done: `npm start` builds it
   * beside the server's start (server.ts), which opens, migrates and seeds the database meanwhile. */
  webLater?: boolean;
}

/** Builds the whole application: plugins, then domains, then the web portal. Does not listen. */
export async function buildApp(config: Config, parts: AppParts = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(parts.logStream ? { stream: parts.logStream } : {}),
      redact: ["req.headers.authorization", 'req.headers["access-token"]', "req.headers.cookie"],
      serializers: {
        req: (req: { id: string; method: string; url: string; ip?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
        }),
      },
    },
    // One line per request, when it completes (status, time, and the error code of a refused one).
    logController: new RequestLogController(),
    // Only the configured hops or proxy addresses say who the client is (http/trust-proxy.ts).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // SPEC §7 writes some paths with a trailing slash (`…/reports/?…`): the same route either way.
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
  installRequestLog(app);
  // Security headers on every response; the CSP allows what the portal loads (http/csp.ts). One helmet
  // middleware made here: @fastify/helmet made a new one, parsing every directive again, per request
  // (2 % of the server's CPU under intake load). A route that sends its own CSP header replaces this one.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: portalCspDirectives({ mapOrigins: config.mapOrigins }) },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  // No cache keeps an API answer: tokens and personal data (http/cache-control.ts).
  installNoStore(app);

  const ownsDb = !parts.db;
  let since = performance.now();
  const phase = (name: string, note?: string) => {
    parts.onPhase?.(name, performance.now() - since, note);
    since = performance.now();
  };
  const db = parts.db ?? (await openDatabase(config));
  if (ownsDb) {
    phase("database");
    // A restart applies nothing: applied migrations are recorded, and the catalogue's upsert writes
    // only rows that differ.
    const applied = await migrate(db);
    await seedCatalogue(db);
    phase("migrate", applied.length ? `${applied.length} applied` : "up to date");
  }
  const redisPrefix = await redisPrefixOf(db, config.redisPrefix);
  const bus =
    parts.bus ??
    (config.redisUrl ? await redisBus(config.redisUrl, (err) => app.log.error({ err }, "redis"), { prefix: redisPrefix }) : memoryBus());
  const hub = new Hub(bus, {
    lastSeqs: (companyIds) => lastSeqs(db, companyIds),
    restrictionsOf: (companyId, userIds) => loadRestrictionsOf(db, companyId, userIds),
    liveTokens: (tokenHashes) => liveTokenHashes(db, tokenHashes),
    // Who is online, in the database for every process; a socket coming or going refreshes the
    // company's operators screens (an unstored message: seq 0).
    online: databaseOnlineRegistry(
      db,
      (companyId) => void bus.publish({ type: "operators", seq: 0, companyId, data: {} }).catch(() => undefined),
      (err) => app.log.warn({ err }, "online sockets"),
    ),
  });
  // Republishes stored events whose publish failed (realtime/outbox.ts).
  const relay = startRelay(db, bus, app.log);
  // Background jobs stored in the database (jobs/): domains register handlers, started after the routes.
  const jobs = new JobWorker(db, { log: app.log });
  const ctx: AppContext = { config, db, bus, redisPrefix, hub, jobs };
  // Each domain's job handlers (a domain's index.ts says which), before the worker starts on ready.
  for (const domain of DOMAINS) await domain.jobs?.(ctx);
  app.decorate("ctx", ctx);
  app.decorate("draining", false);

  app.addHook("onClose", async () => {
    await jobs.stop();
    await relay.stop();
    hub.close();
    if (!parts.bus) await bus.close();
    if (ownsDb) await db.close();
    closeFileStoreOf(config);
  });

  await app.register(fastifySwagger, openApiOptions(config.publicUrl, PORTAL_VERSION));
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: { docExpansion: "list" },
    staticCSP: cspHeader(docsCspDirectives()),
  });
  // Runs before @fastify/websocket's own preClose, which closes every socket without a code (1005): on a
  // drain the clients are told 1001, going away, as the AsyncAPI document says, and reconnect elsewhere.
  app.addHook("preClose", async () => hub.close());
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  // First of the route hooks: the others read the config it fills from the route table.
  installRouteTable(app);
  installErrorHandlers(app);
  installTextGuard(app);
  installUploadCleanup(app);
  await installRateLimits(app, config, redisPrefix);
  installMetrics(app, config.metricsToken, { db, bus, hub });
  installAuthentication(app, db);
  installCompanyScope(app, db);

  // Every domain's routes in one scope, after the hooks above (domains.ts lists them).
  await app.register(async (scope) => {
    for (const domain of DOMAINS) await domain.routes?.(scope, ctx);
  });

  if (!parts.webLater) await serveWeb(app, config);
  app.addHook("onReady", async () => jobs.start());
  phase("routes");
  return app;
}
