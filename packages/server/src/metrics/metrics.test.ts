import { spawnSync } from "node:child_process";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ReportAudience } from "../auth/restrictions.js";
import { changeWithEvents } from "../realtime/publish.js";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { Db } from "../db/db.js";
import { buildCompany, TEST_ORIGIN, testApp, testBus, testDb } from "../test/harness.js";

const TOKEN = "metrics-token-0123456789";
const ANYWHERE: ReportAudience = { zoneIds: [], typeId: 1, assignedUserId: null };

/** One sample of the text exposition format: name, labels, value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses Prometheus' text exposition format (version 0.0.4) strictly: every line is empty, a `# HELP`/`# TYPE`
 * comment or a sample `name{label="value",…} number`, every sample belongs to a family announced by a
 * TYPE line, and no family is announced twice. Throws on the first line that does not fit.
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const name = "[a-zA-Z_:][a-zA-Z0-9_:]*";
  // Values as Prometheus reads them (Go's ParseFloat: NaN and Inf in any case; prom-client writes "Nan").
  const sampleLine = new RegExp(`^(${name})(?:\\{(.*)\\})? ([+-]?(?:[0-9.]+(?:e[+-]?[0-9]+)?|nan|inf))(?: -?[0-9]+)?$`, "i");
  const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;
  expect(text.endsWith("\n")).toBe(true);
  for (const line of text.split("\n").slice(0, -1)) {
    if (line === "" || line.startsWith("# HELP ")) continue; // the format ignores empty lines
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      if (types.has(type[1]!)) throw new Error(`family announced twice: ${line}`);
      types.set(type[1]!, type[2]!);
      continue;
    }
    const m = sampleLine.exec(line);
    if (!m) throw new Error(`not a sample line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    if (m[2]) {
      label.lastIndex = 0;
      let consumed = 0;
      for (let l = label.exec(m[2]); l; l = label.exec(m[2])) {
        labels[l[1]!] = l[2]!;
        consumed = label.lastIndex;
      }
      if (consumed !== m[2].length) throw new Error(`malformed labels: ${line}`);
    }
    const family = m[1]!.replace(/_(bucket|sum|count)$/, "");
    if (!types.has(m[1]!) && !types.has(family)) throw new Error(`sample without a TYPE line: ${line}`);
    const value = /^nan$/i.test(m[3]!) ? Number.NaN : /inf$/i.test(m[3]!) ? (m[3]!.startsWith("-") ? -Infinity : Infinity) : Number(m[3]);
    samples.push({ name: m[1]!, labels, value });
  }
  return { types, samples };
}

// Base units Prometheus asks for, by the units promtool's lint refuses (client_golang's promlint).
const NOT_BASE_UNITS = ["milliseconds", "microseconds", "nanoseconds", "minutes", "hours", "days", "weeks", "kilobytes", "megabytes", "gigabytes", "bits", "percent", "celsius", "kilograms"];

/**
 * The problems `promtool check metrics` reports (its lint, client_golang's promlint), one line each: a
 * family without HELP or TYPE or with either twice, a name outside the metric name grammar or with a
 * colon (kept for recording rules) or camelCase, a counter not ending in `_total`, any other type
 * ending in it, a histogram or summary named with a reserved suffix, a unit that is not a base unit.
 */
function promlint(text: string): string[] {
  const problems: string[] = [];
  const help = new Map<string, number>();
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    const h = /^# HELP (\S+) (.*)$/.exec(line);
    if (h) {
      help.set(h[1]!, (help.get(h[1]!) ?? 0) + 1);
      if (!h[2]!.trim()) problems.push(`${h[1]} no help text`);
    }
    const t = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (t) {
      if (types.has(t[1]!)) problems.push(`${t[1]} TYPE twice`);
      types.set(t[1]!, t[2]!);
    }
  }
  for (const [name, type] of types) {
    if ((help.get(name) ?? 0) !== 1) problems.push(`${name} has ${help.get(name) ?? 0} HELP lines`);
    if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(name)) problems.push(`${name} is not a plain metric name (colons are for recording rules)`);
    if (/[a-z][A-Z]/.test(name)) problems.push(`${name} is camelCase`);
    if (type === "counter" && !name.endsWith("_total")) problems.push(`${name} counter metrics should have "_total" suffix`);
    if (type !== "counter" && name.endsWith("_total")) problems.push(`${name} non-counter metrics should not have "_total" suffix`);
    if ((type === "histogram" || type === "summary") && /_(bucket|sum|count)$/.test(name)) problems.push(`${name} uses a reserved suffix`);
    for (const unit of NOT_BASE_UNITS) if (name.split("_").includes(unit)) problems.push(`${name} uses ${unit} instead of a base unit`);
  }
  for (const name of help.keys()) if (!types.has(name)) problems.push(`${name} has HELP but no TYPE`);
  return problems;
}

/** The value of the one sample with this name and these labels (0 when absent). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

let app: FastifyInstance;
let bare: FastifyInstance;

beforeAll(async () => {
  app = await testApp({ METRICS_TOKEN: TOKEN });
  bare = await testApp();
});
afterAll(async () => {
  await app.close();
  await bare.close();
});

async function scrape() {
  const res = await app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: res.body, ...parseExposition(res.body) };
}

describe("GET /metrics", () => {
  it("answers 404 when no METRICS_TOKEN is configured (with or without a token)", async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await bare.inject({ method: "GET", url: "/metrics", headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: "notFound" } });
    }
  });

  it("requires the token: none 401 (WWW-Authenticate), a wrong or malformed one 403 or 401, never the figures", async () => {
    const none = await app.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(none.json()).toMatchObject({ error: { code: "notAuthenticated", reason: "metricsTokenMissing" } });
    const cases: [string, number][] = [
      [`Bearer ${TOKEN}x`, 403],
      [`Bearer ${TOKEN.slice(0, -1)}`, 403],
      ["Bearer short", 403],
      [`Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}`, 401],
      [TOKEN, 401],
      [`Bearer ${TOKEN} extra`, 401],
    ];
    for (const [authorization, status] of cases) {
      const res = await app.inject({ method: "GET", url: "/metrics", headers: { authorization } });
      expect(res.statusCode, authorization).toBe(status);
      expect(res.body).not.toContain("atalaya_");
    }
  });

  it("refuses a malformed METRICS_TOKEN at start (one line naming it)", async () => {
    await expect(testApp({ METRICS_TOKEN: "short" })).rejects.toThrow(/METRICS_TOKEN/);
    await expect(testApp({ METRICS_TOKEN: "has spaces in the middle of it" })).rejects.toThrow(/METRICS_TOKEN/);
  });

  it("parses as Prometheus text and names every family the operators need", async () => {
    const { types, samples } = await scrape();
    expect(Object.fromEntries([...types].filter(([name]) => name.startsWith("atalaya_")))).toEqual({
      atalaya_http_requests_total: "counter",
      atalaya_http_request_duration_seconds: "histogram",
      atalaya_websocket_open: "gauge",
      atalaya_events_published_total: "counter",
      atalaya_events_publish_failures_total: "counter",
      atalaya_events_received_total: "counter",
      atalaya_db_pool_connections: "gauge",
      atalaya_db_pool_waiting: "gauge",
      atalaya_db_up: "gauge",
      atalaya_jobs: "gauge",
    });
    // Node's own figures, which the fault suite reads memory from.
    expect(types.get("process_resident_memory_bytes")).toBe("gauge");
    expect(valueOf(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(valueOf(samples, "atalaya_websocket_open")).toBe(app.ctx.hub.size);
    expect(valueOf(samples, "atalaya_db_up")).toBe(1);
    for (const state of ["queued", "running", "done", "failed"]) {
      expect(samples.some((s) => s.name === "atalaya_jobs" && s.labels.state === state), state).toBe(true);
    }
    const max = valueOf(samples, "atalaya_db_pool_connections", { state: "max" });
    expect(max).toBe(4);
    const open = valueOf(samples, "atalaya_db_pool_connections", { state: "open" });
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open).toBeLessThanOrEqual(max);
    expect(valueOf(samples, "atalaya_db_pool_waiting")).toBeGreaterThanOrEqual(0);
  });

  it("passes promtool check metrics: its lint rules here, and promtool itself where it is installed", async () => {
    const { text } = await scrape();
    expect(promlint(text)).toEqual([]);
    // The rule the default Node figures broke (issue 32): no gauge named like a counter.
    expect(text).not.toMatch(/^# TYPE nodejs_active_\w+_total /m);
    expect(text).toMatch(/^# TYPE nodejs_active_handles gauge$/m);
    const promtool = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
    if (promtool.error && (promtool.error as NodeJS.ErrnoException).code === "ENOENT") return; // not installed: the rules above
    expect(`${promtool.stdout}${promtool.stderr}`).toBe("");
    expect(promtool.status).toBe(0);
  });

  it("counts requests by route pattern and status (never the raw URL) with their latency", async () => {
    const before = (await scrape()).samples;
    const events = { method: "GET", route: "/api/companies/:companyId/events", status: "401" };
    const health = { method: "GET", route: "/healthz", status: "200" };
    const unmatched = { method: "GET", route: "(unmatched)", status: "404" };
    await app.inject({ method: "GET", url: "/healthz" });
    await app.inject({ method: "GET", url: "/healthz" });
    await app.inject({ method: "GET", url: "/api/companies/424242/events?after=7" });
    await app.inject({ method: "GET", url: "/api/no-such-route/8675309" });
    const { samples, text } = await scrape();
    expect(valueOf(samples, "atalaya_http_requests_total", health) - valueOf(before, "atalaya_http_requests_total", health)).toBe(2);
    expect(valueOf(samples, "atalaya_http_requests_total", events) - valueOf(before, "atalaya_http_requests_total", events)).toBe(1);
    expect(valueOf(samples, "atalaya_http_requests_total", unmatched) - valueOf(before, "atalaya_http_requests_total", unmatched)).toBe(1);
    const count = "atalaya_http_request_duration_seconds_count";
    expect(valueOf(samples, count, health) - valueOf(before, count, health)).toBe(2);
    const inf = { ...health, le: "+Inf" };
    expect(valueOf(samples, "atalaya_http_request_duration_seconds_bucket", inf)).toBe(valueOf(samples, count, health));
    expect(valueOf(samples, "atalaya_http_request_duration_seconds_sum", health)).toBeGreaterThan(0);
    expect(text).not.toContain("424242");
    expect(text).not.toContain("8675309");
  });

  it("counts the events this process published after commit and received from the bus", async () => {
    const before = (await scrape()).samples;
    const company = await buildCompany(app.ctx.db);
    await changeWithEvents(app.ctx.db, app.ctx.bus, async (_tx, emit) => {
      await emit(company.id, "updateReport", { metricsTest: 1 }, ANYWHERE);
      await emit(company.id, "updateReport", { metricsTest: 2 }, ANYWHERE);
    });
    const published = { via: "commit" };
    await vi.waitFor(async () => {
      const { samples } = await scrape();
      expect(valueOf(samples, "atalaya_events_published_total", published) - valueOf(before, "atalaya_events_published_total", published)).toBeGreaterThanOrEqual(2);
      expect(valueOf(samples, "atalaya_events_received_total") - valueOf(before, "atalaya_events_received_total")).toBeGreaterThanOrEqual(2);
    });
  });

  it("answers while the database does not: atalaya_db_up 0 and no job figures, within seconds", async () => {
    const real = await testDb();
    // The database refuses the scrape's query (as when it is unreachable); everything else goes through.
    const refusing: Db = {
      ...real,
      query: <T>(sql: string, params?: readonly unknown[]) =>
        /group by state/.test(sql) ? Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })) : real.query<T>(sql, params),
    };
    const bus = await testBus();
    const down = await buildApp(loadConfig({ LOG_LEVEL: "silent", PUBLIC_URL: TEST_ORIGIN, WEB_DIST_DIR: "/nonexistent", METRICS_TOKEN: TOKEN }), { db: refusing, bus });
    if (bus.kind === "redis") down.addHook("onClose", () => bus.close());
    try {
      const started = performance.now();
      const res = await down.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(5000);
      const { samples } = parseExposition(res.body);
      expect(valueOf(samples, "atalaya_db_up")).toBe(0);
      expect(samples.filter((s) => s.name === "atalaya_jobs")).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
