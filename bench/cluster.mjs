// `npm run bench`'s cluster part (issue 34): the intake and the fan-out through HAProxy with 1 and with 3
// server processes behind it (scripts/cluster.mjs's startCluster: `npm run cluster`'s topology), beside
// the same load straight at one process, in the same run on the same database and Redis. On 2 CPUs the
// point is the balancer's cost and that nothing is lost, not a speed-up: the processes, PostgreSQL, Redis,
// HAProxy and the load generator share the CPUs. The measurements are run.mjs's (load.mjs); the figures
// go to bench/README.md between the cluster markers.
//
//   node bench/cluster.mjs                         (after a build; `npm run bench` runs it)
//   BENCH_ONLY=cluster npm run bench               (this part alone)
//   BENCH_CLUSTER_SOCKETS=200 node bench/cluster.mjs   (fewer sockets, to try it: figures in the log only)
import { rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { cannon, checkFileLimit, fanoutLoad, okPerSecond, pacedRate, signInOperators } from "./load.mjs";
import { tempDataDir } from "./lib.mjs";
import { openShares, receivers } from "./receivers.mjs";
import {
  BENCH_REPORT_LIMIT,
  DATABASE_URL,
  PORT_BASE,
  PORTS,
  REDIS_URL,
  ROOT,
  contended,
  cpuShares,
  cpuSnapshot,
  cpuText,
  fmt,
  guardRun,
  killAll,
  log,
  machine,
  redisPing,
  resetDatabase,
  sleep,
  startServer,
  stop,
  verdict,
  waitForQuietMachine,
  withDb,
  writeReadmeSection,
} from "./harness.mjs";

if (process.env.BENCH_ONLY !== undefined && process.env.BENCH_ONLY !== "cluster") process.exit(0);

const DEADLINE_MS = 12 * 60_000;
// The balancer's port: the one after the three of run.mjs (BENCH_PORT moves them all).
const BALANCER_PORT = PORT_BASE + 3;
const SOCKETS = Number(process.env.BENCH_CLUSTER_SOCKETS ?? 1000);
// run.mjs's intake load (50 connections, runs of 10 s, the median of 3), a shorter warm-up; the paced run
// at one rate for every topology, half the direct maximum, so that their latencies compare; the fan-out at
// half run.mjs's rate, which one process alone holds with 1,000 sockets.
const LOAD = { connections: 50, warmupSeconds: 5, maxSeconds: 10, maxRuns: 3, pacedShare: 0.5, pacedSeconds: 10, fanoutRate: 50, fanoutSeconds: 10, openConcurrency: 20, graceMs: 5000, probeSeconds: 5 };
const ENV = { LOG_LEVEL: "warn", APP_REPORTS_PER_ADDRESS: String(BENCH_REPORT_LIMIT), APP_REPORTS_PER_REPORTER: String(BENCH_REPORT_LIMIT) };

const reportCount = () => withDb(async (db) => (await db.query("select count(*)::int as n from reports")).rows[0].n);

/** Requests a second on base's /healthz (no database) with one connection for LOAD.probeSeconds: the time
 * of one request, so the balancer's own share shows as the difference. */
async function healthProbe(base) {
  const r = await autocannon({ url: `${base}/healthz`, connections: 1, duration: LOAD.probeSeconds });
  return { perSecond: r.requests.average, msPerRequest: 1000 / r.requests.average };
}

/**
 * Measures one topology at base (`pids`: its processes, HAProxy's included, whose CPU is counted): the
 * health probe, a warm-up, the intake at max (median of LOAD.maxRuns), paced at `pacedRate` (or at
 * LOAD.pacedShare of its own max when not given: the direct run sets it), then the fan-out to SOCKETS
 * operator sockets opened through base. Counts the reports acknowledged against those stored.
 */
async function measure(label, base, pids, pacedAt) {
  const before = await reportCount();
  let acknowledged = 0;
  const probe = await healthProbe(base);
  log(`${label}: /healthz one at a time: ${fmt(probe.perSecond, 0)}/s, ${fmt(probe.msPerRequest, 3)} ms a request`);
  const warmup = await cannon(base, { connections: LOAD.connections, duration: LOAD.warmupSeconds });
  acknowledged += warmup["2xx"];
  await withDb((db) => db.query("analyze"));
  const runs = [];
  for (let run = 1; run <= LOAD.maxRuns; run++) {
    const cpuBefore = cpuSnapshot(pids);
    const max = await cannon(base, { connections: LOAD.connections, duration: LOAD.maxSeconds });
    const cpu = cpuShares(cpuBefore, cpuSnapshot(pids));
    acknowledged += max["2xx"];
    const rate = okPerSecond(max);
    log(`${label}: intake max ${fmt(rate, 0)} reports/s (run ${run}: ${max["2xx"]} ok, ${max.non2xx} non-2xx, ${max.errors} errors, p99 ${max.latency.p99} ms); CPU: ${cpuText(cpu)}`);
    runs.push({ rate, p99: max.latency.p99, errors: max.non2xx + max.errors, cpu, requests: max["2xx"] + max.non2xx });
  }
  const median = [...runs].sort((a, b) => a.rate - b.rate)[Math.floor(runs.length / 2)];
  const pacedRateAsked = pacedAt ?? Math.max(1, Math.floor(median.rate * LOAD.pacedShare));
  const paced = await pacedRate(base, pacedRateAsked, LOAD.pacedSeconds);
  acknowledged += paced.ok + paced.warmupOk;
  log(`${label}: paced at ${pacedRateAsked}/s: ${fmt(paced.achieved, 0)} ok/s, p50 ${fmt(paced.p50)} ms, p99 ${fmt(paced.p99)} ms (${paced.failed} failed)`);

  const { companyId, tokens } = await signInOperators(base);
  const ws = base.replace(/^http/, "ws");
  const rx = receivers(1);
  let fanout;
  try {
    const parts = await openShares(rx, "report", SOCKETS, LOAD.openConcurrency, (k) => ({ base, ws, token: tokens[k % tokens.length], companyId }));
    await sleep(2000);
    fanout = await fanoutLoad({ bases: [base], pids, rx, parts, rate: LOAD.fanoutRate, sockets: SOCKETS, seconds: LOAD.fanoutSeconds, graceMs: LOAD.graceMs });
    acknowledged += fanout.reports;
    await rx.all({ cmd: "close" });
  } finally {
    await rx.stop();
  }
  const stored = (await reportCount()) - before;
  log(`${label}: ${acknowledged} reports acknowledged, ${stored} stored (requests in flight when autocannon stops are stored but not counted)`);
  return { label, probe, runs, maxRate: median.rate, maxP99: median.p99, maxErrors: median.errors, cpu: median.cpu, requests: median.requests, pacedRateAsked, paced, fanout, acknowledged, stored };
}

/** The cluster of `npm run cluster` with `processes` processes on the benchmark's database and Redis,
 * HAProxy on BALANCER_PORT; answers it with the pids to count (its processes and HAProxy). */
async function startBalanced(processes) {
  const { startCluster } = await import(pathToFileURL(join(ROOT, "scripts/cluster.mjs")).href);
  const dataDir = tempDataDir("atalaya-bench-cluster-");
  log(`starting ${processes} server process${processes === 1 ? "" : "es"} behind HAProxy on ${BALANCER_PORT}`);
  const cluster = await startCluster({ processes, port: BALANCER_PORT, dataDir, logDir: join(dataDir, "logs"), databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, seed: "none", accessLog: false, env: ENV, log });
  const pids = Object.fromEntries([...cluster.members.map((m) => [m.name, m.child.pid]), ["haproxy", cluster.balancer.pid]]);
  return { cluster, pids, dataDir };
}

/** The CPU seconds HAProxy spent a request at max, in ms (0 for the direct run). */
const haproxyMsPerRequest = (r) => (r.cpu.cpuSeconds.haproxy === undefined ? 0 : (1000 * r.cpu.cpuSeconds.haproxy) / r.requests);

function resultsMarkdown(m, quiet, direct, one, three) {
  const date = new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const share = (x) => `${fmt((x.maxRate / direct.maxRate) * 100, 0)} % of direct`;
  const all = [direct, one, three];
  const lost = all.reduce((n, x) => n + Math.max(0, x.acknowledged - x.stored), 0);
  const missed = all.reduce((n, x) => n + x.fanout.missed, 0);
  const failed = all.reduce((n, x) => n + x.paced.failed + x.fanout.failedCreates + x.runs.reduce((k, r) => k + r.errors, 0), 0);
  const intakeRow = (x) =>
    `| Intake through HAProxy, ${x.label}: max reports/s (${LOAD.connections} connections, ${LOAD.maxSeconds} s, median of ${LOAD.maxRuns}) | ${fmt(x.maxRate, 0)} reports/s${contended(x.cpu)} (runs: ${x.runs.map((r) => fmt(r.rate, 0)).join(", ")}; p99 ${fmt(x.maxP99, 0)} ms) | straight to one process: ${fmt(direct.maxRate, 0)} reports/s (runs: ${direct.runs.map((r) => fmt(r.rate, 0)).join(", ")}; p99 ${fmt(direct.maxP99, 0)} ms) | — | ${share(x)} |`;
  const pacedRow = (x) =>
    `| Intake through HAProxy, ${x.label}: latency at ${x.pacedRateAsked} reports/s evenly spaced (${LOAD.pacedSeconds} s) | p50 ${fmt(x.paced.p50)} ms, p99 ${fmt(x.paced.p99)} ms | straight: p50 ${fmt(direct.paced.p50)} ms, p99 ${fmt(direct.paced.p99)} ms | — | p50 ${x.paced.p50 >= direct.paced.p50 ? "+" : ""}${fmt(x.paced.p50 - direct.paced.p50)} ms |`;
  const fanoutRow = (x) =>
    `| Fan-out through HAProxy, ${x.label}: the reporter's request → the event at every socket, ${SOCKETS} sockets opened through it, ${LOAD.fanoutRate} reports/s for ${LOAD.fanoutSeconds} s | p50 ${fmt(x.fanout.e2eP50)} ms, p99 ${fmt(x.fanout.e2eP99)} ms${contended(x.fanout.cpu)} | straight, ${SOCKETS} sockets on one process: p50 ${fmt(direct.fanout.e2eP50)} ms, p99 ${fmt(direct.fanout.e2eP99)} ms${contended(direct.fanout.cpu)} | — | ${fmt(x.fanout.e2eP99 / direct.fanout.e2eP99, 1)}× direct's p99 |`;
  return `Run ${date} on ${m.nproc} CPUs (${m.cpu}), ${m.memoryGb} GB memory; Node ${m.node}; HAProxy (Debian's) in front, the processes on PostgreSQL and Redis on loopback, all sharing those ${m.nproc} CPUs with the load generator; the machine was ${quiet} % busy with other work just before the run${quiet > 20 ? " (**figures are pessimistic**)" : ""}.

| Benchmark | Figure | Reference (same run) | Target | Result |
| --- | --- | --- | --- | --- |
${[one, three].map(intakeRow).join("\n")}
${[one, three].map(pacedRow).join("\n")}
${[one, three].map(fanoutRow).join("\n")}
| Lost through the balancer: reports acknowledged but not stored, events missed (${all.map((x) => `${x.label}: ${x.acknowledged} acknowledged, ${x.fanout.deliveries + x.fanout.missed} deliveries`).join("; ")}) | ${lost} reports, ${missed} events; ${failed} requests failed | — | 0 | ${verdict(lost === 0 && missed === 0)} |
| The balancer's own cost: \`/healthz\` (no database), one connection at a time, ${LOAD.probeSeconds} s | ${all.slice(1).map((x) => `${x.label}: ${fmt(x.probe.msPerRequest, 3)} ms a request (${fmt(x.probe.perSecond, 0)}/s)`).join("; ")} | straight: ${fmt(direct.probe.msPerRequest, 3)} ms (${fmt(direct.probe.perSecond, 0)}/s) | — | +${fmt(one.probe.msPerRequest - direct.probe.msPerRequest, 3)} ms a request |

Where the time goes at the intake's max (CPU as % of one CPU over the median run; "other" is work outside the benchmark):
${all.map((x) => `- ${x.label}: ${cpuText(x.cpu)}${x === direct ? "" : `; HAProxy ${fmt(haproxyMsPerRequest(x), 3)} ms of CPU a request`}.`).join("\n")}
${all.map((x) => `- Fan-out, ${x.label}: ${cpuText(x.fanout.cpu)}; creates p99 ${fmt(x.fanout.createP99)} ms, ${x.fanout.failedCreates} failed.`).join("\n")}`;
}

guardRun(DEADLINE_MS);

try {
  const began = performance.now();
  checkFileLimit(SOCKETS + 200);
  await redisPing(REDIS_URL).catch((err) => {
    throw new Error(`Redis is not reachable at ${REDIS_URL} (${err.message})`);
  });
  await resetDatabase();
  const quiet = await waitForQuietMachine();

  log("direct: one server process (demo seed) on PostgreSQL and Redis, no balancer");
  const server = await startServer("cluster-direct", PORTS.intake, { seed: true, redis: true });
  let direct;
  try {
    direct = await measure("direct", `http://127.0.0.1:${PORTS.intake}`, { server: server.pid });
  } finally {
    await stop(server);
  }
  const results = [];
  for (const processes of [1, 3]) {
    const { cluster, pids, dataDir } = await startBalanced(processes);
    try {
      results.push(await measure(`${processes} process${processes === 1 ? "" : "es"}`, cluster.url, pids, direct.pacedRateAsked));
      if (cluster.crashes.length) throw new Error(`a process exited during the run: ${cluster.crashes.join("; ")}`);
    } finally {
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const [one, three] = results;
  if (SOCKETS === 1000) writeReadmeSection("cluster", resultsMarkdown(machine(), quiet, direct, one, three));
  else log(`${SOCKETS} sockets, not 1,000: bench/README.md left as it is`);
  log(`done in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  process.exit(0);
} catch (err) {
  console.error(`bench (cluster) failed: ${err.message}`);
  killAll();
  process.exit(1);
}
