// `npm run test:faults` (issue 14): two built server processes on PostgreSQL with Redis, driven by real
// clients while faults are injected, and a table of what survived. Reporters post community reports
// (`POST /api/app/reports`) and retry anything not acknowledged with the same clientId; operators hold
// WebSockets and catch up by seq as the portal does (ticket, hello, `GET …/events?after=`). Cases:
// kill -9 of one process, a SIGTERM (graceful drain, issue 34), every backend terminated repeatedly, the database refusing connections for
// 10 s, the Redis stopped and restarted, and a soak with memory per process. Each case must end with
// 0 acknowledged reports missing from the database and 0 events missing from any socket after
// catch-up; the script exits 1 otherwise (and on a server process that died by itself, or a 500).
// The rolling case (issue 34) runs on the cluster of `npm run cluster` instead (scripts/cluster.mjs's
// startCluster: three processes behind HAProxy on FAULTS_BALANCER_PORT, 8196): every client goes through
// the balancer only, every process is drained and started again in turn under load, and it fails on any
// request that failed at all (even one a retry then got through), an operator's request refused, or a
// /readyz through the balancer that did not answer 200 or named fewer processes than run. On the same
// cluster, the crash case kills one process with -9 under load: nothing lost or missed, and no read
// through the balancer fails once the balancer has taken the dead process out; and the object store case (issue 34): the cluster's local S3 server killed for 10 s while uploads
// and reads go through the balancer; they must be answered 503 fileStoreUnavailable meanwhile, leave
// nothing half-written (no file's row without its object, no object without its row) and succeed again
// once the store is back, without touching the server processes.
// One more case (issue 15) has no report load: a scheduled mass message to a few hundred app users of a
// custom zone, approved by the provider and delivered by the two processes' job workers, the delivering
// process killed mid-batch and the other taking the job over; it must end with every recipient holding
// the message exactly once (0 missing, 0 duplicated) and its sent count equal to the recipients (about
// 10–15 s of the short run, most of it the killed process starting again).
// And one (issue 32) with a light report load: a user with a socket on process B logs out on process A;
// B must close that socket within a second (it hears of the logout over the bus) and deliver it no
// event created after the logout; the user's other sessions stay open.
//
// `--short` (CI, about 90 s) runs each case briefly; the full run takes about 8 minutes. The database
// is one it creates on the server of FAULTS_DATABASE_URL (or DATABASE_URL; when neither is set, an
// embedded PostgreSQL it starts for itself in a temporary directory) and drops at the end; the Redis is FAULTS_REDIS_URL (or
// REDIS_URL; else a redis-server it starts on a free port), except for the Redis case, which starts its own redis-server on
// FAULTS_REDIS_PORT (6391). Servers listen on FAULTS_PORTS (8197,8198).
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import WebSocket from "ws";
import { databaseServer, startServer, tempDataDir } from "./lib.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SHORT = process.argv.includes("--short");
// The Redis every case but the Redis one uses: FAULTS_REDIS_URL's or REDIS_URL's, else one started here (main).
let MACHINE_REDIS = process.env.FAULTS_REDIS_URL || process.env.REDIS_URL || "";
const OWN_REDIS_PORT = Number(process.env.FAULTS_REDIS_PORT ?? 6391);
const PORTS = (process.env.FAULTS_PORTS ?? "8197,8198").split(",").map(Number);
const BALANCER_PORT = Number(process.env.FAULTS_BALANCER_PORT ?? 8196);
const CLUSTER_PROCESSES = 3;
const METRICS_TOKEN = `faults-${randomUUID()}`;
const DB_NAME = `atalaya_faults_${process.pid}`;
// Set once the database server is known (main).
let DATABASE_URL = "";
let ADMIN_URL = "";
const DEMO_PASSWORD = "Atalaya2026";
const OPERATOR_EMAILS = ["admin@demo.cl", "operador@demo.cl", "operadora@demo.cl"];

/** Seconds of load (and of the fault) per case; the full run is the issue's, --short what CI affords. */
const PLAN = SHORT
  ? { rate: 20, kill: { seconds: 10, killAt: 3 }, terminate: { seconds: 10, every: 700, for: 6 }, refuse: { before: 2, seconds: 10 }, redis: { before: 2, seconds: 5 }, soak: { seconds: 10, rate: 20 }, rolling: { before: 2 }, crash: { before: 2 }, store: { before: 1, seconds: 10 } }
  : { rate: 30, kill: { seconds: 30, killAt: 10 }, terminate: { seconds: 30, every: 500, for: 20 }, refuse: { before: 5, seconds: 10 }, redis: { before: 5, seconds: 10 }, soak: { seconds: 300, rate: 20 }, rolling: { before: 5 }, crash: { before: 5 }, store: { before: 5, seconds: 10 } };
/** The mass message case: app users inside its zone, rows per delivery batch, the time each batch is held
 * (a few hundred rows take milliseconds: held, the delivery lasts seconds and a kill lands inside it),
 * how far ahead it is scheduled, and after how many batches the delivering process is killed. */
const MESSAGE_PLAN = SHORT ? { users: 300, batch: 15, holdMs: 120, leadMs: 3000, killAfter: 3 } : { users: 2000, batch: 50, holdMs: 150, leadMs: 4000, killAfter: 10 };
/** The logout case: logouts measured, and the reports a second meanwhile (events for the socket to get). */
const LOGOUT_PLAN = SHORT ? { rounds: 5, rate: 10 } : { rounds: 20, rate: 20 };
const LOGOUT_CLOSE_MS = 1000; // the longest a logged-out socket may stay open on the other process
const DRAIN_NOTICE_MS = 1000;
const CONVERGE_MS = 30_000; // time the operators get to hold every event after the load stops
const MAX_IN_FLIGHT = 400;
// A client waits this long for an answer before it retries (a phone's request timeout).
const REQUEST_TIMEOUT_MS = 30_000;
// FAULTS_ONLY=kill,drain,terminate,refuse,soak,message,logout,rolling,crash,store,redis runs those cases alone (a failing one, again).
const ONLY = process.env.FAULTS_ONLY ? new Set(process.env.FAULTS_ONLY.split(",")) : undefined;
const wanted = (name) => !ONLY || ONLY.has(name);
const AFTER_FAULT_MS = SHORT ? 4000 : 8000; // load kept on past a fault's end, to see it recover under load

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const log = (line) => console.log(`[faults ${new Date().toTimeString().slice(0, 8)}] ${line}`);

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The URL with an application_name: each process's backends name it (the message case tells by it
 * which process ran a delivery batch). */
function withApplicationName(url, name) {
  const u = new URL(url);
  u.searchParams.set("application_name", name);
  return u.toString();
}

// ---------------------------------------------------------------------------------------------------
// Database and Redis

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
const admin = (sql, params) => withClient(ADMIN_URL, (c) => c.query(sql, params));
const app = (sql, params) => withClient(DATABASE_URL, (c) => c.query(sql, params));

/** Creates this run's database; drops the ones left by runs that were killed (their pid is gone). */
async function createDatabase() {
  const { rows } = await admin("select datname from pg_database where datname ~ '^atalaya_faults_[0-9]+$'");
  for (const { datname } of rows) {
    if (!existsSync(`/proc/${datname.split("_").pop()}`)) await admin(`drop database if exists "${datname}" with (force)`);
  }
  await admin(`create database "${DB_NAME}"`);
}

async function dropDatabase() {
  await admin(`alter database "${DB_NAME}" allow_connections true`).catch(() => undefined);
  await admin(`drop database if exists "${DB_NAME}" with (force)`).catch((err) => log(`could not drop ${DB_NAME}: ${err.message}`));
}

/** Terminates every backend of the deployment's database; answers how many. */
async function terminateBackends(client) {
  const run = client ? (sql, params) => client.query(sql, params) : admin;
  const { rows } = await run("select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [DB_NAME]);
  return rows[0].n;
}

async function lastSeq(companyId) {
  const { rows } = await app("select coalesce((select last_seq from company_event_seq where company_id = $1), 0)::int as seq", [companyId]);
  return rows[0].seq;
}

/** A redis-server of the suite's own (scripts/redis-server.mjs, imported by its URL as scripts/cluster.mjs
 * is: outside the bench project's type check, which would write its declarations beside it). */
async function startRedisServer(options) {
  const { startRedisServer: start } = await import(pathToFileURL(join(ROOT, "scripts/redis-server.mjs")).href);
  return start(options);
}

/** The Redis case's redis-server, on FAULTS_REDIS_PORT so that it comes back where the processes look. */
async function startOwnRedis() {
  return (await startRedisServer({ port: OWN_REDIS_PORT })).child;
}

async function stopChild(child, signal = "SIGTERM") {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------------
// Server processes

/** The two server processes; each knows whether its exit was asked for (a crash is a failure). */
class Deployment {
  constructor(redisUrl, label) {
    this.redisUrl = redisUrl;
    this.label = label;
    this.servers = PORTS.slice(0, 2).map((port, i) => ({
      name: "AB"[i],
      port,
      base: `http://127.0.0.1:${port}`,
      ws: `ws://127.0.0.1:${port}`,
      child: undefined,
      starts: 0,
    }));
    this.crashes = [];
    this.dataDir = tempDataDir("atalaya-faults-");
  }

  async start(server, seed) {
    server.starts++;
    const child = await startServer({
      port: server.port,
      logName: `faults-${this.label}-${server.name}-${server.starts}`,
      env: {
        DATABASE_URL: withApplicationName(DATABASE_URL, `faults-${server.name}`),
        REDIS_URL: this.redisUrl,
        ATALAYA_SEED: seed ? "demo" : "none",
        ATALAYA_DATA_DIR: this.dataDir,
        METRICS_TOKEN,
        // On SIGTERM /readyz is red this long before the process stops taking requests (the drain case).
        SHUTDOWN_NOTICE_MS: String(DRAIN_NOTICE_MS),
        // One address sends every report: the intake's per-address and per-reporter limits are raised.
        APP_REPORTS_PER_ADDRESS: "1000000",
        APP_REPORTS_PER_REPORTER: "1000000",
      },
    });
    child.expectedExit = false;
    child.once("exit", (code, signal) => {
      if (!child.expectedExit) this.crashes.push(`${server.name} exited by itself (${signal ?? code})`);
    });
    server.child = child;
  }

  async startAll() {
    await this.start(this.servers[0], true); // migrates and seeds the demo organisation
    await this.start(this.servers[1], false);
  }

  /** kill -9, as a crash or an OOM killer would. */
  kill9(server) {
    server.child.expectedExit = true;
    server.child.kill("SIGKILL");
    return new Promise((resolve) => server.child.once("exit", resolve));
  }

  async stopAll() {
    for (const s of this.servers) {
      if (!s.child) continue;
      s.child.expectedExit = true;
      await stopChild(s.child);
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  async ready() {
    const answers = await Promise.all(this.servers.map((s) => fetch(`${s.base}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false)));
    return answers.every(Boolean);
  }

  /** Resident memory (MB) of each process now, from its own /metrics. */
  async memory() {
    return Promise.all(
      this.servers.map(async (s) => {
        try {
          const res = await fetch(`${s.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(5000) });
          const m = /^process_resident_memory_bytes (\d+)/m.exec(await res.text());
          return m ? Number(m[1]) / 2 ** 20 : NaN;
        } catch {
          return NaN;
        }
      }),
    );
  }

  /** A counter summed over both processes' /metrics (e.g. events the outbox relay published). */
  async counter(pattern) {
    let sum = 0;
    for (const s of this.servers) {
      const res = await fetch(`${s.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).catch(() => undefined);
      const text = res?.ok ? await res.text() : "";
      for (const line of text.split("\n")) if (line.startsWith(pattern)) sum += Number(line.split(" ").pop());
    }
    return sum;
  }
}

/** The cluster of `npm run cluster` (scripts/cluster.mjs) as the cases see a deployment: the clients
 * know one server, the balancer; memory, counters and readiness are read from each process directly. */
class ClusterDeployment {
  constructor(redisUrl) {
    this.redisUrl = redisUrl;
    this.dataDir = tempDataDir("atalaya-faults-cluster-");
    this.servers = [{ name: "balancer", base: `http://127.0.0.1:${BALANCER_PORT}`, ws: `ws://127.0.0.1:${BALANCER_PORT}` }];
    this.cluster = undefined;
  }

  async startAll() {
    // By its URL: a literal path would bring the scripts into the bench's type-check project.
    const { startCluster, startObjectStore } = await import(pathToFileURL(join(ROOT, "scripts/cluster.mjs")).href);
    // The files in a local S3 server, as `npm run cluster` has them (the object store case stops it).
    mkdirSync(join(this.dataDir, "logs"), { recursive: true });
    this.objectStore = await startObjectStore({ dir: join(this.dataDir, "s3"), logFile: join(this.dataDir, "logs", "s3.log") });
    this.cluster = await startCluster({
      processes: CLUSTER_PROCESSES,
      port: BALANCER_PORT,
      dataDir: this.dataDir,
      logDir: join(this.dataDir, "logs"),
      databaseUrl: withApplicationName(DATABASE_URL, "faults-cluster"),
      redisUrl: this.redisUrl,
      seed: "none",
      accessLog: false,
      env: { METRICS_TOKEN, LOG_LEVEL: "warn", APP_REPORTS_PER_ADDRESS: "1000000", APP_REPORTS_PER_REPORTER: "1000000", ...this.objectStore.env },
      log,
    });
  }

  get crashes() {
    return this.cluster?.crashes ?? [];
  }

  async stopAll() {
    await this.cluster?.stop();
    await this.objectStore?.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** Every process answers ready and the balancer has them all up. */
  async ready() {
    const states = await this.cluster.states().catch(() => new Map());
    const answers = await Promise.all(this.cluster.members.map((m) => fetch(`${m.base}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false)));
    return answers.every(Boolean) && this.cluster.members.every((m) => states.get(m.name) === "UP");
  }

  memory() {
    return Deployment.prototype.memory.call({ servers: this.cluster.members });
  }

  counter(pattern) {
    return Deployment.prototype.counter.call({ servers: this.cluster.members }, pattern);
  }
}

// ---------------------------------------------------------------------------------------------------
// Clients

/** Errors seen, by kind. */
class Tally extends Map {
  add(kind) {
    this.set(kind, (this.get(kind) ?? 0) + 1);
  }
  text() {
    return [...this].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`).join(", ") || "none";
  }
}

function errorKind(err) {
  if (err?.name === "TimeoutError") return `no answer in ${REQUEST_TIMEOUT_MS / 1000} s`;
  const code = err?.cause?.code ?? err?.code;
  if (code) return code;
  return String(err?.message ?? err).slice(0, 60);
}

async function api(server, method, path, body, token) {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { "access-token": token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok || json === undefined) {
    const err = new Error(`${res.status} ${json?.error?.code ?? ""}`.trim());
    err.status = res.status;
    err.retryAfter = Number(res.headers.get("retry-after"));
    throw err;
  }
  return json;
}

/**
 * An operator's socket as the portal keeps it (features/realtime/realtime-client.ts): a ticket, the
 * socket, `hello` with the company's seq, catch-up by `GET …/events?after=` from the last seq held
 * (pages until hello's seq), live events in order (a gap is fetched before the event after it, a `seq`
 * tail ahead of the cursor is fetched), and a reconnect with backoff on any close, to the other
 * process when one does not answer. Every stored event it holds is recorded by seq.
 */
class Operator {
  constructor({ name, token, companyId, servers, prefer, errors }) {
    Object.assign(this, { name, token, companyId, servers, prefer, errors });
    this.received = new Map(); // seq → report id of a newReport (or null)
    this.cursor = undefined;
    this.live = 0;
    this.caughtUp = 0;
    this.connected = false;
    this.stopped = false;
    this.inbox = [];
    this.pumping = false;
    this.socket = undefined;
    this.server = undefined;
  }

  start() {
    void this.connect();
  }

  stop() {
    this.stopped = true;
    this.socket?.terminate();
  }

  async connect() {
    for (let attempt = 0; !this.stopped; attempt++) {
      const server = this.servers[(this.prefer + attempt) % this.servers.length];
      try {
        await this.open(server);
        return;
      } catch (err) {
        this.errors.add(`operator connect: ${err.status ? err.message : errorKind(err)}`);
        await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random() / 2));
      }
    }
  }

  async open(server) {
    const { ticket } = await api(server, "POST", "/api/realtime/ticket", { companyId: this.companyId }, this.token);
    const ws = new WebSocket(`${server.ws}/api/realtime?ticket=${encodeURIComponent(ticket)}`, { origin: server.base });
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => (ws.terminate(), reject(new Error("no hello in 10 s"))), 10_000);
      let hello = false;
      ws.on("message", (raw) => {
        const message = JSON.parse(String(raw));
        if (!hello && message.type === "hello") {
          hello = true;
          clearTimeout(timer);
          this.socket = ws;
          this.server = server;
          resolve();
        }
        this.inbox.push(message);
        void this.pump();
      });
      ws.on("error", () => undefined);
      ws.on("close", (code) => {
        clearTimeout(timer);
        if (!hello) return reject(new Error(`closed before hello (${code})`));
        if (this.socket !== ws) return;
        this.connected = false;
        this.socket = undefined;
        if (this.stopped) return;
        this.errors.add(`socket closed ${code}`);
        void this.connect();
      });
    });
  }

  /** Handles the inbox in order; one message at a time, a catch-up included. */
  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.inbox.length > 0) await this.handle(this.inbox.shift());
    } finally {
      this.pumping = false;
    }
  }

  async handle(message) {
    if (message.companyId !== this.companyId) return;
    if (message.type === "hello") {
      if (this.cursor === undefined) this.cursor = message.seq;
      else if (message.seq > this.cursor) await this.catchUp(message.seq);
      this.connected = true;
      return;
    }
    if (this.cursor === undefined || message.seq === 0) return;
    if (message.type === "seq" && typeof message.data?.from !== "number") {
      if (message.seq > this.cursor) await this.catchUp(message.seq);
      return;
    }
    if (message.seq <= this.cursor) return; // already held (a catch-up brought it first)
    if (message.seq > this.cursor + 1) await this.catchUp(message.seq - 1);
    if (message.seq === this.cursor + 1) this.accept(message, "live");
  }

  accept(message, how) {
    this.cursor = message.seq;
    if (message.type === "seq") return;
    this.received.set(message.seq, message.type === "newReport" ? (message.data?.report?.id ?? null) : null);
    if (how === "live") this.live++;
    else this.caughtUp++;
  }

  /** Fetches events after the cursor until it reaches target, retrying (either process) on failure. */
  async catchUp(target) {
    let attempt = 0;
    while (this.cursor < target && !this.stopped) {
      const server = this.server && attempt % 2 === 0 ? this.server : this.servers[(this.prefer + attempt) % this.servers.length];
      try {
        const page = await api(server, "GET", `/api/companies/${this.companyId}/events?after=${this.cursor}&limit=500`, undefined, this.token);
        for (const event of page.events) if (event.seq === this.cursor + 1) this.accept(event, "catchUp");
        if (page.lastSeq > this.cursor) this.cursor = page.lastSeq;
        if (page.events.length === 0 && page.lastSeq <= this.cursor) break; // nothing more stored yet
        attempt = 0;
      } catch (err) {
        this.errors.add(`catch-up: ${err.status ? err.message : errorKind(err)}`);
        attempt++;
        await sleep(Math.min(1000, 100 * attempt));
      }
    }
  }

  /** Seqs in (from, to] this socket does not hold. */
  missingIn(from, to) {
    let missing = 0;
    for (let seq = from + 1; seq <= to; seq++) if (!this.received.has(seq)) missing++;
    return missing;
  }
}

/** Open-loop reporters: `rate` reports a second, alternating processes, each retried (same clientId,
 * the other process next, after Retry-After capped at 1 s) until acknowledged or 2 minutes pass. */
function startLoad({ rate, servers, points, stats }) {
  let stopped = false;
  const inFlight = new Set();
  const submit = async (i) => {
    const body = { ...points(i), type: 0, description: "Robo de celular en la esquina; el sujeto huyó hacia el norte.", address: "Huérfanos 1234, Santiago", anonymous: true, clientId: randomUUID() };
    const sentAt = now();
    for (let attempt = 0; now() - sentAt < 120_000; attempt++) {
      const server = servers[(i + attempt) % servers.length];
      let wait = 200;
      try {
        const res = await api(server, "POST", "/api/app/reports", body);
        stats.acks.push({ id: res.report.id, companies: res.companies, sentAt, ackAt: now(), retried: attempt > 0 });
        return;
      } catch (err) {
        stats.errors.add(err.status ? `HTTP ${err.message}` : `${errorKind(err)}${err?.name === "TimeoutError" ? ` (${server.name})` : ""}`);
        if (err.status >= 400 && err.status < 500 && err.status !== 429) return void stats.refused++;
        if (err.status === 500) stats.serverErrors++;
        if (err.retryAfter > 0) wait = Math.min(1000, err.retryAfter * 1000);
      }
      await sleep(wait * (0.5 + Math.random()));
    }
    stats.gaveUp++;
  };
  const t0 = now();
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const wait = t0 + (i * 1000) / rate - now();
      if (wait > 0) await sleep(wait);
      if (stopped) break;
      if (inFlight.size >= MAX_IN_FLIGHT) {
        stats.skipped++;
        continue;
      }
      stats.sent++;
      const p = submit(i).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Cases

/** Runs one case: load, the fault, recovery, convergence; answers its row of the table. */
async function runCase(ctx, name, { seconds, rate = PLAN.rate, fault, extraWhy = () => [] }) {
  const { deployment, operators, companyId, points } = ctx;
  log(`${name}: ${seconds} s at ${rate} reports/s`);
  const stats = { acks: [], errors: new Tally(), sent: 0, refused: 0, serverErrors: 0, gaveUp: 0, skipped: 0 };
  const opErrors = operators[0].errors;
  opErrors.clear();
  const seq0 = await lastSeq(companyId);
  const memStart = await deployment.memory();
  const relayed0 = await deployment.counter('atalaya_events_published_total{via="relay"}');
  const crashes0 = deployment.crashes.length;
  const started = now();
  const load = startLoad({ rate, servers: deployment.servers, points, stats });
  const faultEnd = await fault({ deployment, stats, started });
  // Recovery: writes resumed (a report first sent after the fault acknowledged), then all of it: both
  // processes ready and every socket live again.
  let recoveredAt;
  const recovery = (async () => {
    while (now() - faultEnd < 120_000) {
      const firstAck = stats.acks.find((a) => a.sentAt >= faultEnd);
      if (firstAck && operators.every((o) => o.connected) && (await deployment.ready())) {
        recoveredAt = Math.max(firstAck.ackAt, now());
        return;
      }
      await sleep(100);
    }
  })();
  const writesResumed = () => {
    const firstAck = stats.acks.filter((a) => a.sentAt >= faultEnd).sort((a, b) => a.ackAt - b.ackAt)[0];
    return firstAck ? (firstAck.ackAt - faultEnd) / 1000 : NaN;
  };
  // The load goes on for the case's time, and at least AFTER_FAULT_MS past the fault's end.
  const rest = Math.max(started + seconds * 1000, faultEnd + AFTER_FAULT_MS) - now();
  if (rest > 0) await sleep(rest);
  await load.stop();
  await recovery;
  const memEnd = await deployment.memory();

  // Convergence: every socket holds every event stored meanwhile (live, or by its own catch-up).
  const seq1 = await lastSeq(companyId);
  const convergeStart = now();
  while (now() - convergeStart < CONVERGE_MS && operators.some((o) => o.missingIn(seq0, seq1) > 0)) await sleep(200);
  const converged = (now() - convergeStart) / 1000;

  const ackIds = stats.acks.map((a) => a.id);
  const { rows } = await app("select count(*)::int as n from reports where id = any($1::int[])", [ackIds]);
  const stored = rows[0].n;
  const ours = stats.acks.filter((a) => a.companies.includes(companyId));
  let expectedEvents = 0;
  let missingEvents = 0;
  let live = 0;
  let caughtUp = 0;
  let reportsUnannounced = 0;
  for (const o of operators) {
    expectedEvents += seq1 - seq0;
    missingEvents += o.missingIn(seq0, seq1);
    const announced = new Set([...o.received.entries()].filter(([seq]) => seq > seq0 && seq <= seq1).map(([, id]) => id));
    reportsUnannounced += ours.filter((a) => !announced.has(a.id)).length;
    live += o.live;
    caughtUp += o.caughtUp;
    o.live = 0;
    o.caughtUp = 0;
  }
  const relayed = (await deployment.counter('atalaya_events_published_total{via="relay"}')) - relayed0;
  const crashes = deployment.crashes.slice(crashes0);
  const row = {
    name,
    sent: stats.sent,
    acknowledged: stats.acks.length,
    retried: stats.acks.filter((a) => a.retried).length,
    stored,
    lost: stats.acks.length - stored,
    gaveUp: stats.gaveUp,
    notSent: stats.skipped,
    refused: stats.refused,
    serverErrors: stats.serverErrors,
    expectedEvents,
    receivedEvents: expectedEvents - missingEvents,
    missingEvents,
    reportsUnannounced,
    live,
    caughtUp,
    relayed,
    recoverySeconds: recoveredAt === undefined ? NaN : (recoveredAt - faultEnd) / 1000,
    writesSeconds: writesResumed(),
    convergedSeconds: converged,
    errors: `${stats.errors.text()}${opErrors.size ? `; operators: ${opErrors.text()}` : ""}`,
    crashes,
    memStart,
    memEnd,
  };
  row.why = [
    row.lost > 0 && `${row.lost} acknowledged reports not stored`,
    row.missingEvents > 0 && `${row.missingEvents} events missing after catch-up`,
    row.reportsUnannounced > 0 && `${row.reportsUnannounced} acknowledged reports never announced to a socket`,
    row.gaveUp > 0 && `${row.gaveUp} reports never acknowledged in 2 minutes of retries`,
    row.refused > 0 && `${row.refused} reports refused with a 4xx`,
    row.serverErrors > 0 && `${row.serverErrors} answers 500`,
    ...crashes,
    !Number.isFinite(row.recoverySeconds) && "did not recover within 2 minutes",
    ...extraWhy({ stats, opErrors }),
  ].filter(Boolean);
  row.passed = row.why.length === 0;
  log(
    `${name}: ${row.acknowledged}/${row.sent} acknowledged (${row.retried} after a retry), ${row.stored} stored; events ${row.receivedEvents}/${row.expectedEvents} ` +
      `(live ${live}, catch-up ${caughtUp}, relayed ${relayed}); writes resumed in ${row.writesSeconds.toFixed(1)} s, all recovered in ${row.recoverySeconds.toFixed(1)} s; errors: ${row.errors} → ${row.passed ? "ok" : `FAILED: ${row.why.join("; ")}`}`,
  );
  return row;
}

const killCase = (ctx) =>
  runCase(ctx, "kill -9 one process under load", {
    seconds: PLAN.kill.seconds,
    fault: async ({ deployment }) => {
      await sleep(PLAN.kill.killAt * 1000);
      const b = deployment.servers[1];
      await deployment.kill9(b);
      const at = now();
      log("  B killed (SIGKILL); starting it again");
      await deployment.start(b, false);
      return at;
    },
  });

/** SIGTERM, as a rolling restart sends it (issue 34): /readyz answers 503 "draining" for the notice, the
 * process ends what is in flight and exits 0; the load goes on, its sockets reconnect and catch up. */
const drainCase = (ctx) =>
  runCase(ctx, "SIGTERM (graceful drain) of one process under load", {
    seconds: PLAN.kill.seconds,
    fault: async ({ deployment }) => {
      await sleep(PLAN.kill.killAt * 1000);
      const b = deployment.servers[1];
      b.child.expectedExit = true;
      let gone = false;
      const exited = new Promise((resolve) => b.child.once("exit", (code, signal) => ((gone = true), resolve(signal ?? code))));
      b.child.kill("SIGTERM");
      const at = now();
      // The signal and a request arriving together may be handled in either order by the process's event
      // loop, and on a busy machine its handler may run a while after the kill: asked again until it says
      // draining. Once the handler has run, /readyz is red for the whole notice before the process stops
      // taking requests, so a process that exits without ever answering "503 draining" never turned red.
      let readyz;
      while (!gone) {
        readyz = await fetch(`${b.base}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.json().then((j) => `${r.status} ${j.status}`), (err) => String(err));
        if (readyz === "503 draining") break;
        await sleep(20);
      }
      const exit = await exited;
      log(`  B sent SIGTERM: /readyz answered ${readyz}; it exited (${exit}) after ${((now() - at) / 1000).toFixed(1)} s; starting it again`);
      if (readyz !== "503 draining") deployment.crashes.push(`B exited after SIGTERM without /readyz ever answering 503 draining (last answer: ${readyz})`);
      if (exit !== 0) deployment.crashes.push(`B exited with ${exit} after SIGTERM, not 0`);
      await deployment.start(b, false);
      return at;
    },
  });

const terminateCase = (ctx) =>
  runCase(ctx, "pg_terminate_backend of every backend, repeatedly", {
    seconds: PLAN.terminate.seconds,
    fault: async () => {
      await sleep(2000);
      const until = now() + PLAN.terminate.for * 1000;
      let rounds = 0;
      let terminated = 0;
      await withClient(ADMIN_URL, async (client) => {
        while (now() < until) {
          terminated += await terminateBackends(client);
          rounds++;
          await sleep(PLAN.terminate.every);
        }
      });
      log(`  ${terminated} backends terminated in ${rounds} rounds`);
      return now();
    },
  });

const refuseCase = (ctx) =>
  runCase(ctx, `database refusing connections for ${PLAN.refuse.seconds} s`, {
    seconds: PLAN.refuse.before + PLAN.refuse.seconds,
    fault: async ({ deployment }) => {
      await sleep(PLAN.refuse.before * 1000);
      return withClient(ADMIN_URL, async (client) => {
        await client.query(`alter database "${DB_NAME}" allow_connections false`);
        const refusedAt = now();
        const n = await terminateBackends(client);
        log(`  connections refused; ${n} backends terminated`);
        await sleep(1500);
        const red = !(await deployment.ready());
        await sleep(Math.max(0, refusedAt + PLAN.refuse.seconds * 1000 - now()));
        await client.query(`alter database "${DB_NAME}" allow_connections true`);
        log(`  connections allowed again after ${((now() - refusedAt) / 1000).toFixed(1)} s (readyz was ${red ? "red" : "STILL GREEN"} meanwhile)`);
        if (!red) deployment.crashes.push("/readyz stayed green while the database refused connections");
        return now();
      });
    },
  });

function redisCase(ctx, redis) {
  return runCase(ctx, `Redis stopped for ${PLAN.redis.seconds} s and restarted`, {
    seconds: PLAN.redis.before + PLAN.redis.seconds,
    fault: async () => {
      await sleep(PLAN.redis.before * 1000);
      await stopChild(redis.child);
      log("  Redis stopped");
      await sleep(PLAN.redis.seconds * 1000);
      redis.child = await startOwnRedis();
      log("  Redis started again");
      return now();
    },
  });
}

/** A rolling restart through the balancer (issue 34): each of the cluster's processes in turn gets
 * SIGTERM (/readyz 503 for the notice, the balancer takes it out, it ends what is in flight, closes its
 * sockets with 1001 and exits 0), is started again and taken back, the next only then. Meanwhile a
 * poller asks the balancer's /readyz every 100 ms. Fails on any failed request: a report request that
 * failed even once (its retry notwithstanding), an operator's request that failed (a socket closed with
 * 1001 is the drain, not a failure; any other close is), a /readyz other than 200 or a draining process's 503, and on fewer
 * instances answering than run. */
function rollingCase(ctx) {
  const { deployment } = ctx;
  const { cluster } = deployment;
  const readyz = { answers: 0, draining: 0, failed: new Tally(), instances: new Map() };
  let polling = true;
  const poller = (async () => {
    while (polling) {
      try {
        const res = await fetch(`${deployment.servers[0].base}/readyz`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const body = await res.json().catch(() => ({}));
        // A draining process says so until the balancer's checks take it out: the drain's signal, not a failure.
        if (res.status === 503 && body.status === "draining") readyz.draining++;
        else if (res.status !== 200) readyz.failed.add(`HTTP ${res.status} ${body.status ?? ""}`.trim());
        else {
          readyz.answers++;
          const pids = readyz.instances.get(body.instance) ?? new Set();
          readyz.instances.set(body.instance, pids.add(body.pid));
        }
      } catch (err) {
        readyz.failed.add(errorKind(err));
      }
      await sleep(100);
    }
  })();
  let restarts = [];
  return runCase(ctx, `rolling restart of ${CLUSTER_PROCESSES} processes behind HAProxy`, {
    seconds: PLAN.rolling.before,
    fault: async () => {
      await sleep(PLAN.rolling.before * 1000);
      restarts = await cluster.rollingRestart((r) =>
        log(`  ${r.name} drained (exit ${r.exit}): pid ${r.oldPid} → ${r.newPid}; out of the balancer ${(r.outAfterMs / 1000).toFixed(1)} s after SIGTERM (notice ${cluster.noticeMs / 1000} s), exited after ${(r.exitedAfterMs / 1000).toFixed(1)} s, back after ${(r.backAfterMs / 1000).toFixed(1)} s`),
      );
      return now();
    },
    extraWhy: ({ stats, opErrors }) => {
      polling = false;
      const failedRequests = [...stats.errors].reduce((sum, [, n]) => sum + n, 0);
      const operatorFailures = [...opErrors].filter(([kind]) => kind !== "socket closed 1001");
      const named = [...readyz.instances.keys()];
      log(
        `  /readyz through the balancer: ${readyz.answers} answers 200, ${readyz.draining} 503 draining (before the balancer took a draining process out), failed: ${readyz.failed.text()}; instances ${[...readyz.instances].map(([name, pids]) => `${name} (pids ${[...pids].join(" → ")})`).join(", ")}`,
      );
      return [
        failedRequests > 0 && `${failedRequests} report requests failed (${stats.errors.text()})`,
        operatorFailures.length > 0 && `operator requests failed: ${operatorFailures.map(([k, n]) => `${k} ×${n}`).join(", ")}`,
        readyz.failed.size > 0 && `/readyz through the balancer failed: ${readyz.failed.text()}`,
        named.length < CLUSTER_PROCESSES && `/readyz named ${named.length} instances of ${CLUSTER_PROCESSES}`,
        restarts.length < CLUSTER_PROCESSES && `${restarts.length} of ${CLUSTER_PROCESSES} processes restarted`,
        ...restarts.filter((r) => r.exit !== 0).map((r) => `${r.name} exited with ${r.exit} after SIGTERM, not 0`),
        ...restarts.filter((r) => r.oldPid === r.newPid).map((r) => `${r.name} kept its pid`),
      ];
    },
  }).finally(() => {
    polling = false;
    return poller;
  });
}

/** kill -9 of one of the cluster's processes under load, every client through the balancer (issue 34):
 * reports are retried until acknowledged (none lost), the killed process's sockets reconnect through the
 * balancer and catch up by seq (no event missed), and a reader asks the panel's first page through the
 * balancer every 100 ms. A read may fail while the process dies (what it was answering is cut); once the
 * balancer has taken it out, none may. Then it is started again and taken back. */
function clusterKillCase(ctx) {
  const { deployment, operators, companyId } = ctx;
  const { cluster } = deployment;
  const reads = { ok: 0, failed: [] };
  let reading = true;
  const token = operators[0].token;
  const reader = (async () => {
    while (reading) {
      const at = now();
      await api(deployment.servers[0], "GET", `/api/companies/${companyId}/reports?status=pending&limit=20`, undefined, token).then(
        () => reads.ok++,
        (err) => reads.failed.push({ at, kind: errorKind(err) }),
      );
      await sleep(100);
    }
  })();
  let crash;
  let killedAt = NaN;
  return runCase(ctx, `kill -9 one of ${CLUSTER_PROCESSES} processes behind HAProxy`, {
    seconds: PLAN.crash.before,
    fault: async () => {
      await sleep(PLAN.crash.before * 1000);
      const victim = cluster.members[1];
      killedAt = now();
      crash = await cluster.kill9(victim);
      log(`  ${crash.name} killed (SIGKILL, pid ${crash.oldPid}): out of the balancer ${(crash.outAfterMs / 1000).toFixed(1)} s after, back as pid ${crash.newPid} ${(crash.backAfterMs / 1000).toFixed(1)} s after`);
      return now();
    },
    extraWhy: () => {
      reading = false;
      const noticedAt = killedAt + (crash?.outAfterMs ?? NaN);
      const after = reads.failed.filter((r) => r.at >= noticedAt);
      log(`  reads through the balancer: ${reads.ok} answered, ${reads.failed.length} failed (${after.length} after the balancer took the process out): ${reads.failed.map((r) => r.kind).join(", ") || "none"}`);
      return [
        !crash && "the process was not killed and started again",
        after.length > 0 && `${after.length} reads failed after the balancer took the killed process out (${after.map((r) => r.kind).join(", ")})`,
        reads.ok === 0 && "no read answered",
      ];
    },
  }).finally(() => {
    reading = false;
    return reader;
  });
}

/** A small PDF, the object store case's upload (a comment attachment, checked by content). */
const UPLOAD_PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "latin1");

/** The cluster's object store down for PLAN.store.seconds (issue 34): its local S3 server killed (SIGKILL)
 * and, that long after, started again on the same port with what it held; the server processes are not
 * touched. Besides the report load, an operator sends a comment with a PDF through the balancer every
 * 250 ms and reads back a file stored before the fault. Fails on an upload answered other than 200 or
 * 503 fileStoreUnavailable, a read other than 200 or 503 fileStoreUnavailable, no 503 while the store
 * was down, no upload stored once it was back (it must come back by itself), a comment written for an
 * upload answered 503, a stored file that does not read back whole, and a half-written file: a stored
 * file's row without its object, or an object in the bucket that no row names. */
async function objectStoreCase(ctx) {
  const { deployment, operators, companyId } = ctx;
  const { objectStore } = deployment;
  const [balancer] = deployment.servers;
  const token = operators[0].token;
  const tag = `faults upload ${process.pid}`;
  const uploads = { stored: [], unavailable: [], failed: new Tally() };
  const reads = { ok: 0, unavailable: 0, failed: new Tally() };
  let down;
  let reportId;
  let known;
  let running = true;
  let loop = Promise.resolve();
  let n = 0;
  const request = (path, init = {}) =>
    fetch(`${balancer.base}${path}`, { ...init, headers: { "access-token": token }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const upload = async () => {
    const body = `${tag}-${++n}`;
    const form = new FormData();
    form.set("body", body);
    form.set("file", new Blob([UPLOAD_PDF], { type: "application/pdf" }), `informe-${n}.pdf`);
    const sentAt = now();
    try {
      const res = await request(`/api/companies/${companyId}/reports/${reportId}/comments`, { method: "POST", body: form });
      const json = await res.json().catch(() => ({}));
      const media = json.comment?.media?.[0];
      if (res.status === 200 && media) uploads.stored.push({ body, name: media.name, size: media.size, sentAt });
      else if (res.status === 503 && json.error?.code === "fileStoreUnavailable") uploads.unavailable.push({ body, sentAt });
      else uploads.failed.add(`HTTP ${res.status} ${json.error?.code ?? ""}`.trim());
    } catch (err) {
      uploads.failed.add(errorKind(err));
    }
  };
  const read = async () => {
    try {
      const res = await request(`/api/files/${known.name}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status === 200 && bytes.length === known.size) reads.ok++;
      else if (res.status === 503 && JSON.parse(String(bytes)).error?.code === "fileStoreUnavailable") reads.unavailable++;
      else reads.failed.add(`HTTP ${res.status}${res.status === 200 ? ` ${bytes.length} of ${known.size} bytes` : ""}`);
    } catch (err) {
      reads.failed.add(errorKind(err));
    }
  };
  const name = `object store down for ${PLAN.store.seconds} s (uploads through HAProxy)`;
  const row = await runCase(ctx, name, {
    seconds: PLAN.store.before + PLAN.store.seconds,
    fault: async ({ stats }) => {
      // A report of the company to comment on, and a file stored before the fault to read back.
      const until = now() + 10_000;
      while (!(reportId = stats.acks.find((a) => a.companies.includes(companyId))?.id) && now() < until) await sleep(100);
      if (!reportId) throw new Error("no report of the company acknowledged within 10 s");
      await upload();
      known = uploads.stored[0];
      if (!known) throw new Error(`the first upload was not stored: ${uploads.failed.text()}`);
      loop = (async () => {
        while (running) {
          await Promise.all([upload(), read()]);
          await sleep(250);
        }
      })();
      await sleep(PLAN.store.before * 1000);
      await objectStore.stop("SIGKILL");
      const from = now();
      log(`  object store stopped (SIGKILL, pid ${objectStore.child.pid})`);
      await sleep(PLAN.store.seconds * 1000);
      await objectStore.start();
      down = { from, to: now() };
      log(`  object store started again after ${((down.to - from) / 1000).toFixed(1)} s (pid ${objectStore.child.pid}); the server processes untouched`);
      return now();
    },
    // The uploads go on with the report load, past the store's return, and stop with it.
    extraWhy: () => {
      running = false;
      return [];
    },
  });
  await loop;

  // Nothing half-written: rows of the case's comments and the bucket's objects name the same files,
  // every stored upload reads back whole, and no upload answered 503 left a comment.
  const { rows: written } = await app(
    "select f.name from stored_files f join comments c on c.id = f.comment_id where c.body like $1",
    [`${tag}-%`],
  );
  const rowNames = new Set(written.map((r) => r.name));
  const bucketDir = join(objectStore.dir, "atalaya", "files");
  const objects = new Set(readdirSync(bucketDir).filter((f) => f.endsWith("._S3rver_object")).map((f) => f.replace(/\._S3rver_object$/, "")));
  const withoutObject = [...rowNames].filter((f) => !objects.has(f));
  const withoutRow = [...objects].filter((f) => !rowNames.has(f));
  const { rows: comments503 } = await app("select count(*)::int as n from comments where body = any($1::text[])", [uploads.unavailable.map((u) => u.body)]);
  let unreadable = 0;
  for (const u of uploads.stored) {
    const res = await request(`/api/files/${u.name}`).catch(() => undefined);
    const bytes = res ? Buffer.from(await res.arrayBuffer()) : Buffer.alloc(0);
    if (res?.status !== 200 || bytes.length !== u.size) unreadable++;
  }
  const storedAfter = uploads.stored.filter((u) => down && u.sentAt >= down.to).length;
  const whileDown = uploads.unavailable.filter((u) => down && u.sentAt >= down.from && u.sentAt < down.to).length;
  log(
    `  uploads: ${uploads.stored.length} stored (${storedAfter} after the store came back), ${uploads.unavailable.length} answered 503 fileStoreUnavailable (${whileDown} sent while it was down), failed: ${uploads.failed.text()}; ` +
      `reads of a stored file: ${reads.ok} whole, ${reads.unavailable} 503, failed: ${reads.failed.text()}; ${rowNames.size} files recorded, ${objects.size} objects in the bucket`,
  );
  row.why.push(
    ...[
      uploads.failed.size > 0 && `uploads answered other than 200 or 503 fileStoreUnavailable: ${uploads.failed.text()}`,
      reads.failed.size > 0 && `reads answered other than 200 or 503 fileStoreUnavailable: ${reads.failed.text()}`,
      whileDown === 0 && "no upload was answered 503 fileStoreUnavailable while the store was down",
      reads.unavailable === 0 && "no read was answered 503 fileStoreUnavailable while the store was down",
      storedAfter === 0 && "no upload was stored after the store came back",
      comments503[0].n > 0 && `${comments503[0].n} comments written for uploads answered 503`,
      withoutObject.length > 0 && `${withoutObject.length} stored files without their object (${withoutObject.slice(0, 3).join(", ")})`,
      withoutRow.length > 0 && `${withoutRow.length} objects in the bucket that no stored file names (${withoutRow.slice(0, 3).join(", ")})`,
      unreadable > 0 && `${unreadable} stored uploads did not read back whole`,
    ].filter(Boolean),
  );
  row.passed = row.why.length === 0;
  if (!row.passed) log(`${name}: FAILED: ${row.why.join("; ")}`);
  return row;
}

const soakCase = (ctx) =>
  runCase(ctx, `soak ${PLAN.soak.seconds} s at ${PLAN.soak.rate} reports/s`, {
    seconds: PLAN.soak.seconds,
    rate: PLAN.soak.rate,
    fault: async () => now(),
  });

/**
 * A scheduled mass message (issue 15) delivered exactly once by two processes: app users inside a
 * custom zone (inserted in SQL; two more sign in and give their position through the app's API) and
 * some outside it; the demo admin writes the message to that zone a few seconds ahead, the provider's
 * root user approves it, and a process's job worker takes it up at its date in small batches. After
 * a few batches that process is killed (SIGKILL) with a batch in flight; its job's lease is expired by
 * hand (as if its minute had passed), the other process takes the job over and resumes from the stored
 * cursor, and the killed one is started again. A trigger of the case's own on app_inbox holds each
 * batch a moment and records which process (application_name) committed it and how many rows.
 * Fails on a recipient without the message or with it twice, an inbox row for someone outside the
 * zone, a sent count or recipients total other than the recipients, a sample inbox (`GET
 * /api/app/messages`) without it exactly once, or a process that died by itself.
 */
async function messageCase(ctx) {
  const { deployment, companyId, operators } = ctx;
  const P = MESSAGE_PLAN;
  const name = `mass message to ${P.users + 2} app users, the delivering process killed`;
  log(`${name}: batches of ${P.batch}, each held ${P.holdMs} ms`);
  const crashes0 = deployment.crashes.length;
  const [A, B] = deployment.servers;
  const zone = { lng: -72.3, lat: -39.9 }; // a 0.1° square far from the demo's data
  const ring = [[zone.lng, zone.lat], [zone.lng + 0.1, zone.lat], [zone.lng + 0.1, zone.lat + 0.1], [zone.lng, zone.lat + 0.1], [zone.lng, zone.lat]];
  const insideAt = (k) => [zone.lng + 0.005 + ((k * 7919) % 900) * 0.0001, zone.lat + 0.005 + ((k * 104729) % 900) * 0.0001];
  await app(`
    create table faults_message_batches (app text, rows int, at timestamptz default clock_timestamp());
    create function faults_message_batch() returns trigger language plpgsql as $$
      begin
        insert into faults_message_batches (app, rows) select current_setting('application_name'), count(*) from faults_inserted;
        perform pg_sleep(${P.holdMs / 1000});
        return null;
      end $$;
    create trigger faults_message_batch after insert on app_inbox referencing new table as faults_inserted
      for each statement execute function faults_message_batch();`);
  try {
    // The app users: half inside by their last location, half by their home (and then away from it),
    // then a tenth as many outside by both; the demo password, so two of them can sign in.
    const outside = Math.ceil(P.users / 10);
    await app(
      `with made as (
         insert into users (email, password_hash, first_name, last_name, groups)
         select 'faults-app-' || g || '@faults.cl', (select password_hash from users where email = $1), 'App', 'Faults', '{13}'
           from generate_series(1, $2::int) g returning id)
       insert into app_user_locations (user_id, last_longitude, last_latitude, home_longitude, home_latitude)
       select id,
              case when k > $3 then x + 0.2 when k % 2 = 0 then x else x + 1 end, y,
              case when k > $3 then x - 0.2 when k % 2 = 1 then x end, case when k > $3 or k % 2 = 1 then y end
         from (select id, row_number() over (order by id) as k from made) n,
              lateral (select $4::float8 + 0.005 + ((k * 7919) % 900) * 0.0001 as x, $5::float8 + 0.005 + ((k * 104729) % 900) * 0.0001 as y) p`,
      ["admin@demo.cl", P.users + outside, P.users, zone.lng, zone.lat],
    );
    const sample = [];
    for (const [i, kind] of ["last", "home"].entries()) {
      const email = `faults-app-sample-${i}@faults.cl`;
      await app("insert into users (email, password_hash, first_name, last_name, groups) select $1, password_hash, 'App', 'Faults', '{13}' from users where email = 'admin@demo.cl'", [email]);
      const server = deployment.servers[i % 2];
      const { user } = await api(server, "POST", "/api/app/login", { email, password: DEMO_PASSWORD });
      const [longitude, latitude] = insideAt(P.users + outside + i + 1);
      await api(server, "PUT", "/api/app/location", { kind, latitude, longitude }, user.access_token);
      sample.push({ token: user.access_token, server: deployment.servers[(i + 1) % 2] });
    }
    // Who must get it, told apart here by the square's bounds (the server tests its polygon).
    const { rows: inside } = await app(
      `select user_id from app_user_locations l join users u on u.id = l.user_id
        where u.email like 'faults-app-%' and (
          (l.last_longitude between $1 and $1 + 0.1 and l.last_latitude between $2 and $2 + 0.1)
          or (l.home_longitude between $1 and $1 + 0.1 and l.home_latitude between $2 and $2 + 0.1))`,
      [zone.lng, zone.lat],
    );
    const expected = new Set(inside.map((r) => r.user_id));

    // The demo admin (the first operator's session) writes it; the provider's root user approves it.
    const admin = operators[0].token;
    const { user: provider } = await api(B, "POST", "/api/login", { email: "proveedor@demo.cl", password: DEMO_PASSWORD });
    const { zone: made } = await api(A, "POST", `/api/companies/${companyId}/message-zones`, { name: `Faults ${process.pid}`, polygon: { type: "Polygon", coordinates: [ring] } }, admin);
    const at = new Date(Date.now() + P.leadMs);
    const { message } = await api(A, "POST", `/api/companies/${companyId}/messages`, { title: `Corte de agua ${process.pid}`, body: "<p>Mañana de 9 a 13 h.</p>", zoneId: made.id, scheduleDate: at.toISOString() }, admin);
    await api(B, "POST", `/api/companies/${companyId}/messages/${message.id}/schedule`, {}, admin);
    const { message: approved } = await api(A, "POST", `/api/provider/messages/${message.id}/approve`, {}, provider.access_token);
    // Small batches: the job's payload may carry its batch size (the bench's and the tests' knob).
    const patched = await app(
      "update jobs j set payload = payload || jsonb_build_object('batchSize', $2::int) from messages m where m.id = $1 and j.id = m.delivery_job_id and j.state = 'queued' returning j.id",
      [message.id, P.batch],
    );
    // A machine too busy to approve it before its date sends it at once, in batches of 5,000, and the
    // kill may come after it: noted (the counts are checked all the same), not a failure.
    const notes = [];
    if (approved.state !== 2 || patched.rowCount === 0) notes.push(`approved after its date (state ${approved.state}${patched.rowCount ? "" : ", batches of 5,000"})`);
    const problems = [];
    log(`  message ${message.id} approved (state ${approved.state}) for ${at.toISOString().slice(11, 19)}; ${expected.size} recipients, ${outside} outside`);

    // At its date a worker takes it; after a few batches its process is killed, its lease expired.
    let victim;
    let killedAfter = 0;
    let inFlight = false;
    let restart = Promise.resolve();
    const until = at.getTime() + 60_000;
    for (;;) {
      const { rows: done } = await app("select count(*)::int as n, min(app) as app from faults_message_batches where rows > 0");
      if (!victim && done[0].n >= P.killAfter) {
        victim = deployment.servers.find((s) => `faults-${s.name}` === done[0].app);
        if (!victim) throw new Error(`batches committed by ${done[0].app}, not by a process of the suite`);
        // Killed while a batch of its is in flight: its statement running (the delivery's batch
        // statement; pg_stat_activity keeps only the first 1 kB of its text), held by the trigger.
        const batchRunning = async () =>
          (await app(
            "select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2 and state = 'active' and query like 'with batch as (select l.user_id from app_user_locations%'",
            [DB_NAME, done[0].app],
          )).rows[0].n > 0;
        const waitUntil = now() + 2000;
        while (!(inFlight = await batchRunning()) && now() < waitUntil) await sleep(10);
        await deployment.kill9(victim);
        killedAfter = (await app("select count(*)::int as n from faults_message_batches where rows > 0")).rows[0].n;
        const expired = await app("update jobs set locked_until = now() where kind = 'messages.deliver' and payload->>'messageId' = $1 and state = 'running'", [String(message.id)]);
        log(`  ${victim.name} killed (SIGKILL) after ${killedAfter} batches${inFlight ? ", one more in flight" : ""}; its job's lease expired (${expired.rowCount}); starting it again`);
        restart = deployment.start(victim, false);
      }
      const { rows: job } = await app("select j.state from jobs j join messages m on m.delivery_job_id = j.id where m.id = $1", [message.id]);
      if (job[0]?.state === "done" || job[0]?.state === "failed") {
        if (job[0].state === "failed") problems.push("its job failed");
        break;
      }
      if (Date.now() > until) {
        problems.push("not delivered within a minute of its date");
        break;
      }
      await sleep(50);
    }
    const deliveredIn = (Date.now() - at.getTime()) / 1000; // from its date to its job done
    if (!victim) notes.push("delivered before the kill");
    await restart;

    // Every recipient holds it once, nobody else does, and the counts say so.
    const { rows: inbox } = await app("select app_user_id as id, count(*)::int as n from app_inbox where message_id = $1 group by 1", [message.id]);
    const held = new Map(inbox.map((r) => [r.id, r.n]));
    const missing = [...expected].filter((id) => !held.has(id)).length;
    const duplicated = inbox.reduce((sum, r) => sum + r.n - 1, 0);
    const strays = inbox.filter((r) => !expected.has(r.id)).length;
    const { rows: m } = await app("select state, sent_count, recipients_total from messages where id = $1", [message.id]);
    const { rows: batches } = await app(
      "select app, count(*) filter (where rows > 0)::int as batches, sum(rows)::int as rows from faults_message_batches group by app order by app",
    );
    const { rows: job } = await app("select j.attempts, j.state from jobs j join messages m on m.delivery_job_id = j.id where m.id = $1", [message.id]);
    let inboxes = 0;
    for (const s of sample) {
      const page = await api(s.server, "GET", "/api/app/messages", undefined, s.token);
      if (page.items.filter((item) => item.messageId === message.id).length === 1) inboxes++;
    }
    const crashes = deployment.crashes.slice(crashes0);
    const byProcess = batches.map((b) => `${b.app.replace("faults-", "")} ${b.batches} (${b.rows} rows)`).join(", ");
    const row = {
      kind: "message",
      name,
      expected: expected.size,
      delivered: held.size,
      missing,
      duplicated,
      strays,
      sentCount: m[0].sent_count,
      recipientsTotal: m[0].recipients_total,
      state: m[0].state,
      byProcess,
      batchRows: batches.reduce((sum, b) => sum + b.rows, 0),
      attempts: job[0]?.attempts,
      killed: victim ? `${victim.name} killed after ${killedAfter} batches${inFlight ? ", one more in flight" : ""}` : "none",
      deliveredIn,
      inboxes: `${inboxes} / ${sample.length}`,
      notes,
      crashes,
    };
    row.why = [
      missing > 0 && `${missing} recipients without the message`,
      duplicated > 0 && `${duplicated} duplicated inbox rows`,
      strays > 0 && `${strays} app users outside the zone got it`,
      row.sentCount !== expected.size && `sent count ${row.sentCount} for ${expected.size} recipients`,
      row.recipientsTotal !== expected.size && `recipients total ${row.recipientsTotal} for ${expected.size}`,
      row.batchRows !== expected.size && `${row.batchRows} rows committed by the batches for ${expected.size}`,
      row.state !== 3 && `message in state ${row.state}`,
      inboxes !== sample.length && `${sample.length - inboxes} sample inboxes without it exactly once`,
      ...problems,
      ...crashes,
    ].filter(Boolean);
    row.passed = row.why.length === 0;
    log(
      `${name}: ${row.delivered} / ${row.expected} delivered (${missing} missing, ${duplicated} duplicated, ${strays} outside), sent count ${row.sentCount}, ` +
        `batches by process ${byProcess}, job attempts ${row.attempts}, ${row.killed}, delivered in ${deliveredIn.toFixed(1)} s; sample inboxes ${row.inboxes}` +
        `${notes.length ? `; ${notes.join("; ")}` : ""} → ${row.passed ? "ok" : `FAILED: ${row.why.join("; ")}`}`,
    );
    return row;
  } finally {
    await app("drop trigger if exists faults_message_batch on app_inbox; drop function if exists faults_message_batch(); drop table if exists faults_message_batches").catch(() => undefined);
  }
}

/**
 * Logout across processes (issue 32): each round the second demo operator signs in on A (a session of
 * its own: the suite's operator sockets of the same account keep theirs), opens a socket on B and
 * waits for a report's event on it, then logs out on A (POST /api/logout, SPEC §7's GET every other
 * round). The socket on B must close with 4001 within
 * LOGOUT_CLOSE_MS of the logout's answer, receive no event stored after the logout (its seq above the
 * company's last seq once the logout answered), and the old token must get no new ticket. Reports
 * flow through both processes meanwhile; the account's other sockets must stay open.
 */
async function logoutCase(ctx) {
  const { deployment, operators, companyId, points } = ctx;
  const P = LOGOUT_PLAN;
  const [A, B] = deployment.servers;
  const email = OPERATOR_EMAILS[1];
  const name = `logout on A, the user's socket on B (${P.rounds} rounds at ${P.rate} reports/s)`;
  log(name);
  const crashes0 = deployment.crashes.length;
  const opErrors = operators[0].errors;
  opErrors.clear();
  const stats = { acks: [], errors: new Tally(), sent: 0, refused: 0, serverErrors: 0, gaveUp: 0, skipped: 0 };
  const load = startLoad({ rate: P.rate, servers: deployment.servers, points, stats });
  const rounds = [];
  try {
    // The portal's POST and SPEC §7's GET in turn: both are the same logout.
    for (let k = 0; k < P.rounds; k++) rounds.push(await logoutRound({ A, B, email, companyId, method: k % 2 === 0 ? "POST" : "GET" }));
  } finally {
    await load.stop();
  }
  const closeMs = rounds.map((r) => r.closeMs).sort((a, b) => a - b);
  const sameUser = operators.filter((o) => o.name.startsWith(`${email}@`));
  const crashes = deployment.crashes.slice(crashes0);
  const row = {
    kind: "logout",
    name,
    rounds: rounds.length,
    medianMs: closeMs[Math.floor(closeMs.length / 2)],
    maxMs: closeMs.at(-1),
    codes: [...new Set(rounds.map((r) => r.code))].join(", "),
    eventsBefore: rounds.reduce((sum, r) => sum + r.eventsBefore, 0),
    lateFrames: rounds.reduce((sum, r) => sum + r.lateFrames, 0),
    eventsAfter: rounds.reduce((sum, r) => sum + r.eventsAfter, 0),
    ticketsRefused: rounds.filter((r) => r.ticketStatus === 401).length,
    otherSessions: `${sameUser.filter((o) => o.connected).length} / ${sameUser.length}`,
    errors: `${stats.errors.text()}${opErrors.size ? `; operators: ${opErrors.text()}` : ""}`,
    crashes,
  };
  row.why = [
    ...rounds.flatMap((r, i) => r.problems.map((p) => `round ${i + 1}: ${p}`)),
    row.eventsAfter > 0 && `${row.eventsAfter} events stored after a logout reached the logged-out socket`,
    row.ticketsRefused !== rounds.length && `${rounds.length - row.ticketsRefused} old tokens still got a ticket`,
    sameUser.some((o) => !o.connected) && `the account's other sockets closed (${row.otherSessions} open)`,
    opErrors.has("socket closed 4001") && "a socket of another session was closed as logged out",
    stats.serverErrors > 0 && `${stats.serverErrors} answers 500`,
    ...crashes,
  ].filter(Boolean);
  row.passed = row.why.length === 0;
  log(
    `${name}: socket on B closed ${ms(row.medianMs)} (median) / ${ms(row.maxMs)} (max) after the logout answered, codes ${row.codes}; ` +
      `${row.eventsBefore} events before, ${row.lateFrames} frames after the answer, ${row.eventsAfter} stored after it; old token refused a ticket ${row.ticketsRefused} / ${rounds.length}; ` +
      `other sessions open ${row.otherSessions} → ${row.passed ? "ok" : `FAILED: ${row.why.join("; ")}`}`,
  );
  return row;
}

/** One logout of the case: sign in on A, socket on B, an event on it, logout on A, the socket watched. */
async function logoutRound({ A, B, email, companyId, method }) {
  const problems = [];
  const { user } = await api(A, "POST", "/api/login", { email, password: DEMO_PASSWORD });
  const token = user.access_token;
  const { ticket } = await api(B, "POST", "/api/realtime/ticket", { companyId }, token);
  const frames = []; // { at, type, seq } of every frame after hello
  const ws = new WebSocket(`${B.ws}/api/realtime?ticket=${encodeURIComponent(ticket)}`, { origin: B.base });
  let closedAt;
  let code;
  const closed = new Promise((resolve) =>
    ws.on("close", (c) => {
      closedAt = now();
      code = c;
      resolve();
    }),
  );
  ws.on("error", () => undefined);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the socket on B sent no hello in 10 s")), 10_000);
    ws.on("message", (raw) => {
      const message = JSON.parse(String(raw));
      if (message.type === "hello") return void (clearTimeout(timer), resolve());
      frames.push({ at: now(), type: message.type, seq: message.seq });
    });
  });
  // A live socket first: a report's event reaches it before the logout.
  const stored = () => frames.filter((f) => f.seq > 0 && f.type !== "seq");
  const until = now() + 10_000;
  while (stored().length === 0 && now() < until) await sleep(20);
  const eventsBefore = stored().length;
  if (eventsBefore === 0) problems.push("no event reached the socket in 10 s before the logout");

  await api(A, method, "/api/logout", method === "POST" ? {} : undefined, token);
  const answeredAt = now();
  const seqAtLogout = await lastSeq(companyId);
  await Promise.race([closed, sleep(10_000)]);
  const closeMs = closedAt === undefined ? Infinity : closedAt - answeredAt;
  if (closedAt === undefined) problems.push("the socket on B was still open 10 s after the logout");
  else if (closeMs >= LOGOUT_CLOSE_MS) problems.push(`the socket on B closed ${closeMs.toFixed(0)} ms after the logout`);
  if (closedAt !== undefined && code !== 4001) problems.push(`closed with ${code}, not 4001`);
  ws.terminate();
  // What came after the logout answered: frames already on their way, and events stored after it.
  const late = frames.filter((f) => f.at > answeredAt);
  const eventsAfter = late.filter((f) => f.type !== "seq" && f.seq > seqAtLogout).length;
  let ticketStatus = 200;
  try {
    await api(B, "POST", "/api/realtime/ticket", { companyId }, token);
  } catch (err) {
    ticketStatus = err.status ?? 0;
  }
  return { closeMs, code, eventsBefore, lateFrames: late.length, eventsAfter, ticketStatus, problems };
}

// ---------------------------------------------------------------------------------------------------
// Run

/** Points inside the demo organisation's zones, so every report reaches its operators. */
async function demoPoints() {
  const demo = await import("../packages/server/dist/seed/demo-data.js");
  const geometry = await import("../packages/server/dist/zones/geometry.js");
  const rnd = demo.seededRandom(14);
  const list = [];
  while (list.length < 500) {
    const ring = demo.DEMO_ZONES[list.length % 2].ring;
    const xs = ring.map((p) => p[0]);
    const ys = ring.map((p) => p[1]);
    const p = [Math.min(...xs) + rnd() * (Math.max(...xs) - Math.min(...xs)), Math.min(...ys) + rnd() * (Math.max(...ys) - Math.min(...ys))];
    if (geometry.ringContains(ring, p)) list.push({ longitude: Number(p[0].toFixed(6)), latitude: Number(p[1].toFixed(6)) });
  }
  return (i) => list[i % list.length];
}

async function connectOperators(deployment, companyId) {
  const errors = new Tally();
  const operators = [];
  for (const [k, email] of OPERATOR_EMAILS.entries()) {
    const { user } = await api(deployment.servers[k % deployment.servers.length], "POST", "/api/login", { email, password: DEMO_PASSWORD });
    for (const prefer of [0, 1]) operators.push(new Operator({ name: `${email}#${prefer}`, token: user.access_token, companyId, servers: deployment.servers, prefer, errors }));
  }
  for (const o of operators) o.start();
  const until = now() + 30_000;
  while (operators.some((o) => !o.connected)) {
    if (now() > until) throw new Error("operators could not connect");
    await sleep(100);
  }
  return operators;
}

/** A Markdown table: its header row (the columns, \`|\`-separated), its separator, then a line a row. */
function markdownTable(header, rows, line) {
  return [header, `|${"---|".repeat(header.split("|").length - 2)}`, ...rows.map(line)].join("\n");
}

const mb = (x) => (Number.isFinite(x) ? x.toFixed(0) : "—");

function table(rows) {
  return markdownTable(
    "| Case | Reports acknowledged / stored (lost) | Events expected / received after catch-up (missing) | Live / caught up / relayed | Time to recover: writes / all | Errors seen | Memory MB per process (start → end) | Result |",
    rows.filter((row) => !row.kind),
    (r) => `| ${r.name} | ${r.acknowledged} / ${r.stored} (${r.lost})${r.retried ? `, ${r.retried} after retries` : ""}${r.notSent ? `; ${r.notSent} not sent (${MAX_IN_FLIGHT} in flight)` : ""} | ${r.expectedEvents} / ${r.receivedEvents} (${r.missingEvents}) | ${r.live} / ${r.caughtUp} / ${r.relayed} | ${Number.isFinite(r.writesSeconds) ? `${r.writesSeconds.toFixed(1)} s` : "—"} / ${Number.isFinite(r.recoverySeconds) ? `${r.recoverySeconds.toFixed(1)} s` : "not recovered"} | ${r.errors} | ${r.memStart.map((m, i) => `${mb(m)} → ${mb(r.memEnd[i])}`).join(", ")} | ${r.passed ? "✔" : `✖ ${r.why.join("; ")}`} |`,
  );
}

const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : "open > 10 s");

/** The logout case's own table: how long a logged-out socket stayed open on the other process. */
function logoutTable(rows) {
  return markdownTable(
    "| Case | Socket on B closed after the logout answered: median / max | Close codes | Events before / frames after the answer / events stored after it that reached it | Old token refused a ticket | The account's other sockets open | Errors seen | Result |",
    rows,
    (r) => `| ${r.name} | ${ms(r.medianMs)} / ${ms(r.maxMs)} | ${r.codes} | ${r.eventsBefore} / ${r.lateFrames} / ${r.eventsAfter} | ${r.ticketsRefused} / ${r.rounds} | ${r.otherSessions} | ${r.errors} | ${r.passed ? "✔" : `✖ ${r.why.join("; ")}`} |`,
  );
}

/** The mass message case's own table: what it counts is inbox rows, not reports and events. */
function messageTable(rows) {
  return markdownTable(
    "| Case | Inbox rows: recipients holding it / expected (missing, duplicated, outside the zone) | Sent count / recipients total | Batches committed by process | Job attempts | Delivered in (from its date) | Sample inboxes (`GET /api/app/messages`) | Result |",
    rows,
    (r) => `| ${r.name} (${r.killed}) | ${r.delivered} / ${r.expected} (${r.missing}, ${r.duplicated}, ${r.strays}) | ${r.sentCount} / ${r.recipientsTotal} | ${r.byProcess} | ${r.attempts} | ${r.deliveredIn.toFixed(1)} s | ${r.inboxes} | ${r.passed ? "✔" : `✖ ${r.why.join("; ")}`}${r.notes.length ? ` (${r.notes.join("; ")})` : ""} |`,
  );
}

async function main() {
  if (!existsSync(join(ROOT, "packages/server/dist/server.js"))) {
    console.error("packages/server/dist is missing: run `npm run test:faults` (it builds first) or `npm run build`.");
    process.exit(1);
  }
  const began = now();
  const server = await databaseServer(process.env.FAULTS_DATABASE_URL ?? process.env.DATABASE_URL);
  const machineRedis = MACHINE_REDIS ? undefined : await startRedisServer();
  MACHINE_REDIS ||= machineRedis.url;
  DATABASE_URL = withDatabase(server.url, DB_NAME);
  ADMIN_URL = withDatabase(server.url, "postgres");
  log(`${SHORT ? "short" : "full"} run: database ${DB_NAME} on ${server.embedded ? "an embedded PostgreSQL of its own" : server.url.host}, Redis ${MACHINE_REDIS}${machineRedis ? " (started here)" : ""} (own Redis on ${OWN_REDIS_PORT} for its case), servers on ${PORTS.join(", ")}`);
  await createDatabase();
  const points = await demoPoints();
  const rows = [];
  let deployment;
  let operators = [];
  const redis = { child: undefined };
  const cleanup = async () => {
    for (const o of operators) o.stop();
    await deployment?.stopAll();
    await stopChild(redis.child);
    await stopChild(machineRedis?.child);
    await dropDatabase();
    await server.stop();
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  try {
    deployment = new Deployment(MACHINE_REDIS, "machine-redis");
    await deployment.startAll();
    const { rows: company } = await app("select id from companies where name like 'Municipalidad de Santiago%' order by id limit 1");
    const companyId = company[0].id;
    operators = await connectOperators(deployment, companyId);
    log(`two processes up, ${operators.length} operator sockets live (company ${companyId})`);
    let ctx = { deployment, operators, companyId, points };
    if (wanted("kill")) rows.push(await killCase(ctx));
    if (wanted("drain")) rows.push(await drainCase(ctx));
    if (wanted("terminate")) rows.push(await terminateCase(ctx));
    if (wanted("refuse")) rows.push(await refuseCase(ctx));
    if (wanted("soak")) rows.push(await soakCase(ctx));
    if (wanted("message")) rows.push(await messageCase(ctx));
    if (wanted("logout")) rows.push(await logoutCase(ctx));
    if (wanted("rolling") || wanted("crash") || wanted("store")) {
      // The cluster's cases: the same database behind the cluster's balancer (its files in a local S3
      // server), every client through it.
      for (const o of operators) o.stop();
      await deployment.stopAll();
      deployment = new ClusterDeployment(MACHINE_REDIS);
      await deployment.startAll();
      operators = await connectOperators(deployment, companyId);
      log(`${CLUSTER_PROCESSES} processes behind HAProxy on ${BALANCER_PORT}, files in a local S3 server on ${deployment.objectStore.endpoint}, ${operators.length} operator sockets through it`);
      ctx = { deployment, operators, companyId, points };
      if (wanted("rolling")) rows.push(await rollingCase(ctx));
      if (wanted("crash")) rows.push(await clusterKillCase(ctx));
      if (wanted("store")) rows.push(await objectStoreCase(ctx));
    }
    if (wanted("redis")) {
      // The Redis case: the same deployment on a Redis the suite owns, so it can stop it.
      for (const o of operators) o.stop();
      await deployment.stopAll();
      redis.child = await startOwnRedis();
      deployment = new Deployment(`redis://127.0.0.1:${OWN_REDIS_PORT}`, "own-redis");
      await Promise.all(deployment.servers.map((s) => deployment.start(s, false)));
      operators = await connectOperators(deployment, companyId);
      ctx = { deployment, operators, companyId, points };
      rows.push(await redisCase(ctx, redis));
    }
  } finally {
    await cleanup();
  }
  finish(rows, began);
}

function finish(rows, began) {
  const passed = rows.every((r) => r.passed);
  console.log(`\nFault suite (${SHORT ? "short" : "full"}), ${new Date().toISOString().slice(0, 10)}, ${((now() - began) / 1000).toFixed(0)} s, ${PLAN.rate} reports/s, ${OPERATOR_EMAILS.length * 2} operator sockets over 2 processes (the rolling case: ${CLUSTER_PROCESSES} behind HAProxy):\n`);
  const messages = rows.filter((r) => r.kind === "message");
  const logouts = rows.filter((r) => r.kind === "logout");
  if (rows.some((r) => !r.kind)) console.log(table(rows));
  if (messages.length) console.log(`\n${messageTable(messages)}`);
  if (logouts.length) console.log(`\n${logoutTable(logouts)}`);
  const held = [
    rows.some((r) => !r.kind) && "0 acknowledged reports lost, 0 events missing after catch-up",
    messages.length && "the message in every recipient's inbox once",
    logouts.length && `a logged-out socket closed on the other process within ${LOGOUT_CLOSE_MS} ms, no later event reaching it`,
  ].filter(Boolean);
  console.log(passed ? `\n✔ every case: ${held.join(", ")}` : "\n✖ a case failed (see the table)");
  process.exit(passed ? 0 : 1);
}

main().catch(async (err) => {
  console.error(err);
  process.exit(1);
});
