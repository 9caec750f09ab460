// The pieces of the server benchmarks that run.mjs (intake, fan-out) and sockets.mjs (many sockets)
// share: their configuration (database, Redis, ports), the server processes they start and stop, CPU
// and memory read from /proc, the database, the API, the reports they create, the wait for a quiet
// machine and the formatting of figures.
import { spawn, execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createWriteStream, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem, tmpdir } from "node:os";
import { connect } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER = join(ROOT, "packages/server/dist/server.js");
export const README = join(ROOT, "bench/README.md");
export const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/atalaya_bench";
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
// BENCH_PORT moves the three ports (default 8301–8303), for a machine where those are taken.
export const PORT_BASE = Number(process.env.BENCH_PORT ?? 8301);
export const PORTS = { intake: PORT_BASE, a: PORT_BASE, b: PORT_BASE + 1, reference: PORT_BASE + 2 };
// Operators of the demo company the socket benchmarks add and sign in (bench.operador1…@demo.cl).
export const OPERATORS = 10;

export const log = (line) => console.log(`[bench ${new Date().toTimeString().slice(0, 8)}] ${line}`);

// The demo company's built modules the benchmarks need (its zones, seed helpers).
export const { geometry, demo } = await loadServerModules();

// ---------------------------------------------------------------------------------------------------
// Processes

export const children = new Set();

export async function loadServerModules() {
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
export async function startProcess(name, args, env, ready) {
  const logPath = join(tmpdir(), `atalaya-bench-${name}.log`);
  const out = createWriteStream(logPath);
  const merged = { ...process.env, ...env };
  // A variable given as undefined is removed (the embedded intake's server: no DATABASE_URL).
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: merged, stdio: ["ignore", "pipe", "pipe"] });
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

export function tail(path) {
  try {
    return readFileSync(path, "utf8").split("\n").slice(-15).join("\n");
  } catch {
    return "";
  }
}

export const BENCH_REPORT_LIMIT = 1_000_000;

/** Starts the built server on the benchmark's database, or with `dataDir` on the embedded default (no
 * DATABASE_URL: the server's own PostgreSQL in dataDir/pg). */
export function startServer(name, port, { seed, redis, nodeArgs = [], dataDir }) {
  const env = {
    ...(dataDir ? { DATABASE_URL: undefined, ATALAYA_DATA_DIR: dataDir } : { DATABASE_URL }),
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
export async function stop(proc) {
  if (!proc || !children.has(proc.child)) return;
  const exited = new Promise((resolve) => proc.child.once("exit", resolve));
  proc.child.kill("SIGTERM");
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export function killAll() {
  for (const child of children) child.kill("SIGKILL");
}

export const CLK_TCK = 100; // Linux user-space ticks a second (getconf CLK_TCK)
export const REDIS_PID = findProcess("redis-server");

/** The pid of the first process with this command name, if any. */
export function findProcess(comm) {
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
export function cpuSeconds(pid, children = false) {
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
export function postgresCpuSeconds() {
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
export function machineTicks() {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + (f[4] ?? 0);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** A CPU snapshot of the named processes, PostgreSQL, this process and the machine. */
export function cpuSnapshot(pids) {
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
export function otherProcesses(ours) {
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
export function processLabel(pid, comm) {
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
export function cpuShares(a, b) {
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

export const cpuText = (c) =>
  Object.entries(c)
    .filter(([k]) => !["cpuSeconds", "machine", "busiestOthers"].includes(k))
    .map(([k, v]) => `${k} ${v} %`)
    .join(", ") +
  (c.busiestOthers.length ? ` (${c.busiestOthers.map(([l, p]) => `${l} ${p} %`).join(", ")})` : "") +
  ` of one CPU; machine ${c.machine} % busy`;

/** Samples what the benchmark database's connections are doing, every 25 ms, until stopped. */
export function sampleBackends(url = DATABASE_URL) {
  const client = new pg.Client({ connectionString: url });
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

export const backendsText = (b) =>
  `${fmt(b.lock)} waiting for a row lock, ${fmt(b.idleInTransaction)} idle in a transaction (waiting for the server process's next statement), ` +
  `${fmt(b.running)} running a statement, ${fmt(b.walSync)} flushing WAL, ${fmt(b.idle)} idle`;

/** Resident memory of a process in bytes (VmRSS). */
export function rss(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

// ---------------------------------------------------------------------------------------------------
// Helpers

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (n, digits = 1) => Number(n.toFixed(digits));

/** The p-quantile (0..1) of a sorted typed array, nearest-rank. */
export function quantile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

export async function api(base, method, path, body, token) {
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
export function demoPoints(n) {
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

export const POINTS = demoPoints(2000);
export const DESCRIPTION = "Me robaron el celular en la esquina, el sujeto huyó corriendo hacia el norte.";
let pointIndex = 0;

/** The body of an anonymous robbery report (type 0) at the next demo point, with a fresh clientId. */
export function reportBody() {
  const [longitude, latitude] = POINTS[pointIndex++ % POINTS.length];
  return { type: 0, description: DESCRIPTION, latitude, longitude, address: "Huérfanos 1234, Santiago", anonymous: true, clientId: randomUUID() };
}

export function redisPing(url) {
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
export async function resetDatabase() {
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

export async function withDb(fn, url = DATABASE_URL) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}


// ---------------------------------------------------------------------------------------------------
// Sockets and operators

export async function inBatches(n, concurrency, fn) {
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

export async function createOperators(companyId, n, url = DATABASE_URL) {
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
  }, url);
  return Array.from({ length: n }, (_, i) => `bench.operador${i + 1}@demo.cl`);
}

/** % of the machine busy over 2 s; waits (up to 60 s) for other work (test runs…) to calm down, since
 * it shares the CPUs with everything measured here. */
export async function waitForQuietMachine() {
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
// Report

export function machine() {
  const cpu = cpus()[0]?.model?.trim() ?? "unknown CPU";
  let nproc = String(cpus().length);
  try {
    nproc = execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    // cpus() is close enough
  }
  return { nproc, cpu, memoryGb: round(totalmem() / 2 ** 30, 1), node: process.version };
}

export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "—");
export const verdict = (ok) => (ok ? "met" : "**missed**");

// A figure measured while other work took a real share of the CPUs says so.
export const contended = (cpu) => (cpu.other > 25 ? ` ⚠ other work: ${cpu.other} % of a CPU` : "");

/** Replaces what stands between `<!-- bench:<name>:start -->` and its end marker in bench/README.md. */
export function writeReadmeSection(name, markdown) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const current = existsSync(README) ? readFileSync(README, "utf8") : `# Benchmarks\n\n${start}\n${end}\n`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench/README.md lacks the ${start} … ${end} markers`);
  writeFileSync(README, `${current.slice(0, from + start.length)}\n${markdown}\n${current.slice(to)}`);
}

/** Ends a benchmark that outlives its deadline, and kills every child process on any exit or signal. */
export function guardRun(deadlineMs) {
  const deadline = setTimeout(() => {
    console.error(`bench: still running after ${deadlineMs / 60_000} minutes; stopping`);
    killAll();
    process.exit(1);
  }, deadlineMs);
  deadline.unref();
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      killAll();
      process.exit(130);
    });
  }
  process.on("exit", killAll);
}
