// The intake and fan-out measurements the server benchmarks share (run.mjs against one or two processes
// directly, cluster.mjs through the balancer of `npm run cluster`): each takes the address it loads, so
// one code measures a process and a balancer alike.
import http from "node:http";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { arrivalsBySocket, awaitDeliveries } from "./receivers.mjs";
import { api, backendsText, cpuShares, cpuSnapshot, cpuText, createOperators, DATABASE_URL, demo, fmt, log, OPERATORS, quantile, reportBody, sampleBackends, sleep, withDb } from "./harness.mjs";

/** autocannon's closed loop of anonymous report creates (`POST /api/app/reports`, a fresh report each)
 * against base; `opts` are autocannon's (connections, duration, overallRate…). */
export async function cannon(base, opts) {
  return autocannon({
    url: base,
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

/** Successful creates a second of an autocannon result. */
export const okPerSecond = (r) => r["2xx"] / r.duration;

/** n report creates one after the other against base: the service time of one report with nothing else
 * running. */
export async function sequentialLatency(base, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await api(base, "POST", "/api/app/reports", reportBody());
    times.push(performance.now() - t);
  }
  const sorted = Float64Array.from(times).sort();
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

/** Reports to base at a fixed rate, evenly spaced (open loop), for `warmup` + `seconds`; only the last
 * `seconds` count (the first requests open the connections). Latency counts from each request's
 * scheduled time, so a generator or server falling behind shows in the figure. */
export async function pacedRate(base, rate, seconds, warmup = 2) {
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * (warmup + seconds));
  const measuredFrom = Math.round(rate * warmup);
  const latencies = [];
  let failed = 0;
  const post = (body) =>
    new Promise((resolve) => {
      const req = http.request(
        { host: hostname, port, path: "/api/app/reports", method: "POST", agent, headers: { "content-type": "application/json" }, timeout: 10_000 },
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

/** Now as wall-clock ms (comparable across the bench's threads and with the reference's timestamps). */
export const wallNow = () => performance.timeOrigin + performance.now();

/** The demo company's id and OPERATORS operators of it (created when missing), each signed in through
 * base: what a fan-out's sockets ask their tickets with. */
export async function signInOperators(base, url = DATABASE_URL) {
  const companyId = await withDb(async (db) => (await db.query("select id from companies where name = $1", [demo.DEMO_COMPANY.name])).rows[0]?.id, url);
  if (!companyId) throw new Error("the demo company is missing: did the seed run?");
  const emails = await createOperators(companyId, OPERATORS, url);
  const tokens = [];
  for (const email of emails) {
    const res = await api(base, "POST", "/api/login", { email, password: demo.DEMO_PASSWORD });
    tokens.push(res.user.access_token);
  }
  log(`fan-out: ${tokens.length} operators signed in`);
  return { companyId, tokens };
}

/** Creates reports at `rate` a second for `seconds` (open loop, in turn to each of `bases`), then
 * measures every report's arrival at each of the `sockets` the receivers `rx` hold (`parts`: what
 * openShares answered), waiting at most graceMs for the last; `pids` names the processes whose CPU is
 * counted, `url` the database whose pool is sampled. */
export async function fanoutLoad({ bases, pids, rx, parts, rate, sockets, seconds, graceMs, url = DATABASE_URL }) {
  const creates = [];
  const total = Math.round(rate * seconds);
  const cpuBefore = cpuSnapshot(pids);
  const stopSampling = sampleBackends(url);
  const start = performance.now();
  const inflight = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const base = bases[i % bases.length];
    // Wall-clock ms, as the receiving threads time the arrivals.
    const entry = { sentAt: wallNow(), respondedAt: NaN, id: undefined, error: undefined };
    creates.push(entry);
    inflight.push(
      api(base, "POST", "/api/app/reports", reportBody()).then(
        (res) => {
          entry.respondedAt = wallNow();
          entry.id = res.report.id;
        },
        (err) => (entry.error = err.message),
      ),
    );
  }
  const offered = total / ((performance.now() - start) / 1000);
  await Promise.all(inflight);
  const cpu = cpuShares(cpuBefore, cpuSnapshot(pids));
  const backends = await stopSampling();
  log(`fan-out at ${rate}/s: CPU during the load: ${cpuText(cpu)}`);
  log(`fan-out at ${rate}/s: pool connections on average: ${backendsText(backends)}`);
  const ok = creates.filter((c) => c.id !== undefined);
  const lastResponse = Math.max(...ok.map((c) => c.respondedAt));
  const completedRate = ok.length / ((lastResponse - (performance.timeOrigin + start)) / 1000);
  // Wait for the stragglers (bounded), then count what never came.
  await awaitDeliveries(rx, ok.length * sockets, graceMs);
  const collected = await rx.all({ cmd: "collect", kind: "report" });
  const arrivals = arrivalsBySocket(collected, parts, sockets);

  const fromResponse = new Float64Array(ok.length * sockets);
  const fromRequest = new Float64Array(ok.length * sockets);
  let n = 0;
  let missed = 0;
  let beforeResponse = 0;
  for (const c of ok) {
    const row = arrivals.get(c.id);
    for (let k = 0; k < sockets; k++) {
      const at = row?.[k];
      if (at === undefined || Number.isNaN(at)) {
        missed++;
        continue;
      }
      if (at < c.respondedAt) beforeResponse++;
      fromResponse[n] = Math.max(0, at - c.respondedAt);
      fromRequest[n] = at - c.sentAt;
      n++;
    }
  }
  const fr = fromResponse.subarray(0, n).sort();
  const fq = fromRequest.subarray(0, n).sort();
  const createTimes = Float64Array.from(ok.map((c) => c.respondedAt - c.sentAt)).sort();
  const result = {
    rate,
    sockets,
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
    messageBytes: collected.find((c) => c.sampleBytes)?.sampleBytes,
  };
  log(
    `fan-out at ${rate}/s: ${result.reports} reports × ${result.sockets} sockets: from response p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms; ` +
      `from request p99 ${fmt(result.e2eP99)} ms; create p99 ${fmt(result.createP99)} ms; completed ${fmt(completedRate, 0)}/s; missed ${missed}; ${result.failedCreates} failed creates`,
  );
  if (creates.some((c) => c.error)) log(`fan-out at ${rate}/s: first create error: ${creates.find((c) => c.error).error}`);
  return result;
}

/** Throws, saying what to run, when this process may not open `needed` files (its client sockets at
 * once, plus HTTP and database connections). */
export function checkFileLimit(needed) {
  const line = readFileSync("/proc/self/limits", "utf8").split("\n").find((l) => l.startsWith("Max open files"));
  const soft = Number(line?.split(/\s{2,}/)[1]);
  if (Number.isFinite(soft) && soft < needed) {
    throw new Error(`the open-file limit is ${soft}; the fan-out needs about ${needed}: run \`ulimit -n 4096\` first`);
  }
}
