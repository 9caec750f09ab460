// `npm run bench`: the intake and fan-out benchmarks of issue 3, each beside a reference figure measured
// in the same run on the same machine, written into bench/README.md between the results markers.
// Uses its own database (atalaya_bench, schema public dropped and recreated) and Redis on loopback;
// starts and stops its own server processes; bounded in time and count.
import { spawn, spawnSync, execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createWriteStream, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem, tmpdir } from "node:os";
import http from "node:http";
import { connect } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { Worker } from "node:worker_threads";
import WebSocket from "ws";
import { newReportId, openSocket } from "./ws-client.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SERVER = join(ROOT, "packages/server/dist/server.js");
const README = join(ROOT, "bench/README.md");
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/atalaya_bench";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
// BENCH_PORT moves the three ports (default 8301–8303), for a machine where those are taken.
const PORT_BASE = Number(process.env.BENCH_PORT ?? 8301);
const PORTS = { intake: PORT_BASE, a: PORT_BASE, b: PORT_BASE + 1, reference: PORT_BASE + 2 };
const DEADLINE_MS = (process.env.BENCH_ONLY === "sockets" ? 15 : 8) * 60_000;
const ONLY = process.env.BENCH_ONLY; // "intake" or "fanout": run that part alone ("million", "web" or "dashboard": the other scripts alone)
if (ONLY === "million" || ONLY === "web" || ONLY === "dashboard") process.exit(0);

const INTAKE = { connections: 50, warmupSeconds: 3, maxSeconds: 10, steadySeconds: 10, steadyRuns: 3, rawClients: 10, rawSeconds: 10 };
// BENCH_FANOUT_SOCKETS: fewer sockets, to try the benchmark out (the README is then left as it is).
const FANOUT = { sockets: Number(process.env.BENCH_FANOUT_SOCKETS ?? 1000), operators: 10, ratePerSecond: 100, seconds: 10, openConcurrency: 20, graceMs: 5000 };
const TARGETS = { intakeRatio: 0.4, intakeP99Ms: 50, fanoutP99Ms: 100, socketKb: 50, fromRequestRatio: 2 };
// The figures issue 19 started from (its text: a quiet 2-CPU machine), printed beside this run's.
const BEFORE = { fromRequestP99Ms: 227, createP99Ms: 283, referenceRate: 76 };

const { geometry, demo } = await loadServerModules();

// ---------------------------------------------------------------------------------------------------
// Processes

const children = new Set();
const log = (line) => console.log(`[bench ${new Date().toTimeString().slice(0, 8)}] ${line}`);

async function loadServerModules() {
  if (!existsSync(SERVER)) {
    console.error("packages/server/dist is missing: run `npm run bench` (it builds first) or `npm run build`.");
    process.exit(1);
  }
  return {
    geometry: await import("../packages/server/dist/zones/geometry.js"),
    demo: await import("../packages/server/dist/seed/demo-data.js"),
  };
}

/** Starts a child process with its output in a log file; resolves once `ready()` answers true. */
async function startProcess(name, args, env, ready) {
  const logPath = join(tmpdir(), `atalaya-bench-${name}.log`);
  const out = createWriteStream(logPath);
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  children.add(child);
  let exited = false;
  child.on("exit", () => {
    exited = true;
    children.delete(child);
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (exited) throw new Error(`${name} exited while starting; see ${logPath}:\n${tail(logPath)}`);
    if (await ready().catch(() => false)) return { child, pid: child.pid, logPath, name };
    await sleep(200);
  }
  throw new Error(`${name} not ready after 60 s; see ${logPath}`);
}

function tail(path) {
  try {
    return readFileSync(path, "utf8").split("\n").slice(-15).join("\n");
  } catch {
    return "";
  }
}

const BENCH_REPORT_LIMIT = 1_000_000;

function startServer(name, port, { seed, redis, nodeArgs = [] }) {
  const env = {
    DATABASE_URL,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    ATALAYA_SEED: seed ? "demo" : "none",
    ...(redis ? { REDIS_URL } : { REDIS_URL: "" }),
    // The load comes from one address and a few reporters: the intake's per-address and per-reporter
    // limits (200 per 100 s, 10 a minute by default) are raised for the benchmark (its results say so).
    APP_REPORTS_PER_ADDRESS: String(BENCH_REPORT_LIMIT),
    APP_REPORTS_PER_REPORTER: String(BENCH_REPORT_LIMIT),
  };
  return startProcess(name, [...nodeArgs, SERVER], env, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok);
}

/** Stops a child with SIGTERM (SIGKILL after 10 s) and waits for it. */
async function stop(proc) {
  if (!proc || !children.has(proc.child)) return;
  const exited = new Promise((resolve) => proc.child.once("exit", resolve));
  proc.child.kill("SIGTERM");
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

function killAll() {
  for (const child of children) child.kill("SIGKILL");
}

const CLK_TCK = 100; // Linux user-space ticks a second (getconf CLK_TCK)
const REDIS_PID = findProcess("redis-server");

/** The pid of the first process with this command name, if any. */
function findProcess(comm) {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === comm) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** CPU seconds (user + system) a process has used; with `children`, also its reaped children's. */
function cpuSeconds(pid, children = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0)) / CLK_TCK;
  } catch {
    return 0; // gone meanwhile
  }
}

/** CPU seconds of every PostgreSQL process, including backends that already exited (the postmaster
 * reaps them, so their time is in its children's counters). */
function postgresCpuSeconds() {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let comm;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, "utf8").trim();
    } catch {
      continue;
    }
    if (comm !== "postgres") continue;
    const ppidOf = (pid) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
    let isPostmaster = false;
    try {
      isPostmaster = readFileSync(`/proc/${ppidOf(entry)}/comm`, "utf8").trim() !== "postgres";
    } catch {
      // parent gone: count as a backend
    }
    total += cpuSeconds(entry, isPostmaster);
  }
  return total;
}

/** Busy and total jiffies of the whole machine. */
function machineTicks() {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + (f[4] ?? 0);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** A CPU snapshot of the named processes, PostgreSQL, this process and the machine. */
function cpuSnapshot(pids) {
  const usage = process.cpuUsage();
  const all = { ...pids, ...(REDIS_PID ? { redis: REDIS_PID } : {}) };
  return {
    at: performance.now(),
    pids: Object.fromEntries(Object.entries(all).map(([name, pid]) => [name, cpuSeconds(pid)])),
    postgres: postgresCpuSeconds(),
    self: (usage.user + usage.system) / 1e6,
    machine: machineTicks(),
    others: otherProcesses(new Set([process.pid, ...Object.values(all)])),
  };
}

/** CPU seconds of every process that is neither ours nor PostgreSQL, by pid. */
function otherProcesses(ours) {
  const result = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || ours.has(Number(entry))) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, "utf8").trim();
      if (comm === "postgres") continue;
      result.set(entry, { comm, cpu: cpuSeconds(entry) });
    } catch {
      // gone meanwhile
    }
  }
  return result;
}

/** A short name for a process: its command, and for node the package it runs. */
function processLabel(pid, comm) {
  if (comm !== "node" && comm !== "MainThread") return comm;
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
    const pkg = /node_modules\/(?:\.bin\/)?([\w@.-]+)/.exec(cmd)?.[1] ?? /([\w.-]+)\.m?js\b/.exec(cmd)?.[1];
    return pkg ? `node ${pkg}` : "node";
  } catch {
    return "node";
  }
}

/** Per process: % of one CPU between two snapshots; machine: % of all CPUs busy. */
function cpuShares(a, b) {
  const seconds = (b.at - a.at) / 1000;
  const pct = (x) => Math.round((100 * x) / seconds);
  const shares = Object.fromEntries(Object.keys(a.pids).map((name) => [name, pct(b.pids[name] - a.pids[name])]));
  shares.postgres = pct(b.postgres - a.postgres);
  shares.loadGenerator = pct(b.self - a.self);
  const machine = (b.machine.busy - a.machine.busy) / (b.machine.total - a.machine.total);
  const ours = Object.values(shares).reduce((x, y) => x + y, 0);
  // The busiest outsiders, so a reader can tell what else ran.
  const outsiders = new Map();
  for (const [pid, p] of b.others) {
    const used = p.cpu - (a.others.get(pid)?.cpu ?? 0);
    if (used <= 0) continue;
    const label = processLabel(pid, p.comm);
    outsiders.set(label, (outsiders.get(label) ?? 0) + used);
  }
  const busiest = [...outsiders]
    .map(([label, used]) => [label, pct(used)])
    .filter(([, p]) => p >= 5)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 3);
  return {
    ...shares,
    // Everything else busy on the machine (other people's test runs, the kernel's share of loopback traffic).
    other: Math.max(0, Math.round(machine * 100 * cpus().length - ours)),
    machine: Math.round(100 * machine),
    busiestOthers: busiest,
    cpuSeconds: { ...Object.fromEntries(Object.keys(a.pids).map((n) => [n, b.pids[n] - a.pids[n]])), postgres: b.postgres - a.postgres },
  };
}

const cpuText = (c) =>
  Object.entries(c)
    .filter(([k]) => !["cpuSeconds", "machine", "busiestOthers"].includes(k))
    .map(([k, v]) => `${k} ${v} %`)
    .join(", ") +
  (c.busiestOthers.length ? ` (${c.busiestOthers.map(([l, p]) => `${l} ${p} %`).join(", ")})` : "") +
  ` of one CPU; machine ${c.machine} % busy`;

/** Samples what the benchmark database's connections are doing, every 25 ms, until stopped. */
function sampleBackends() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  const totals = { lock: 0, idleInTransaction: 0, running: 0, walSync: 0, idle: 0 };
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query(
        `select state, wait_event_type, wait_event from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      samples++;
      for (const r of rows) {
        if (r.wait_event_type === "Lock") totals.lock++;
        else if (r.state === "idle in transaction") totals.idleInTransaction++;
        else if (r.state === "idle") totals.idle++;
        else if (r.wait_event === "WALSync" || r.wait_event === "WALWrite") totals.walSync++;
        else totals.running++;
      }
      await sleep(25);
    }
    await client.end();
  })();
  return async () => {
    stopped = true;
    await loop;
    return Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, samples ? v / samples : 0]));
  };
}

const backendsText = (b) =>
  `${fmt(b.lock)} waiting for a row lock, ${fmt(b.idleInTransaction)} idle in a transaction (waiting for the server process's next statement), ` +
  `${fmt(b.running)} running a statement, ${fmt(b.walSync)} flushing WAL, ${fmt(b.idle)} idle`;

/** Resident memory of a process in bytes (VmRSS). */
function rss(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

// ---------------------------------------------------------------------------------------------------
// Helpers

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n, digits = 1) => Number(n.toFixed(digits));

/** The p-quantile (0..1) of a sorted typed array, nearest-rank. */
function quantile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

async function api(base, method, path, body, token) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { "access-token": token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Points inside the demo zones ([lng, lat]), deterministic. */
function demoPoints(n) {
  const rnd = demo.seededRandom(42);
  const points = [];
  while (points.length < n) {
    const ring = demo.DEMO_ZONES[points.length % 3 === 0 ? 1 : 0].ring;
    const xs = ring.map((p) => p[0]);
    const ys = ring.map((p) => p[1]);
    const p = [Math.min(...xs) + rnd() * (Math.max(...xs) - Math.min(...xs)), Math.min(...ys) + rnd() * (Math.max(...ys) - Math.min(...ys))];
    if (geometry.ringContains(ring, p)) points.push([round(p[0], 6), round(p[1], 6)]);
  }
  return points;
}

const POINTS = demoPoints(2000);
const DESCRIPTION = "Me robaron el celular en la esquina, el sujeto huyó corriendo hacia el norte.";
let pointIndex = 0;

/** The body of an anonymous robbery report (type 0) at the next demo point, with a fresh clientId. */
function reportBody() {
  const [longitude, latitude] = POINTS[pointIndex++ % POINTS.length];
  return { type: 0, description: DESCRIPTION, latitude, longitude, address: "Huérfanos 1234, Santiago", anonymous: true, clientId: randomUUID() };
}

function redisPing(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) }, () => socket.write("PING\r\n"));
    socket.setTimeout(3000, () => socket.destroy(new Error("timeout")));
    socket.once("data", (d) => {
      socket.end();
      if (String(d).startsWith("+PONG")) resolve();
      else reject(new Error(String(d).trim()));
    });
    socket.once("error", reject);
  });
}

// ---------------------------------------------------------------------------------------------------
// Database

/** Creates atalaya_bench (or the atalaya_bench_run_<suffix> named) when missing and empties its public schema.
 * Refuses any other database. */
async function resetDatabase() {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  // atalaya_bench_run_<suffix>: several checkouts on one PostgreSQL; never the kept data sets (atalaya_bench_1m…).
  if (!/^atalaya_bench(_run_\w+)?$/.test(name)) throw new Error(`refusing to reset database "${name}": the benchmarks only use atalaya_bench (or atalaya_bench_run_<suffix>)`);
  const adminUrl = new URL(DATABASE_URL);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (exists.rowCount === 0) {
    log(`creating database ${name}`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  await db.query("drop schema public cascade; create schema public");
  await db.end();
}

async function withDb(fn) {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// Intake

async function cannon(opts) {
  return autocannon({
    url: `http://127.0.0.1:${PORTS.intake}`,
    requests: [
      {
        method: "POST",
        path: "/api/app/reports",
        headers: { "content-type": "application/json" },
        setupRequest: (req) => ({ ...req, body: JSON.stringify(reportBody()) }),
      },
    ],
    timeout: 10,
    ...opts,
  });
}

const okPerSecond = (r) => r["2xx"] / r.duration;

/** N clients each inserting single rows (autocommit) with the reports column shape for `seconds`. */
async function rawInsertRate(clients, seconds) {
  await withDb(async (db) => {
    await db.query("drop table if exists bench_raw_reports");
    // Same columns, checks, defaults and indexes as reports; own id sequence.
    await db.query("create table bench_raw_reports (like reports including defaults including constraints including indexes)");
    await db.query("alter table bench_raw_reports alter column id drop default");
    await db.query("alter table bench_raw_reports alter column id add generated by default as identity");
  });
  const sql = `insert into bench_raw_reports (type_id, initial_type_id, description, latitude, longitude, address, user_id, is_anonymous,
                 created_by_company_id, informer_type, contact, source, client_id, media)
               values ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`;
  const pool = Array.from({ length: clients }, () => new pg.Client({ connectionString: DATABASE_URL }));
  await Promise.all(pool.map((c) => c.connect()));
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  let count = 0;
  await Promise.all(
    pool.map(async (c) => {
      while (performance.now() < end) {
        const b = reportBody();
        const t = performance.now();
        await c.query(sql, [b.type, b.description, b.latitude, b.longitude, b.address, null, true, null, "anonymous", null, "app", b.clientId, "[]"]);
        latencies.push(performance.now() - t);
        count++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  await Promise.all(pool.map((c) => c.end()));
  await withDb((db) => db.query("drop table bench_raw_reports"));
  const sorted = Float64Array.from(latencies).sort();
  return { rate: count / elapsed, p99: quantile(sorted, 0.99), count };
}

/** Sequential requests: the service time of one report with nothing else running. */
async function sequentialLatency(n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await api(`http://127.0.0.1:${PORTS.intake}`, "POST", "/api/app/reports", reportBody());
    times.push(performance.now() - t);
  }
  const sorted = Float64Array.from(times).sort();
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

/** A single-row insert and commit every 10 ms on a connection of its own, until stopped: the latency
 * PostgreSQL and the disk give anybody at that moment, the reference for a latency measured beside it. */
function commitProbe() {
  const latencies = [];
  let running = true;
  const done = withDb(async (db) => {
    await db.query("create temp table commit_probe (at timestamptz not null default now())");
    while (running) {
      const t = performance.now();
      await db.query("insert into commit_probe default values");
      latencies.push(performance.now() - t);
      await sleep(10);
    }
  });
  return async () => {
    running = false;
    await done;
    const sorted = Float64Array.from(latencies).sort();
    return { p99: quantile(sorted, 0.99), max: sorted[sorted.length - 1] ?? 0 };
  };
}

/** Reports at a fixed rate, evenly spaced (open loop), for `warmup` + `seconds`; only the last
 * `seconds` count (the first requests open the connections). Latency counts from each request's
 * scheduled time, so a generator or server falling behind shows in the figure. */
async function pacedRate(rate, seconds, warmup = 2) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * (warmup + seconds));
  const measuredFrom = Math.round(rate * warmup);
  const latencies = [];
  let failed = 0;
  const post = (body) =>
    new Promise((resolve) => {
      const req = http.request(
        { host: "127.0.0.1", port: PORTS.intake, path: "/api/app/reports", method: "POST", agent, headers: { "content-type": "application/json" }, timeout: 10_000 },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode));
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", () => resolve(0));
      req.end(JSON.stringify(body));
    });
  const start = performance.now();
  const inflight = [];
  let measuredStart = start;
  let warmupOk = 0;
  let lastEnd = start;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    if (i === measuredFrom) measuredStart = due;
    const counted = i >= measuredFrom;
    inflight.push(
      post(reportBody()).then((status) => {
        if (!counted) return void (status === 200 && warmupOk++);
        lastEnd = performance.now();
        if (status === 200) latencies.push(lastEnd - due);
        else failed++;
      }),
    );
  }
  await Promise.all(inflight);
  const elapsed = (lastEnd - measuredStart) / 1000;
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return { ok: latencies.length, warmupOk, failed, achieved: latencies.length / elapsed, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

async function intake() {
  log("intake: starting a server (demo seed) on PostgreSQL");
  const server = await startServer("intake", PORTS.intake, { seed: true, redis: false });
  try {
    const idle = await sequentialLatency(200);
    log(`intake: one report alone: p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms`);
    const warmup = await cannon({ connections: INTAKE.connections, duration: INTAKE.warmupSeconds });
    const stopSampling = sampleBackends();
    const cpuBefore = cpuSnapshot({ server: server.pid });
    const max = await cannon({ connections: INTAKE.connections, duration: INTAKE.maxSeconds });
    const cpu = cpuShares(cpuBefore, cpuSnapshot({ server: server.pid }));
    const backends = await stopSampling();
    const maxRate = okPerSecond(max);
    log(`intake: CPU at max: ${cpuText(cpu)}`);
    log(`intake: pool connections on average: ${backendsText(backends)}`);
    log(`intake: max ${maxRate.toFixed(0)} reports/s (${max["2xx"]} ok, ${max.non2xx} non-2xx, ${max.errors} errors, p99 ${max.latency.p99} ms)`);

    // Several paced runs, the median one kept: a 10 s window's p99 is 25 requests, so one stall of the
    // machine's disk decides it (the commit probe beside it shows those).
    const steadyRate = Math.max(1, Math.floor(maxRate * 0.7));
    const steadyRuns = [];
    for (let run = 1; run <= INTAKE.steadyRuns; run++) {
      const cpuBefore = cpuSnapshot({ server: server.pid });
      const stopProbe = commitProbe();
      const paced = await pacedRate(steadyRate, INTAKE.steadySeconds);
      const probe = await stopProbe();
      const pacedCpu = cpuShares(cpuBefore, cpuSnapshot({ server: server.pid }));
      log(`intake: paced at ${steadyRate}/s (run ${run}): ${paced.achieved.toFixed(0)} ok/s, p50 ${fmt(paced.p50)} ms, p99 ${fmt(paced.p99)} ms (${paced.failed} failed); commit probe p99 ${fmt(probe.p99)} ms, max ${fmt(probe.max)} ms; CPU: ${cpuText(pacedCpu)}`);
      steadyRuns.push({ ...paced, probe, cpu: pacedCpu });
    }
    const byP99 = [...steadyRuns].sort((a, b) => a.p99 - b.p99);
    const steady = byP99[Math.floor(byP99.length / 2)];
    const steadyCpu = steady.cpu;
    // autocannon's own fixed rate, for comparison: see the README on why it is not the figure.
    const burst = await cannon({ connections: INTAKE.connections, duration: INTAKE.steadySeconds, overallRate: steadyRate });
    log(`intake: autocannon overallRate ${steadyRate}/s: ${okPerSecond(burst).toFixed(0)} ok/s, p50 ${burst.latency.p50} ms, p99 ${burst.latency.p99} ms`);

    const okResponses = 200 + warmup["2xx"] + max["2xx"] + steadyRuns.reduce((n, r) => n + r.ok + r.warmupOk, 0) + burst["2xx"];
    const stored = await withDb(async (db) => (await db.query("select count(*)::int as n from reports where source = 'app'")).rows[0].n);
    await stop(server);
    log(`intake: raw single-row INSERT, ${INTAKE.rawClients} clients × ${INTAKE.rawSeconds} s`);
    const rawCpuBefore = cpuSnapshot({});
    const raw = await rawInsertRate(INTAKE.rawClients, INTAKE.rawSeconds);
    const rawCpu = cpuShares(rawCpuBefore, cpuSnapshot({}));
    log(`intake: raw ${raw.rate.toFixed(0)} rows/s (p99 ${raw.p99.toFixed(1)} ms); CPU: ${cpuText(rawCpu)}`);
    const rawOne = await rawInsertRate(1, 2);
    log(`intake: raw INSERT, one client: ${(1000 / rawOne.rate).toFixed(2)} ms a row`);
    return {
      maxRate,
      maxErrors: max.non2xx + max.errors,
      maxP99: max.latency.p99,
      steadyRate,
      steady,
      steadyRuns,
      burst: { achieved: okPerSecond(burst), p50: burst.latency.p50, p99: burst.latency.p99 },
      rawRate: raw.rate,
      ratio: maxRate / raw.rate,
      idle,
      okResponses,
      stored,
      cpu,
      backends,
      serverCpuMsPerReport: (1000 * cpu.cpuSeconds.server) / max["2xx"],
      postgresCpuMsPerReport: (1000 * cpu.cpuSeconds.postgres) / max["2xx"],
      postgresCpuMsPerRawRow: (1000 * rawCpu.cpuSeconds.postgres) / raw.count,
      rawCpu,
      steadyCpu,
      rawOneMs: 1000 / rawOne.rate,
    };
  } finally {
    await stop(server);
  }
}

// ---------------------------------------------------------------------------------------------------
// Fan-out

async function inBatches(n, concurrency, fn) {
  let next = 0;
  const results = new Array(n);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        results[i] = await fn(i);
      }
    }),
  );
  return results;
}

async function createOperators(companyId, n) {
  await withDb(async (db) => {
    const { rows } = await db.query("select password_hash, settings from users where email = 'operador@demo.cl'");
    for (let i = 1; i <= n; i++) {
      const email = `bench.operador${i}@demo.cl`;
      const user = await db.query(
        `insert into users (email, password_hash, first_name, last_name, groups, settings, verified)
         values ($1, $2, 'Operador', $3, '{3}', $4, true)
         on conflict do nothing returning id`,
        [email, rows[0].password_hash, `Bench ${i}`, rows[0].settings],
      );
      if (user.rows[0]) {
        await db.query("insert into memberships (company_id, user_id, role) values ($1, $2, 'operator')", [companyId, user.rows[0].id]);
      }
    }
  });
  return Array.from({ length: n }, (_, i) => `bench.operador${i + 1}@demo.cl`);
}

async function fanout() {
  log("fan-out: starting two server processes joined by Redis");
  const a = await startServer("fanout-a", PORTS.a, { seed: true, redis: true });
  const b = await startServer("fanout-b", PORTS.b, { seed: false, redis: true });
  const servers = [a, b].map((s, i) => ({ ...s, base: `http://127.0.0.1:${[PORTS.a, PORTS.b][i]}`, ws: `ws://127.0.0.1:${[PORTS.a, PORTS.b][i]}` }));
  const sockets = [];
  try {
    const companyId = await withDb(async (db) => (await db.query("select id from companies where name = $1", [demo.DEMO_COMPANY.name])).rows[0]?.id);
    if (!companyId) throw new Error("the demo company is missing: did the seed run?");
    const emails = await createOperators(companyId, FANOUT.operators);
    const tokens = [];
    for (const email of emails) {
      const res = await api(servers[0].base, "POST", "/api/login", { email, password: demo.DEMO_PASSWORD });
      tokens.push(res.user.access_token);
    }
    log(`fan-out: ${tokens.length} operators signed in`);

    // Arrivals per report id: [socket index] = performance.now() at arrival.
    const arrivals = new Map();
    let sampleMessage;
    const onMessageFor = (k) => (data, at) => {
      const id = newReportId(data);
      if (id === undefined) return;
      let row = arrivals.get(id);
      if (!row) arrivals.set(id, (row = { times: new Float64Array(FANOUT.sockets).fill(NaN), count: 0 }));
      if (Number.isNaN(row.times[k])) {
        row.times[k] = at;
        row.count++;
      }
      sampleMessage ??= data.length;
    };
    const open = async (k) => {
      const s = servers[k % 2];
      const { ticket } = await api(s.base, "POST", "/api/realtime/ticket", { companyId }, tokens[k % tokens.length]);
      return openSocket(`${s.ws}/api/realtime?ticket=${encodeURIComponent(ticket)}`, s.base, onMessageFor(k));
    };

    // Warm the code paths of both processes before the memory baseline.
    const warm = await inBatches(20, 10, (k) => open(k));
    for (const ws of warm) ws.close();
    await sleep(1500);
    const before = servers.map((s) => rss(s.pid));
    const opening = performance.now();
    sockets.push(...(await inBatches(FANOUT.sockets, FANOUT.openConcurrency, (k) => open(k))));
    log(`fan-out: ${sockets.length} sockets open in ${((performance.now() - opening) / 1000).toFixed(1)} s`);
    await sleep(3000);
    const after = servers.map((s) => rss(s.pid));
    const bytesPerSocket = (after[0] + after[1] - before[0] - before[1]) / sockets.length;
    log(`fan-out: RSS ${before.map((x) => (x / 2 ** 20).toFixed(0)).join("+")} MB → ${after.map((x) => (x / 2 ** 20).toFixed(0)).join("+")} MB: ${(bytesPerSocket / 1024).toFixed(1)} KB a socket`);

    const load = (rate) => fanoutLoad({ servers, sockets, arrivals, rate });
    // Half the rate first: it tells the message's size for the reference.
    const half = await load(FANOUT.ratePerSecond / 2);
    const messageBytes = sampleMessage ?? 1500;
    // The bare `ws` reference at the full rate, then ours at the rate the reference sustained (on 2 CPUs
    // shared with the receiving client it may not reach the rate asked): the two are compared at a
    // rate both can hold, counted from the moment each message was asked for.
    const reference = await fanoutReference(messageBytes, FANOUT.ratePerSecond);
    const sustained = Math.min(FANOUT.ratePerSecond, Math.floor(reference.broadcastRate));
    const referenceAtSustained = sustained < FANOUT.ratePerSecond * 0.97 ? await fanoutReference(messageBytes, sustained) : reference;
    const atReference = await load(sustained);
    const full = sustained === FANOUT.ratePerSecond ? atReference : (await sleep(2000), await load(FANOUT.ratePerSecond));
    return { ...full, half, atReference, reference, referenceAtSustained, kbPerSocket: bytesPerSocket / 1024, messageBytes };
  } finally {
    for (const ws of sockets) ws.terminate();
    await Promise.all([stop(a), stop(b)]);
  }
}

/** Creates reports at `rate` a second for FANOUT.seconds (open loop, alternating servers), then
 * measures every report's arrival at every socket. */
async function fanoutLoad({ servers, sockets, arrivals, rate }) {
  const [a, b] = servers;
  const creates = [];
  const total = Math.round(rate * FANOUT.seconds);
  const cpuBefore = cpuSnapshot({ serverA: a.pid, serverB: b.pid });
  const stopSampling = sampleBackends();
  const start = performance.now();
  const inflight = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const s = servers[i % 2];
    const entry = { sentAt: performance.now(), respondedAt: NaN, id: undefined, error: undefined };
    creates.push(entry);
    inflight.push(
      api(s.base, "POST", "/api/app/reports", reportBody()).then(
        (res) => {
          entry.respondedAt = performance.now();
          entry.id = res.report.id;
        },
        (err) => (entry.error = err.message),
      ),
    );
  }
  const offered = total / ((performance.now() - start) / 1000);
  await Promise.all(inflight);
  const cpu = cpuShares(cpuBefore, cpuSnapshot({ serverA: a.pid, serverB: b.pid }));
  const backends = await stopSampling();
  log(`fan-out at ${rate}/s: CPU during the load: ${cpuText(cpu)}`);
  log(`fan-out at ${rate}/s: pool connections on average: ${backendsText(backends)}`);
  const ok = creates.filter((c) => c.id !== undefined);
  const lastResponse = Math.max(...ok.map((c) => c.respondedAt));
  const completedRate = ok.length / ((lastResponse - start) / 1000);
  // Wait for the stragglers (bounded), then count what never came.
  const graceEnd = performance.now() + FANOUT.graceMs;
  while (performance.now() < graceEnd && ok.some((c) => (arrivals.get(c.id)?.count ?? 0) < sockets.length)) await sleep(100);

  const fromResponse = new Float64Array(ok.length * sockets.length);
  const fromRequest = new Float64Array(ok.length * sockets.length);
  let n = 0;
  let missed = 0;
  let beforeResponse = 0;
  for (const c of ok) {
    const row = arrivals.get(c.id);
    for (let k = 0; k < sockets.length; k++) {
      const at = row?.times[k];
      if (at === undefined || Number.isNaN(at)) {
        missed++;
        continue;
      }
      if (at < c.respondedAt) beforeResponse++;
      fromResponse[n] = Math.max(0, at - c.respondedAt);
      fromRequest[n] = at - c.sentAt;
      n++;
    }
    arrivals.delete(c.id);
  }
  const fr = fromResponse.subarray(0, n).sort();
  const fq = fromRequest.subarray(0, n).sort();
  const createTimes = Float64Array.from(ok.map((c) => c.respondedAt - c.sentAt)).sort();
  const result = {
    rate,
    sockets: sockets.length,
    reports: ok.length,
    failedCreates: creates.length - ok.length,
    offered,
    p50: quantile(fr, 0.5),
    p99: quantile(fr, 0.99),
    max: fr[fr.length - 1] ?? NaN,
    e2eP50: quantile(fq, 0.5),
    e2eP99: quantile(fq, 0.99),
    createP50: quantile(createTimes, 0.5),
    createP99: quantile(createTimes, 0.99),
    beforeResponseShare: n ? beforeResponse / n : 0,
    missed,
    deliveries: n,
    completedRate,
    cpu,
    backends,
  };
  log(
    `fan-out at ${rate}/s: ${result.reports} reports × ${result.sockets} sockets: from response p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms; ` +
      `from request p99 ${fmt(result.e2eP99)} ms; create p99 ${fmt(result.createP99)} ms; completed ${fmt(completedRate, 0)}/s; missed ${missed}; ${result.failedCreates} failed creates`,
  );
  if (creates.some((c) => c.error)) log(`fan-out at ${rate}/s: first create error: ${creates.find((c) => c.error).error}`);
  return result;
}

/** The same broadcast (size, count, sockets) from a bare ws server at `rate` a second. Its latency is
 * counted from the moment each message was due (its place in the schedule), like ours from the create
 * request: a reference that falls behind its schedule shows it. */
async function fanoutReference(messageBytes, rate) {
  const server = await startProcess("ws-reference", [join(ROOT, "bench/ws-reference.mjs")], { PORT: String(PORTS.reference) }, () =>
    new Promise((resolve) => {
      const s = connect({ host: "127.0.0.1", port: PORTS.reference }, () => {
        s.end();
        resolve(true);
      });
      s.once("error", () => resolve(false));
    }),
  );
  const sockets = [];
  try {
    const url = `ws://127.0.0.1:${PORTS.reference}/`;
    const total = Math.round(rate * FANOUT.seconds);
    const latencies = new Float64Array(total * FANOUT.sockets);
    const fromDue = new Float64Array(total * FANOUT.sockets);
    let n = 0;
    const wall = (at) => performance.timeOrigin + at;
    const received = new Uint32Array(total + 1);
    const onMessage = (data, arrivedAt) => {
      const at = wall(arrivedAt);
      const text = data.toString("latin1", 0, 160);
      const seq = Number(/"seq":(\d+)/.exec(text)?.[1]);
      const sentAt = Number(/"sentAt":([\d.]+)/.exec(text)?.[1]);
      const dueAt = Number(/"dueAt":([\d.]+)/.exec(text)?.[1]);
      if (!seq) return;
      received[seq]++;
      fromDue[n] = at - dueAt;
      latencies[n++] = at - sentAt;
    };
    await sleep(500);
    const before = rss(server.pid);
    sockets.push(...(await inBatches(FANOUT.sockets, FANOUT.openConcurrency, () => openSocket(url, "http://127.0.0.1", onMessage))));
    await sleep(3000);
    const after = rss(server.pid);
    const control = await new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url}?control=1`);
      ws.once("open", () => resolve(ws));
      ws.once("error", reject);
    });
    const done = new Promise((resolve) => control.once("message", (m) => resolve(JSON.parse(String(m)))));
    const cpuBefore = cpuSnapshot({ reference: server.pid });
    control.send(JSON.stringify({ count: total, rate, size: messageBytes }));
    const { seconds } = await done;
    const cpu = cpuShares(cpuBefore, cpuSnapshot({ reference: server.pid }));
    log(`fan-out reference at ${rate}/s: ${total} broadcasts in ${seconds.toFixed(1)} s; CPU: ${cpuText(cpu)}`);
    const graceEnd = performance.now() + FANOUT.graceMs;
    while (performance.now() < graceEnd && n < total * sockets.length) await sleep(100);
    control.close();
    const sorted = latencies.subarray(0, n).sort();
    const sortedFromDue = fromDue.subarray(0, n).sort();
    let missed = 0;
    for (let i = 1; i <= total; i++) missed += sockets.length - received[i];
    const result = {
      rate,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      dueP50: quantile(sortedFromDue, 0.5),
      dueP99: quantile(sortedFromDue, 0.99),
      missed,
      kbPerSocket: (after - before) / sockets.length / 1024,
      broadcastRate: total / seconds,
      cpu,
    };
    log(
      `fan-out reference at ${rate}/s: bare ws from send p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms; from its due time p99 ${fmt(result.dueP99)} ms; ` +
        `${fmt(result.broadcastRate, 0)} broadcasts/s achieved; missed ${missed}, ${fmt(result.kbPerSocket)} KB a socket`,
    );
    return result;
  } finally {
    for (const ws of sockets) ws.terminate();
    await stop(server);
  }
}

/** This process holds 1,000 client sockets at once, plus HTTP and database connections. */
function checkFileLimit() {
  const line = readFileSync("/proc/self/limits", "utf8").split("\n").find((l) => l.startsWith("Max open files"));
  const soft = Number(line?.split(/\s{2,}/)[1]);
  // The reference's sockets open while ours are still open.
  if (Number.isFinite(soft) && soft < 2 * FANOUT.sockets + 200) {
    throw new Error(`the open-file limit is ${soft}; the fan-out needs about ${2 * FANOUT.sockets + 200}: run \`ulimit -n 4096\` first`);
  }
}

/** % of the machine busy over 2 s; waits (up to 60 s) for other work (test runs…) to calm down, since
 * it shares the CPUs with everything measured here. */
async function waitForQuietMachine() {
  const until = Date.now() + 60_000;
  for (;;) {
    const a = machineTicks();
    await sleep(2000);
    const b = machineTicks();
    const busy = Math.round((100 * (b.busy - a.busy)) / (b.total - a.total));
    if (busy <= 20 || Date.now() > until) {
      if (busy > 20) log(`the machine is still ${busy} % busy with other work: figures will be pessimistic`);
      return busy;
    }
    log(`the machine is ${busy} % busy with other work; waiting for it to calm down`);
  }
}


// ---------------------------------------------------------------------------------------------------
// Many sockets (BENCH_ONLY=sockets): 10,000 sockets on the 2 processes at 20 reports/s, beside 1,000

// BENCH_SOCKETS: fewer sockets to try it out (the README is written only at the full 10,000).
const SOCKETS = {
  sockets: Number(process.env.BENCH_SOCKETS ?? 10_000),
  compare: 1000,
  full: 10_000,
  ratePerSecond: 20,
  seconds: 10,
  // Receiving threads (bench/receiver.mjs), and the source addresses the sockets are spread over so no
  // address runs out of ephemeral ports.
  workers: 4,
  addresses: 8,
  openConcurrency: 10,
  graceMs: 5000,
};
const SOCKET_TARGETS = { p99Ms: 200, memoryRatio: 1.5 };

/** Starts the receiving threads; `ask(i, message)` answers worker i's reply (one at a time each). */
function receivers(n) {
  const workers = Array.from({ length: n }, () => new Worker(new URL("./receiver.mjs", import.meta.url)));
  const queues = workers.map(() => Promise.resolve());
  const ask = (i, message) => {
    const answer = queues[i].then(
      () =>
        new Promise((resolve, reject) => {
          workers[i].once("message", (m) => (m.error ? reject(new Error(`receiver ${i}: ${m.error}`)) : resolve(m)));
          workers[i].postMessage(message);
        }),
    );
    queues[i] = answer.catch(() => undefined);
    return answer;
  };
  const all = (message) => Promise.all(workers.map((_, i) => ask(i, message)));
  return { ask, all, count: n, stop: () => Promise.all(workers.map((w) => w.terminate())) };
}

/** Splits `n` socket targets over the receivers: target k of worker i is socket i + k × workers. */
function shares(n, workers, targetOf) {
  return Array.from({ length: workers }, (_, i) => Array.from({ length: Math.ceil((n - i) / workers) }, (_, k) => targetOf(i + k * workers)));
}

const localAddress = (k) => `127.0.0.${2 + (k % SOCKETS.addresses)}`;

// The processes measured here answer SIGUSR2 with their live heap after a full collection.
const HEAP_PROBE = ["--expose-gc", "--import", join(ROOT, "bench/heap-probe.mjs")];

/** A process's live heap (bytes, after a full collection), read from its log (bench/heap-probe.mjs). */
async function liveHeap(proc) {
  const lines = () => readFileSync(proc.logPath, "utf8").split("\n").filter((l) => l.startsWith("HEAP "));
  const seen = lines().length;
  proc.child.kill("SIGUSR2");
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    await sleep(100);
    const now = lines();
    if (now.length > seen) return Number(now[now.length - 1].slice(5));
  }
  throw new Error(`${proc.name} did not report its heap`);
}

/** Waits (at most graceMs) until the receivers counted `expected` deliveries. */
async function awaitDeliveries(rx, expected) {
  const until = performance.now() + SOCKETS.graceMs;
  for (;;) {
    const got = (await rx.all({ cmd: "progress" })).reduce((n, r) => n + r.arrivals, 0);
    if (got >= expected || performance.now() > until) return got;
    await sleep(100);
  }
}

/** n sockets on our two processes: memory per idle socket, then 20 reports/s from the request. */
async function manySocketsOurs(rx, servers, tokens, companyId, n) {
  const before = servers.map((s) => rss(s.pid));
  const heapBefore = await Promise.all(servers.map((s) => liveHeap(s)));
  const opening = performance.now();
  const targetOf = (k) => ({ ...servers[k % 2].urls, token: tokens[k % tokens.length], companyId, localAddress: localAddress(k) });
  const parts = shares(n, rx.count, targetOf);
  await Promise.all(parts.map((targets, i) => rx.ask(i, { cmd: "open", kind: "report", targets, concurrency: SOCKETS.openConcurrency })));
  log(`sockets: ${n} open on our 2 processes in ${((performance.now() - opening) / 1000).toFixed(1)} s`);
  await sleep(3000);
  const after = servers.map((s) => rss(s.pid));
  const kbPerSocket = (after[0] + after[1] - before[0] - before[1]) / n / 1024;
  const heapAfter = await Promise.all(servers.map((s) => liveHeap(s)));
  const heapKbPerSocket = (heapAfter[0] + heapAfter[1] - heapBefore[0] - heapBefore[1]) / n / 1024;

  const rate = SOCKETS.ratePerSecond;
  const total = rate * SOCKETS.seconds;
  const creates = [];
  const inflight = [];
  const cpuBefore = cpuSnapshot({ serverA: servers[0].pid, serverB: servers[1].pid });
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    const entry = { sentAt: performance.timeOrigin + performance.now(), respondedAt: NaN, id: undefined };
    creates.push(entry);
    inflight.push(
      api(servers[i % 2].urls.base, "POST", "/api/app/reports", reportBody()).then(
        (res) => {
          entry.respondedAt = performance.timeOrigin + performance.now();
          entry.id = res.report.id;
        },
        () => undefined,
      ),
    );
  }
  await Promise.all(inflight);
  const ok = creates.filter((c) => c.id !== undefined);
  await awaitDeliveries(rx, ok.length * n);
  const cpu = cpuShares(cpuBefore, cpuSnapshot({ serverA: servers[0].pid, serverB: servers[1].pid }));
  const collected = await rx.all({ cmd: "collect" });
  const rows = collected.map((c) => new Map(c.reports));
  const fromRequest = new Float64Array(ok.length * n);
  let m = 0;
  let missed = 0;
  for (const c of ok) {
    for (const [i, worker] of rows.entries()) {
      const times = worker.get(c.id);
      const size = parts[i].length;
      for (let k = 0; k < size; k++) {
        const at = times?.[k];
        if (at === undefined || Number.isNaN(at)) missed++;
        else fromRequest[m++] = at - c.sentAt;
      }
    }
  }
  await rx.all({ cmd: "close" });
  const sorted = fromRequest.subarray(0, m).sort();
  const createTimes = Float64Array.from(ok.map((c) => c.respondedAt - c.sentAt)).sort();
  const result = {
    sockets: n,
    rate,
    reports: ok.length,
    failedCreates: total - ok.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    createP99: quantile(createTimes, 0.99),
    missed,
    kbPerSocket,
    heapKbPerSocket,
    cpu,
  };
  log(
    `sockets: ours, ${n} sockets at ${rate}/s: from the request p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms; create p99 ${fmt(result.createP99)} ms; ` +
      `missed ${missed}; ${result.failedCreates} failed creates; ${fmt(heapKbPerSocket)} KB of live heap a socket (RSS ${fmt(kbPerSocket)} KB); CPU: ${cpuText(cpu)}`,
  );
  return result;
}

/** The same n sockets on a bare `ws` process: memory per idle socket, then the broadcast at 20/s. */
async function manySocketsReference(rx, n, messageBytes) {
  const port = PORTS.reference;
  const server = await startProcess("ws-reference", [...HEAP_PROBE, join(ROOT, "bench/ws-reference.mjs")], { PORT: String(port) }, () =>
    new Promise((resolve) => {
      const s = connect({ host: "127.0.0.1", port }, () => {
        s.end();
        resolve(true);
      });
      s.once("error", () => resolve(false));
    }),
  );
  try {
    await sleep(500);
    const url = `ws://127.0.0.1:${port}/`;
    const before = rss(server.pid);
    const heapBefore = await liveHeap(server);
    await Promise.all(
      shares(n, rx.count, (k) => ({ url, localAddress: localAddress(k) })).map((targets, i) => rx.ask(i, { cmd: "open", kind: "reference", targets, concurrency: SOCKETS.openConcurrency })),
    );
    await sleep(3000);
    const kbPerSocket = (rss(server.pid) - before) / n / 1024;
    const heapKbPerSocket = ((await liveHeap(server)) - heapBefore) / n / 1024;
    const control = await new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url}?control=1`);
      ws.once("open", () => resolve(ws));
      ws.once("error", reject);
    });
    const total = SOCKETS.ratePerSecond * SOCKETS.seconds;
    const done = new Promise((resolve) => control.once("message", (m) => resolve(JSON.parse(String(m)))));
    const cpuBefore = cpuSnapshot({ reference: server.pid });
    control.send(JSON.stringify({ count: total, rate: SOCKETS.ratePerSecond, size: messageBytes }));
    const { seconds } = await done;
    await awaitDeliveries(rx, total * n);
    const cpu = cpuShares(cpuBefore, cpuSnapshot({ reference: server.pid }));
    control.close();
    const collected = await rx.all({ cmd: "collect" });
    await rx.all({ cmd: "close" });
    const due = Float64Array.from(collected.flatMap((c) => [...c.due])).sort();
    const received = collected.reduce((sum, c) => sum + c.received.reduce((x, [, count]) => x + count, 0), 0);
    const result = { sockets: n, p50: quantile(due, 0.5), p99: quantile(due, 0.99), missed: total * n - received, kbPerSocket, heapKbPerSocket, broadcastRate: total / seconds, cpu };
    log(
      `sockets: bare ws, ${n} sockets at ${SOCKETS.ratePerSecond}/s: from the due time p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms; missed ${result.missed}; ` +
        `${fmt(heapKbPerSocket)} KB of live heap a socket (RSS ${fmt(kbPerSocket)} KB); ${fmt(result.broadcastRate, 0)} broadcasts/s; CPU: ${cpuText(cpu)}`,
    );
    return result;
  } finally {
    await stop(server);
  }
}

/** Raises this process's open-file limit (and so its children's) by starting itself again under
 * `ulimit -n` when it is below what `needed` sockets take; answers false when it did (the parent exits). */
function ensureFileLimit(needed) {
  const line = readFileSync("/proc/self/limits", "utf8").split("\n").find((l) => l.startsWith("Max open files"));
  const soft = Number(line?.split(/\s{2,}/)[1]);
  if (!Number.isFinite(soft) || soft >= needed) return true;
  if (process.env.BENCH_ULIMIT_RAISED) throw new Error(`the open-file limit is ${soft} even after \`ulimit -n ${needed}\`: raise it (as root) and run again`);
  log(`the open-file limit is ${soft}; starting again under \`ulimit -n ${needed}\``);
  const res = spawnSync("sh", ["-c", `ulimit -n ${needed} && exec "$0" "$@"`, process.execPath, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_ULIMIT_RAISED: "1" },
  });
  process.exit(res.status ?? 1);
}

/** Two fresh server processes for one scale (memory freed by the previous scale's sockets would
 * otherwise hide the next one's growth), warmed with 20 sockets before the memory baseline. */
async function socketServers(rx, state) {
  const a = await startServer("sockets-a", PORTS.a, { seed: true, redis: true, nodeArgs: HEAP_PROBE });
  const b = await startServer("sockets-b", PORTS.b, { seed: false, redis: true, nodeArgs: HEAP_PROBE });
  const servers = [a, b].map((s, i) => {
    const port = [PORTS.a, PORTS.b][i];
    return { ...s, urls: { base: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}` } };
  });
  // The first servers seed the demo company; then its operators sign in once.
  if (state.tokens.length === 0) {
    state.companyId = await withDb(async (db) => (await db.query("select id from companies where name = $1", [demo.DEMO_COMPANY.name])).rows[0]?.id);
    if (!state.companyId) throw new Error("the demo company is missing: did the seed run?");
    const emails = await createOperators(state.companyId, FANOUT.operators);
    for (const email of emails) state.tokens.push((await api(servers[0].urls.base, "POST", "/api/login", { email, password: demo.DEMO_PASSWORD })).user.access_token);
  }
  const warm = Array.from({ length: 20 }, (_, k) => ({ ...servers[k % 2].urls, token: state.tokens[0], companyId: state.companyId }));
  await rx.ask(0, { cmd: "open", kind: "report", targets: warm, concurrency: 10 });
  await rx.ask(0, { cmd: "collect" });
  await rx.ask(0, { cmd: "close" });
  await sleep(1500);
  return servers;
}

async function manySockets() {
  const scales = [...new Set([SOCKETS.compare, SOCKETS.sockets])].sort((a, b) => a - b);
  log(`sockets: ${scales.join(" and ")} sockets on two server processes at ${SOCKETS.ratePerSecond} reports/s, beside a bare ws process`);
  const rx = receivers(SOCKETS.workers);
  let servers = [];
  try {
    const state = { companyId: undefined, tokens: [] };
    const results = [];
    for (const n of scales) {
      servers = await socketServers(rx, state);
      const ours = await manySocketsOurs(rx, servers, state.tokens, state.companyId, n);
      await Promise.all(servers.map((s) => stop(s)));
      // A newReport event is about this size (run.mjs's fan-out measures it: 1,288 bytes).
      const reference = await manySocketsReference(rx, n, 1300);
      results.push({ ours, reference });
    }
    return results;
  } finally {
    await rx.stop();
    await Promise.all(servers.map((s) => stop(s)));
  }
}

function socketsMarkdown(m, quiet, results) {
  const date = new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const rows = results.map(({ ours: o, reference: r }) => {
    const ratio = o.heapKbPerSocket / r.heapKbPerSocket;
    return [
      `| ${o.sockets.toLocaleString("en")} sockets, ${o.rate} reports/s for ${SOCKETS.seconds} s: the reporter's request → the event at every socket | p50 ${fmt(o.p50)} ms, p99 ${fmt(o.p99)} ms${contended(o.cpu)} | bare \`ws\`, from each message's due time: p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms${contended(r.cpu)} | p99 < ${SOCKET_TARGETS.p99Ms} ms | ${verdict(o.p99 < SOCKET_TARGETS.p99Ms)} |`,
      `| ${o.sockets.toLocaleString("en")} sockets: missed events (of ${o.reports * o.sockets}) | ${o.missed} | bare \`ws\`: ${r.missed} | 0 | ${verdict(o.missed === 0)} |`,
      `| ${o.sockets.toLocaleString("en")} sockets: memory per idle socket, live heap after a full collection (RSS growth beside it) | ${fmt(o.heapKbPerSocket)} KB (RSS ${fmt(o.kbPerSocket)} KB) | bare \`ws\`: ${fmt(r.heapKbPerSocket)} KB (RSS ${fmt(r.kbPerSocket)} KB) | ≤ ${SOCKET_TARGETS.memoryRatio}× | ${fmt(ratio, 2)}× — ${verdict(ratio <= SOCKET_TARGETS.memoryRatio)} |`,
    ].join("\n");
  });
  return `Run ${date} on ${m.nproc} CPUs (${m.cpu}); Node ${m.node}; the machine was ${quiet} % busy with other work just before the run. Two server processes joined by Redis, the sockets alternating between them, spread over ${SOCKETS.addresses} source addresses; the receiving client is ${SOCKETS.workers} threads of the bench process.

| Benchmark | Figure | Reference (same run) | Target | Result |
| --- | --- | --- | --- | --- |
${rows.join("\n")}

${results.map(({ ours: o, reference: r }) => `- ${o.sockets.toLocaleString("en")} sockets: create p99 ${fmt(o.createP99)} ms, ${o.failedCreates} failed; ${cpuText(o.cpu)}. Bare \`ws\`: ${fmt(r.broadcastRate, 0)} broadcasts/s; ${cpuText(r.cpu)}.`).join("\n")}`;
}

function writeSocketsReadme(markdown) {
  const start = "<!-- bench:sockets:start -->";
  const end = "<!-- bench:sockets:end -->";
  const current = readFileSync(README, "utf8");
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench/README.md lacks the ${start} … ${end} markers`);
  writeFileSync(README, `${current.slice(0, from + start.length)}\n${markdown}\n${current.slice(to)}`);
}

// ---------------------------------------------------------------------------------------------------
// Report

function machine() {
  const cpu = cpus()[0]?.model?.trim() ?? "unknown CPU";
  let nproc = String(cpus().length);
  try {
    nproc = execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    // cpus() is close enough
  }
  return { nproc, cpu, memoryGb: round(totalmem() / 2 ** 30, 1), node: process.version };
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "—");
const verdict = (ok) => (ok ? "met" : "**missed**");

// A figure measured while other work took a real share of the CPUs says so.
const contended = (cpu) => (cpu.other > 25 ? ` ⚠ other work: ${cpu.other} % of a CPU` : "");

function fanoutVerdict(f) {
  if (f.completedRate < f.rate * 0.95) return `**not reached**: the creates completed at ${fmt(f.completedRate, 0)}/s, not ${f.rate}/s`;
  return verdict(f.p99 < TARGETS.fanoutP99Ms);
}

function resultsMarkdown(m, versions, quiet, i, f) {
  const date = new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const h = f.half;
  const r = f.reference;
  const s = f.atReference;
  const rs = f.referenceAtSustained;
  const ratio = s.e2eP99 / rs.dueP99;
  const runs = [...new Map([s, f, h].map((x) => [x.rate, x])).values()];
  return `Run ${date} on ${m.nproc} CPUs (${m.cpu}), ${m.memoryGb} GB memory; Node ${m.node}, ${versions.postgres}, Redis on loopback.
Server processes, PostgreSQL, Redis and the load generator all share those ${m.nproc} CPUs; the machine was ${quiet} % busy with other work just before the run${quiet > 20 ? " (**figures are pessimistic**)" : ""}.

| Benchmark | Figure | Reference (same run) | Target | Result |
| --- | --- | --- | --- | --- |
| Intake: max reports/s through \`POST /api/app/reports\` (${INTAKE.connections} connections, ${INTAKE.maxSeconds} s) | ${fmt(i.maxRate, 0)} reports/s${contended(i.cpu)} | raw single-row \`INSERT\`: ${fmt(i.rawRate, 0)} rows/s (${INTAKE.rawClients} clients)${contended(i.rawCpu)} | ≥ 40 % of raw | ${fmt(i.ratio * 100, 0)} % — ${verdict(i.ratio >= TARGETS.intakeRatio)} |
| Intake: p99 latency at 70 % of max (${i.steadyRate}/s evenly spaced, ${INTAKE.steadySeconds} s; median of ${INTAKE.steadyRuns} runs) | ${fmt(i.steady.p99, 0)} ms (p50 ${fmt(i.steady.p50, 0)} ms)${contended(i.steadyCpu)} | single-row \`INSERT\` + commit every 10 ms beside it: p99 ${fmt(i.steady.probe.p99)} ms, max ${fmt(i.steady.probe.max)} ms | < 50 ms | ${verdict(i.steady.p99 < TARGETS.intakeP99Ms)} |
| Fan-out as an operator lives it: the reporter's request → the event at every socket, ${s.sockets} sockets on 2 processes, ${s.rate} reports/s for ${FANOUT.seconds} s (the rate bare \`ws\` sustained of the ${FANOUT.ratePerSecond} asked) | p50 ${fmt(s.e2eP50)} ms, p99 ${fmt(s.e2eP99)} ms${contended(s.cpu)} (before: p99 ${BEFORE.fromRequestP99Ms} ms) | bare \`ws\` broadcast, same size (${f.messageBytes} B), rate and sockets, 1 process, from each message's due time: p50 ${fmt(rs.dueP50)} ms, p99 ${fmt(rs.dueP99)} ms${contended(rs.cpu)} | p99 ≤ ${TARGETS.fromRequestRatio}× the reference's | ${fmt(ratio, 1)}× — ${verdict(ratio <= TARGETS.fromRequestRatio && s.missed === 0)} |
| Fan-out: create response → event at every socket, ${f.rate} reports/s | p50 ${fmt(f.p50)} ms, p99 ${fmt(f.p99)} ms${contended(f.cpu)} | bare \`ws\` at ${r.rate}/s, from its send: p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms${contended(r.cpu)} | p99 < 100 ms | ${fanoutVerdict(f)} |
| Fan-out: the same at half the rate (${h.rate} reports/s), for comparison | from the request p99 ${fmt(h.e2eP99)} ms; from the response p99 ${fmt(h.p99)} ms${contended(h.cpu)} | — | — | ${fanoutVerdict(h)} |
| Fan-out: missed events (of ${runs.reduce((n, x) => n + x.deliveries + x.missed, 0)} deliveries at ${runs.map((x) => `${x.rate}/s`).join(", ")}) | ${runs.reduce((n, x) => n + x.missed, 0)} | bare \`ws\`: ${r.missed + (rs === r ? 0 : rs.missed)} | 0 | ${verdict(runs.every((x) => x.missed === 0))} |
| Fan-out: memory per idle socket (RSS delta of both processes ÷ sockets) | ${fmt(f.kbPerSocket)} KB | bare \`ws\`: ${fmt(r.kbPerSocket)} KB | < 50 KB | ${verdict(f.kbPerSocket < TARGETS.socketKb)} |

Other figures of this run:
- Intake, one report at a time (nothing else running): p50 ${fmt(i.idle.p50)} ms, p99 ${fmt(i.idle.p99)} ms.
- The servers ran with the intake's rate limits raised to ${BENCH_REPORT_LIMIT.toLocaleString("en")} per window (\`APP_REPORTS_PER_ADDRESS\`, \`APP_REPORTS_PER_REPORTER\`): the load comes from one address.
- Intake at max: p99 ${fmt(i.maxP99, 0)} ms, ${i.maxErrors} non-2xx or errors; at 70 %: ${fmt(i.steady.achieved, 0)} reports/s achieved, ${i.steady.failed} failed; the ${INTAKE.steadyRuns} runs' p99: ${i.steadyRuns.map((s) => `${fmt(s.p99, 0)} ms (probe max ${fmt(s.probe.max, 0)} ms)`).join(", ")}. ${i.stored} reports stored for ${i.okResponses} successful creates (requests in flight when autocannon stops are stored but not counted).
- Intake at 70 % with autocannon's \`overallRate\` instead (bursts at the start of every second, see Method): p50 ${fmt(i.burst.p50, 0)} ms, p99 ${fmt(i.burst.p99, 0)} ms, ${fmt(i.burst.achieved, 0)} reports/s.
${runs
  .map(
    (x) =>
      `- Fan-out at ${x.rate}/s: ${fmt(x.beforeResponseShare * 100, 0)} % of the events reached their socket before the creator had its response (counted as 0 ms); measured from sending the create request instead: p50 ${fmt(x.e2eP50)} ms, p99 ${fmt(x.e2eP99)} ms. Create requests: p50 ${fmt(x.createP50)} ms, p99 ${fmt(x.createP99)} ms; ${x.failedCreates} failed (15 s timeout); offered ${fmt(x.offered, 0)}/s, completed ${fmt(x.completedRate, 0)}/s.`,
  )
  .join("\n")}

Where the time goes in this run (CPU as % of one CPU over the window; "other" is work outside the benchmark):
- Intake at max: ${cpuText(i.cpu)}. Server process ${fmt(i.serverCpuMsPerReport, 2)} ms CPU a report; PostgreSQL ${fmt(i.postgresCpuMsPerReport, 2)} ms a report against ${fmt(i.postgresCpuMsPerRawRow, 2)} ms a raw row.
- Intake at max, the server's 10 pool connections on average: ${backendsText(i.backends)}.
- Raw \`INSERT\` with ${INTAKE.rawClients} clients: ${cpuText(i.rawCpu)}; one client alone: ${fmt(i.rawOneMs, 2)} ms a row (one round trip and one commit).
${runs.map((x) => `- Fan-out at ${x.rate}/s: ${cpuText(x.cpu)}. The two servers' 20 pool connections on average: ${backendsText(x.backends)}.`).join("\n")}
- Bare \`ws\` reference: ${fmt(r.broadcastRate, 0)} broadcasts/s achieved (asked ${FANOUT.ratePerSecond}; before: ${BEFORE.referenceRate}); ${cpuText(r.cpu)}.${rs === r ? "" : ` Asked ${rs.rate}/s: ${fmt(rs.broadcastRate, 0)} achieved, from its send p99 ${fmt(rs.p99)} ms; ${cpuText(rs.cpu)}.`}
- Create requests at ${s.rate}/s: p99 ${fmt(s.createP99)} ms (before: ${BEFORE.createP99Ms} ms at 100/s).`;
}

function writeReadme(markdown) {
  const start = "<!-- bench:results:start -->";
  const end = "<!-- bench:results:end -->";
  const current = existsSync(README) ? readFileSync(README, "utf8") : `# Benchmarks\n\n${start}\n${end}\n`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench/README.md lacks the ${start} … ${end} markers`);
  writeFileSync(README, `${current.slice(0, from + start.length)}\n${markdown}\n${current.slice(to)}`);
}

// ---------------------------------------------------------------------------------------------------
// Main

const deadline = setTimeout(() => {
  console.error(`bench: still running after ${DEADLINE_MS / 60_000} minutes; stopping`);
  killAll();
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}
process.on("exit", killAll);

try {
  const began = performance.now();
  if (ONLY === "sockets") ensureFileLimit(SOCKETS.sockets + 2000);
  else checkFileLimit();
  await redisPing(REDIS_URL).catch((err) => {
    throw new Error(`Redis is not reachable at ${REDIS_URL} (${err.message})`);
  });
  await resetDatabase().catch((err) => {
    throw new Error(`PostgreSQL at ${DATABASE_URL}: ${err.message}`);
  });
  const versions = await withDb(async (db) => ({ postgres: (await db.query("select version()")).rows[0].version.split(" on ")[0] }));
  const quiet = await waitForQuietMachine();
  if (ONLY === "sockets") {
    // Many sockets: its own table, written only at the full scale (on a quiet machine).
    const results = await manySockets();
    if (SOCKETS.sockets === SOCKETS.full) writeSocketsReadme(socketsMarkdown(machine(), quiet, results));
    else log(`sockets: ${SOCKETS.sockets} is not the full ${SOCKETS.full}: figures in the log above, README untouched`);
    process.exit(0);
  }
  if (ONLY) {
    // One part alone, for working on it: its figures are in the log above; the README is left as it is.
    await (ONLY === "intake" ? intake() : ONLY === "fanout" ? fanout() : Promise.reject(new Error(`BENCH_ONLY must be intake or fanout, not ${ONLY}`)));
    process.exit(0);
  }
  const i = await intake();
  const f = await fanout();
  writeReadme(resultsMarkdown(machine(), versions, quiet, i, f));
  log(`done in ${((performance.now() - began) / 1000).toFixed(0)} s; figures written to bench/README.md`);
  process.exit(0);
} catch (err) {
  console.error(`bench failed: ${err.message}`);
  killAll();
  process.exit(1);
}
