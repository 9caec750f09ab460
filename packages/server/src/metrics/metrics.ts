import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { poolStatsOf, type Db } from "../db/db.js";
import type { JobState } from "../jobs/job.repository.js";
import type { EventBus } from "../realtime/bus.js";
import type { Hub } from "../realtime/hub.js";
import { observePublishes } from "../realtime/outbox.js";

/** What the metrics read: the process's database, bus and socket hub. */
export interface MetricsSources {
  db: Db;
  bus: EventBus;
  hub: Hub;
}

const JOB_STATES: readonly JobState[] = ["queued", "running", "done", "failed"];
// A scrape must answer even when the database does not: its figures are left out past this.
const DATABASE_READ_TIMEOUT_MS = 2000;
// Seconds: from a cached read (a few ms) to a slow export or a request held by an unreachable database.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const digest = (value: string) => createHash("sha256").update(value).digest();

/** The route pattern a request matched (`/api/companies/:companyId/reports`), never its URL, so the
 * series stay few whatever clients send; requests that matched no route share one label. */
function routeOf(req: FastifyRequest): string {
  return req.routeOptions.url ?? "(unmatched)";
}

/** Reads the job queue by state, or undefined when the database does not answer in time. */
async function jobDepth(db: Db): Promise<Map<string, number> | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), DATABASE_READ_TIMEOUT_MS)));
  try {
    const rows = await Promise.race([
      db.query<{ state: string; count: number }>("select state, count(*)::int as count from jobs group by state"),
      timeout,
    ]);
    return rows ? new Map(rows.map((r) => [r.state, Number(r.count)])) : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** The registry of one application: every metric below plus Node's own (memory, CPU, event loop). */
function buildRegistry(app: FastifyInstance, sources: MetricsSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // prom-client's three totals of active handles, requests and resources are gauges named like
  // counters, which `promtool check metrics` refuses; the same figures by type stay as
  // nodejs_active_handles, nodejs_active_requests and nodejs_active_resources (sum them for the total).
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) registry.removeSingleMetric(name);
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({ name: "atalaya_http_requests_total", help: "HTTP requests answered, by method, route pattern and status", labelNames, registers: [registry] });
  const latency = new Histogram({
    name: "atalaya_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status",
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook("onResponse", async (req, reply) => {
    const labels = { method: req.method, route: routeOf(req), status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: "atalaya_websocket_open",
    help: "Operator WebSockets open on this process",
    registers: [registry],
    collect() {
      this.set(sources.hub.size);
    },
  });
  const published = new Counter({
    name: "atalaya_events_published_total",
    help: "Stored events this process published on the bus: 'commit' right after their change, 'relay' by the outbox relay",
    labelNames: ["via"],
    registers: [registry],
  });
  const publishFailures = new Counter({
    name: "atalaya_events_publish_failures_total",
    help: "Publishes that failed (the event stays in the outbox for the relay)",
    labelNames: ["via"],
    registers: [registry],
  });
  for (const via of ["commit", "relay"]) {
    published.inc({ via }, 0);
    publishFailures.inc({ via }, 0);
  }
  observePublishes(sources.bus, {
    published: (via, count) => published.inc({ via }, count),
    failed: (via) => publishFailures.inc({ via }),
  });
  const received = new Counter({ name: "atalaya_events_received_total", help: "Stored events this process received from the bus for its sockets", registers: [registry] });
  const unsubscribe = sources.bus.subscribe((message) => {
    if (message.seq > 0) received.inc();
  });
  app.addHook("onClose", async () => unsubscribe());

  new Gauge({
    name: "atalaya_db_pool_connections",
    help: "Database connections by state: open, in_use, idle, and max",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = poolStatsOf(sources.db);
      if (!stats) return;
      this.set({ state: "max" }, stats.max);
      this.set({ state: "open" }, stats.open);
      this.set({ state: "in_use" }, stats.inUse);
      this.set({ state: "idle" }, stats.idle);
    },
  });
  new Gauge({
    name: "atalaya_db_pool_waiting",
    help: "Callers waiting for a database connection",
    registers: [registry],
    collect() {
      const stats = poolStatsOf(sources.db);
      if (stats) this.set(stats.waiting);
    },
  });
  // Both gauges below come from one query per scrape (the registry collects them side by side).
  let reading: { at: number; depth: Promise<Map<string, number> | undefined> } | undefined;
  const readJobs = () => {
    if (!reading || performance.now() - reading.at > 1000) reading = { at: performance.now(), depth: jobDepth(sources.db) };
    return reading.depth;
  };
  new Gauge({
    name: "atalaya_db_up",
    help: "1 when the database answered this scrape's query in time, else 0",
    registers: [registry],
    async collect() {
      this.set((await readJobs()) ? 1 : 0);
    },
  });
  new Gauge({
    name: "atalaya_jobs",
    help: "Background jobs in the queue table, by state",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      this.reset();
      const depth = await readJobs();
      if (!depth) return;
      for (const state of JOB_STATES) this.set({ state }, depth.get(state) ?? 0);
    },
  });
  return registry;
}

/**
 * `GET /metrics` in Prometheus text format for a scraper holding the token (`Authorization: Bearer
 * <METRICS_TOKEN>`): requests by route pattern and status with latency histograms, open sockets,
 * events published (after commit, by the relay) and received, database pool in use and waiting, job
 * queue depth by state, and Node's process figures. Without a configured token the route answers 404
 * and nothing is counted; without the header 401, with a wrong token 403. Call before the routes are
 * registered (its hook counts them).
 */
export function installMetrics(app: FastifyInstance, token: string | undefined, sources: MetricsSources): void {
  const registry = token ? buildRegistry(app, sources) : undefined;
  const expected = token ? digest(token) : undefined;
  app.get("/metrics", { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    if (!registry || !expected) {
      return reply.code(404).send({ success: false, error: { code: "notFound", message: "Route GET /metrics not found" } });
    }
    const header = req.headers.authorization ?? "";
    const match = /^Bearer (\S+)$/i.exec(header);
    if (!match) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      return reply.code(401).send({ success: false, error: { code: "notAuthenticated", reason: "metricsTokenMissing", message: "metrics token required" } });
    }
    if (!timingSafeEqual(digest(match[1]!), expected)) {
      return reply.code(403).send({ success: false, error: { code: "forbidden", reason: "metricsTokenWrong", message: "wrong metrics token" } });
    }
    const text = await registry.metrics();
    return reply.header("content-type", registry.contentType).header("cache-control", "no-store").send(text);
  });
}
