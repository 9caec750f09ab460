// Pieces the benchmarks share: how busy the machine is, and a JSON client for the portal's API.
import { readFileSync } from "node:fs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** % of the machine busy over 2 s, every process counted (a benchmark runs nothing meanwhile). */
export async function machineBusy() {
  const ticks = () => {
    const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    return { busy: f.reduce((a, b) => a + b, 0) - f[3] - (f[4] ?? 0), total: f.reduce((a, b) => a + b, 0) };
  };
  const a = ticks();
  await sleep(2000);
  const b = ticks();
  return Math.round((100 * (b.busy - a.busy)) / (b.total - a.total));
}

/** A JSON client of the portal at base: `(method, path, body?, token?)` answers the parsed body, and
 * throws with the status and body on anything but 2xx (a benchmark must not time failures). */
export function apiClient(base) {
  return async (method, path, body, token) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { "access-token": token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const json = await res.json().catch(() => undefined);
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}
