// The many-sockets benchmark of issue 19 (`node bench/sockets.mjs`, or `BENCH_ONLY=sockets node
// bench/run.mjs`): 10,000 sockets (BENCH_SOCKETS) on two server processes at 20 reports/s beside 1,000,
// each scale beside a bare `ws` process with as many sockets; memory per idle socket as live heap. Not in
// `npm run bench`: run it on a quiet machine. Its figures go into bench/README.md between the
// bench:sockets markers, only at the full scale. Uses the database and ports of run.mjs (bench/harness.mjs).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import WebSocket from "ws";
import {
  ROOT,
  DATABASE_URL,
  REDIS_URL,
  PORTS,
  log,
  startProcess,
  startServer,
  stop,
  killAll,
  cpuSnapshot,
  cpuShares,
  cpuText,
  rss,
  sleep,
  quantile,
  api,
  reportBody,
  redisPing,
  resetDatabase,
  withDb,
  createOperators,
  waitForQuietMachine,
  machine,
  fmt,
  verdict,
  contended,
  demo,
  OPERATORS,
  guardRun,
  writeReadmeSection,
} from "./harness.mjs";
import { RECEIVER_THREADS, arrivalsBySocket, awaitDeliveries, openShares, receivers } from "./receivers.mjs";

const DEADLINE_MS = 15 * 60_000;

// ---------------------------------------------------------------------------------------------------
// Many sockets (BENCH_ONLY=sockets): 10,000 sockets on the 2 processes at 20 reports/s, beside 1,000

// BENCH_SOCKETS: fewer sockets to try it out (the README is written only at the full 10,000).
const SOCKETS = {
  sockets: Number(process.env.BENCH_SOCKETS ?? 10_000),
  compare: 1000,
  full: 10_000,
  ratePerSecond: 20,
  seconds: 10,
  // The source addresses the sockets are spread over, so no address runs out of ephemeral ports.
  addresses: 8,
  openConcurrency: 10,
  graceMs: 5000,
};
const SOCKET_TARGETS = { p99Ms: 200, memoryRatio: 1.5 };

const localAddress = (k) => `127.0.0.${2 + (k % SOCKETS.addresses)}`;

// The processes measured here answer SIGUSR2 with their live heap after a full collection.
const HEAP_PROBE = ["--expose-gc", "--import", join(ROOT, "bench/heap-probe.mjs")];

/** A process's live heap after a full collection and the compiled code in it (bytes), read from its log
 * (bench/heap-probe.mjs): {heap, code}. */
async function liveHeap(proc) {
  const lines = () => readFileSync(proc.logPath, "utf8").split("\n").filter((l) => l.startsWith("HEAP "));
  const seen = lines().length;
  proc.child.kill("SIGUSR2");
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    await sleep(100);
    const now = lines();
    if (now.length > seen) {
      const [, heap, , code] = now[now.length - 1].split(" ");
      return { heap: Number(heap), code: Number(code) };
    }
  }
  throw new Error(`${proc.name} did not report its heap`);
}

/** What `n` sockets added to some processes' heaps, from their liveHeap() before and after: the data a
 * socket keeps (KB a socket: the heap's growth without the code's), and the code compiled meanwhile (KB). */
function heapGrowth(before, after, n) {
  const sum = (list, key) => list.reduce((total, h) => total + h[key], 0);
  const code = sum(after, "code") - sum(before, "code");
  return { perSocket: (sum(after, "heap") - sum(before, "heap") - code) / n / 1024, codeKb: code / 1024 };
}

/** The median and 99th percentile of a list of times (ms). */
function spread(times) {
  const sorted = Float64Array.from(times).sort();
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

/** n sockets on our two processes: memory per idle socket, then 20 reports/s from the request. */
async function manySocketsOurs(rx, servers, tokens, companyId, n) {
  const before = servers.map((s) => rss(s.pid));
  const heapBefore = await Promise.all(servers.map((s) => liveHeap(s)));
  const opening = performance.now();
  const targetOf = (k) => ({ ...servers[k % 2].urls, token: tokens[k % tokens.length], companyId, localAddress: localAddress(k) });
  const parts = await openShares(rx, "report", n, SOCKETS.openConcurrency, targetOf);
  log(`sockets: ${n} open on our 2 processes in ${((performance.now() - opening) / 1000).toFixed(1)} s`);
  await sleep(3000);
  const after = servers.map((s) => rss(s.pid));
  const kbPerSocket = (after[0] + after[1] - before[0] - before[1]) / n / 1024;
  const heapAfter = await Promise.all(servers.map((s) => liveHeap(s)));
  const { perSocket: heapKbPerSocket, codeKb } = heapGrowth(heapBefore, heapAfter, n);

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
  await awaitDeliveries(rx, ok.length * n, SOCKETS.graceMs);
  const cpu = cpuShares(cpuBefore, cpuSnapshot({ serverA: servers[0].pid, serverB: servers[1].pid }));
  const arrivals = arrivalsBySocket(await rx.all({ cmd: "collect", kind: "report" }), parts, n);
  const fromRequest = new Float64Array(ok.length * n);
  let m = 0;
  let missed = 0;
  // Where an event's time goes: its create request, then its first and last socket (from the request).
  const firstAt = [];
  const lastAt = [];
  for (const c of ok) {
    let first = Infinity;
    let last = -Infinity;
    const times = arrivals.get(c.id);
    for (let k = 0; k < n; k++) {
      const at = times?.[k];
      if (at === undefined || Number.isNaN(at)) missed++;
      else {
        fromRequest[m++] = at - c.sentAt;
        first = Math.min(first, at);
        last = Math.max(last, at);
      }
    }
    if (first <= last) {
      firstAt.push(first - c.sentAt);
      lastAt.push(last - c.sentAt);
    }
  }
  await rx.all({ cmd: "close" });
  const sorted = fromRequest.subarray(0, m).sort();
  const result = {
    sockets: n,
    rate,
    reports: ok.length,
    failedCreates: total - ok.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    create: spread(ok.map((c) => c.respondedAt - c.sentAt)),
    firstSocket: spread(firstAt),
    lastSocket: spread(lastAt),
    missed,
    kbPerSocket,
    heapKbPerSocket,
    codeKb,
    cpu,
  };
  log(
    `sockets: ours, ${n} sockets at ${rate}/s: from the request p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms; create p50 ${fmt(result.create.p50)} ms, p99 ${fmt(result.create.p99)} ms; ` +
      `an event's first socket p50 ${fmt(result.firstSocket.p50)} ms, p99 ${fmt(result.firstSocket.p99)} ms, its last p50 ${fmt(result.lastSocket.p50)} ms, p99 ${fmt(result.lastSocket.p99)} ms; ` +
      `missed ${missed}; ${result.failedCreates} failed creates; ${fmt(heapKbPerSocket)} KB of live heap a socket without code (${fmt(codeKb, 0)} KB of code compiled meanwhile; RSS ${fmt(kbPerSocket)} KB a socket); CPU: ${cpuText(cpu)}`,
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
    await openShares(rx, "reference", n, SOCKETS.openConcurrency, (k) => ({ url, localAddress: localAddress(k) }));
    await sleep(3000);
    const kbPerSocket = (rss(server.pid) - before) / n / 1024;
    const { perSocket: heapKbPerSocket, codeKb } = heapGrowth([heapBefore], [await liveHeap(server)], n);
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
    await awaitDeliveries(rx, total * n, SOCKETS.graceMs);
    const cpu = cpuShares(cpuBefore, cpuSnapshot({ reference: server.pid }));
    control.close();
    const collected = await rx.all({ cmd: "collect", kind: "reference" });
    await rx.all({ cmd: "close" });
    const due = Float64Array.from(collected.flatMap((c) => [...c.due])).sort();
    const received = collected.reduce((sum, c) => sum + c.received.reduce((x, [, count]) => x + count, 0), 0);
    const result = { sockets: n, p50: quantile(due, 0.5), p99: quantile(due, 0.99), missed: total * n - received, kbPerSocket, heapKbPerSocket, codeKb, broadcastRate: total / seconds, cpu };
    log(
      `sockets: bare ws, ${n} sockets at ${SOCKETS.ratePerSecond}/s: from the due time p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms; missed ${result.missed}; ` +
        `${fmt(heapKbPerSocket)} KB of live heap a socket without code (${fmt(codeKb, 0)} KB of code compiled meanwhile; RSS ${fmt(kbPerSocket)} KB a socket); ${fmt(result.broadcastRate, 0)} broadcasts/s; CPU: ${cpuText(cpu)}`,
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
    const emails = await createOperators(state.companyId, OPERATORS);
    for (const email of emails) state.tokens.push((await api(servers[0].urls.base, "POST", "/api/login", { email, password: demo.DEMO_PASSWORD })).user.access_token);
  }
  const warm = Array.from({ length: 20 }, (_, k) => ({ ...servers[k % 2].urls, token: state.tokens[0], companyId: state.companyId }));
  await rx.ask(0, { cmd: "open", kind: "report", targets: warm, concurrency: 10 });
  await rx.ask(0, { cmd: "collect", kind: "report" });
  await rx.ask(0, { cmd: "close" });
  await sleep(1500);
  return servers;
}

async function manySockets() {
  const scales = [...new Set([SOCKETS.compare, SOCKETS.sockets])].sort((a, b) => a - b);
  log(`sockets: ${scales.join(" and ")} sockets on two server processes at ${SOCKETS.ratePerSecond} reports/s, beside a bare ws process`);
  const rx = receivers();
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
      `| ${o.sockets.toLocaleString("en")} sockets: memory per idle socket, live heap after a full collection without compiled code (the code compiled meanwhile, in all, and RSS growth a socket beside it) | ${fmt(o.heapKbPerSocket)} KB (code ${fmt(o.codeKb, 0)} KB; RSS ${fmt(o.kbPerSocket)} KB) | bare \`ws\`: ${fmt(r.heapKbPerSocket)} KB (code ${fmt(r.codeKb, 0)} KB; RSS ${fmt(r.kbPerSocket)} KB) | ≤ ${SOCKET_TARGETS.memoryRatio}× | ${fmt(ratio, 2)}× — ${verdict(ratio <= SOCKET_TARGETS.memoryRatio)} |`,
    ].join("\n");
  });
  return `Run ${date} on ${m.nproc} CPUs (${m.cpu}); Node ${m.node}; the machine was ${quiet} % busy with other work just before the run. Two server processes joined by Redis, the sockets alternating between them, spread over ${SOCKETS.addresses} source addresses; the receiving client is ${RECEIVER_THREADS} threads of the bench process.

| Benchmark | Figure | Reference (same run) | Target | Result |
| --- | --- | --- | --- | --- |
${rows.join("\n")}

${results.map(({ ours: o, reference: r }) => `- ${o.sockets.toLocaleString("en")} sockets: create p50 ${fmt(o.create.p50)} ms, p99 ${fmt(o.create.p99)} ms, ${o.failedCreates} failed; from the request, an event's first socket p50 ${fmt(o.firstSocket.p50)} ms, p99 ${fmt(o.firstSocket.p99)} ms, its last p50 ${fmt(o.lastSocket.p50)} ms, p99 ${fmt(o.lastSocket.p99)} ms; ${cpuText(o.cpu)}. Bare \`ws\`: ${fmt(r.broadcastRate, 0)} broadcasts/s; ${cpuText(r.cpu)}.`).join("\n")}`;
}

// ---------------------------------------------------------------------------------------------------
// Main

guardRun(DEADLINE_MS);

try {
  ensureFileLimit(SOCKETS.sockets + 2000);
  await redisPing(REDIS_URL).catch((err) => {
    throw new Error(`Redis is not reachable at ${REDIS_URL} (${err.message})`);
  });
  await resetDatabase().catch((err) => {
    throw new Error(`PostgreSQL at ${DATABASE_URL}: ${err.message}`);
  });
  const quiet = await waitForQuietMachine();
  // Its own table, written only at the full scale (on a quiet machine).
  const results = await manySockets();
  if (SOCKETS.sockets === SOCKETS.full) writeReadmeSection("sockets", socketsMarkdown(machine(), quiet, results));
  else log(`sockets: ${SOCKETS.sockets} is not the full ${SOCKETS.full}: figures in the log above, README untouched`);
  process.exit(0);
} catch (err) {
  console.error(`bench failed: ${err.message}`);
  killAll();
  process.exit(1);
}
