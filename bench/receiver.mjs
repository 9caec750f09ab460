// A share of the receiving sockets of the many-sockets benchmark (run.mjs, BENCH_ONLY=sockets), in a
// worker thread: 10,000 sockets receiving 20 events a second each is 200,000 reads a second, more than
// one thread keeps up with while it also times the creates. Arrival times are wall-clock milliseconds
// (timeOrigin + now), comparable with the main thread's and other processes'.
//
// Messages from the main thread, each answered with one message:
//   {cmd: "open", kind: "report", targets: [{base, ws, token, companyId, localAddress}], concurrency}  (once)
//       a ticket for each target, then its socket; counts newReport arrivals per report id → {opened}
//   {cmd: "open", kind: "reference", targets: [{url, localAddress}], concurrency}
//       bare sockets to the `ws` reference; keeps each message's latency from its send and due time → {opened}
//   {cmd: "progress"}  → {arrivals}: deliveries counted so far (reports or reference messages)
//   {cmd: "collect", kind} → the arrivals of that kind, then forgets them: {reports: [[id, Float64Array]],
//                        sampleBytes} or {sent: Float64Array, due: Float64Array, received: [[seq, count]]}
//   {cmd: "close", kind} → closes the sockets of that kind (every socket without one): {closed}
import { parentPort } from "node:worker_threads";
import { newReportId, openSocket } from "./ws-client.mjs";

const wall = (at) => performance.timeOrigin + at;
let sockets = [];
let arrivals = 0;
// Reports: id → arrival wall time per socket (NaN: not yet).
let reports = new Map();
// The size of a newReport message (what the reference is asked to send).
let sampleBytes;
// Reference: latencies from each message's send and due time, and deliveries per seq.
let sent = [];
let due = [];
let received = new Map();

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

async function ticketOf({ base, token, companyId }) {
  const res = await fetch(`${base}/api/realtime/ticket`, {
    method: "POST",
    headers: { "content-type": "application/json", "access-token": token },
    body: JSON.stringify({ companyId }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`ticket → ${res.status}`);
  return (await res.json()).ticket;
}

function onReport(k, count) {
  return (data, at) => {
    const id = newReportId(data);
    if (id === undefined) return;
    sampleBytes ??= data.length;
    let row = reports.get(id);
    if (!row) reports.set(id, (row = new Float64Array(count).fill(NaN)));
    if (Number.isNaN(row[k])) {
      row[k] = wall(at);
      arrivals++;
    }
  };
}

function onReference(data, arrivedAt) {
  const at = wall(arrivedAt);
  const text = data.toString("latin1", 0, 160);
  const seq = Number(/"seq":(\d+)/.exec(text)?.[1]);
  if (!seq) return;
  sent.push(at - Number(/"sentAt":([\d.]+)/.exec(text)?.[1]));
  due.push(at - Number(/"dueAt":([\d.]+)/.exec(text)?.[1]));
  received.set(seq, (received.get(seq) ?? 0) + 1);
  arrivals++;
}

parentPort.on("message", async (m) => {
  try {
    if (m.cmd === "open") {
      const { targets } = m;
      const opened = await inBatches(targets.length, m.concurrency, async (k) => {
        const t = targets[k];
        if (m.kind === "reference") return openSocket(t.url, "http://127.0.0.1", onReference, t.localAddress);
        const ticket = await ticketOf(t);
        return openSocket(`${t.ws}/api/realtime?ticket=${encodeURIComponent(ticket)}`, t.base, onReport(k, targets.length), t.localAddress);
      });
      sockets.push(...opened.map((handle) => ({ kind: m.kind, handle })));
      parentPort.postMessage({ opened: opened.length });
    } else if (m.cmd === "progress") {
      parentPort.postMessage({ arrivals });
    } else if (m.cmd === "collect") {
      arrivals = 0;
      if (m.kind === "reference") {
        parentPort.postMessage({ sent: Float64Array.from(sent), due: Float64Array.from(due), received: [...received] });
        [sent, due, received] = [[], [], new Map()];
      } else {
        parentPort.postMessage({ reports: [...reports], sampleBytes });
        reports = new Map();
      }
    } else if (m.cmd === "close") {
      const closing = sockets.filter((s) => !m.kind || s.kind === m.kind);
      for (const s of closing) s.handle.terminate();
      sockets = sockets.filter((s) => !closing.includes(s));
      parentPort.postMessage({ closed: closing.length });
    }
  } catch (err) {
    parentPort.postMessage({ error: err.message });
  }
});
