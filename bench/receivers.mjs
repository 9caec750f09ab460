// The receiving client of the fan-out benchmarks (run.mjs, sockets.mjs), seen from the bench's main
// thread: worker threads (bench/receiver.mjs) hold the sockets, so that reading thousands of messages a
// second neither delays the reporter's create requests, sent and timed on the main thread, nor is
// delayed by them (a reporter's phone is not the operators' screens).
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { sleep } from "./harness.mjs";

/** Receiving threads, one a CPU: more were only switched between (4 on 2 CPUs measured worse). */
export const RECEIVER_THREADS = Math.max(2, availableParallelism());

/** Starts n receiving threads; `ask(i, message)` answers worker i's reply (one at a time each),
 * `all(message)` every worker's. */
export function receivers(n = RECEIVER_THREADS) {
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

/** Opens the sockets `targetOf(k)` describes (k < n) over the receivers (`kind`: "report" or
 * "reference", see receiver.mjs); answers the targets each receiver holds. */
export async function openShares(rx, kind, n, concurrency, targetOf) {
  const parts = shares(n, rx.count, targetOf);
  await Promise.all(parts.map((targets, i) => rx.ask(i, { cmd: "open", kind, targets, concurrency })));
  return parts;
}

/** Waits (at most graceMs) until the receivers counted `expected` deliveries; answers how many came. */
export async function awaitDeliveries(rx, expected, graceMs) {
  const until = performance.now() + graceMs;
  for (;;) {
    const got = (await rx.all({ cmd: "progress" })).reduce((n, r) => n + r.arrivals, 0);
    if (got >= expected || performance.now() > until) return got;
    await sleep(100);
  }
}

/** Every socket's arrival time (wall-clock ms, NaN: never) of each report, from the receivers'
 * collected answers and the targets each held: id → times in socket order k. */
export function arrivalsBySocket(collected, parts, n) {
  const byId = new Map();
  for (const [i, answer] of collected.entries()) {
    for (const [id, times] of answer.reports) {
      let row = byId.get(id);
      if (!row) byId.set(id, (row = new Float64Array(n).fill(NaN)));
      for (let k = 0; k < parts[i].length; k++) row[i + k * collected.length] = times[k];
    }
  }
  return byId;
}
