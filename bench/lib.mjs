// Pieces the benchmarks share: how busy the machine is, the built server started and stopped, and a
// JSON client for the portal's API.
import { spawn } from "node:child_process";
import { chmodSync, createWriteStream, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SERVER = join(ROOT, "packages/server/dist/server.js");

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The middle value of a list of numbers (the upper middle of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** % of the machine busy over 2 s, every process counted (a benchmark runs nothing meanwhile). */
/** A new temporary ATALAYA_DATA_DIR: open to others to enter (not list), because as root the embedded
 * PostgreSQL runs as the user postgres, which must reach its folder inside (mkdtemp makes it 0700). */
export function tempDataDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o711);
  return dir;
}

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

/** Waits (up to waitMs, BENCH_QUIET_WAIT_SECONDS, 2 minutes by default) for other work on the machine to
 * calm down to 20 % busy, logging why it waits; answers the last % busy, which the results print. */
export async function quietMachine(log, waitMs = Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 120) * 1000) {
  const until = Date.now() + waitMs;
  for (;;) {
    const busy = await machineBusy();
    if (busy <= 20 || Date.now() > until) return busy;
    log(`the machine is ${busy} % busy with other work; waiting for it to calm down`);
    await sleep(3000);
  }
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

/** Starts the built server on 127.0.0.1:port with `env` over the benchmark's environment (a key set to
 * undefined is removed), its output in $TMPDIR/atalaya-bench-<logName>.log; resolves when /readyz answers. */
export async function startServer({ port, env, logName, timeoutMs = 120_000 }) {
  const logPath = join(tmpdir(), `atalaya-bench-${logName}.log`);
  const out = createWriteStream(logPath);
  const merged = { ...process.env, REDIS_URL: "", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "warn", ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env: merged, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited; see ${logPath}`);
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) return child;
    await sleep(250);
  }
  child.kill("SIGKILL");
  throw new Error(`server not ready after ${timeoutMs / 1000} s; see ${logPath}`);
}

/** Stops a server startServer started: SIGTERM, then SIGKILL after 10 s. */
export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The PostgreSQL server a benchmark creates its databases on: the one `url` names when given, else an
 * embedded PostgreSQL of its own in a temporary directory (the built server's
 * db/embedded-postgres.js), which `stop` stops and removes. `url` is a postgres:// URL of the server's
 * `postgres` database; `embedded` says which it is. */
export async function databaseServer(url) {
  if (url) return { url: new URL(url), embedded: false, stop: async () => undefined };
  const { startTemporaryPostgres } = await import(pathToFileURL(join(ROOT, "packages/server/dist/db/embedded-postgres.js")).href);
  const server = await startTemporaryPostgres();
  return { url: new URL(server.url("postgres")), embedded: true, stop: () => server.stop() };
}
