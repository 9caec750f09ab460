// `npm test`: type check, lint, unit and API tests (once, on PostgreSQL: DATABASE_URL's server when set,
// else an embedded one the run starts for itself; with Redis fan-out when REDIS_URL is set), the fault
// suite's short run (its database: DATABASE_URL's server or an embedded one; its Redis: REDIS_URL's or a
// redis-server it starts), then the browser tests on the built portal. No stage is ever left out. Stages
// run side by side, TEST_JOBS at a time (default: the cores plus two), in two waves so that no stage with
// timeouts starves another: first the type check, builds, API tests and fault suite, then the browser tests
// on two workers, which keep Chromium and the servers busy on every core. The browser tests wait for the
// API tests only: the fault suite's last minute, mostly its cases' sleeps, left a core idle (a run took
// 743 s waiting for it, 700 s not). The cases that then run beside them (behind the balancer, Redis
// stopped) check what is lost and answered and give a recovery two minutes; the one held to a second (a
// logged-out socket's close) takes milliseconds. Lint has no timeout and fills the gaps at a low priority.
// Each stage's output is held and printed whole when it ends, with when it started and how long it took;
// a summary closes the run, which fails if any stage failed.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";

const { DATABASE_URL, REDIS_URL, ...baseEnv } = process.env;
const colour = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};
const env = { ...baseEnv, ...colour };

// In the order they are started when a slot is free. `after`: stages that must have passed first;
// `afterDone`: stages that must have ended, passed or not (only to keep two waves apart). `background`
// stages run at a lower CPU priority (nice 10): lint only needs throughput and has no timeout to miss.
// (A stop's CI once ran the API tests at that priority beside the browser shards: they starved for
// 38 minutes and timed out.)
const API_STAGE = `unit and API tests (${DATABASE_URL ? "PostgreSQL of DATABASE_URL" : "embedded PostgreSQL"}, ${REDIS_URL ? "Redis fan-out" : "in-process bus"})`;
const FAULTS_STAGE = `fault suite, short (bench/faults.mjs --short, ${DATABASE_URL ? "PostgreSQL of DATABASE_URL" : "embedded PostgreSQL"}, ${REDIS_URL ? "Redis of REDIS_URL" : "its own redis-server"})`;
const BROWSER_STAGE = "browser tests (Playwright, Debian Chromium, two workers)";
const SERVER_BUILD = "build: shared and server";
const WEB_BUILD = "build: portal";
/** @type {{ name: string; cmd: string; args: string[]; env: NodeJS.ProcessEnv; after?: string[]; afterDone?: string[]; background?: boolean }[]} */
const stages = [
  { name: "typecheck", cmd: "npm", args: ["run", "typecheck"], env },
  {
    name: API_STAGE,
    cmd: "npx",
    args: ["vitest", "run"],
    // The tests create their own databases on DATABASE_URL's server and drop them at the end (see
    // packages/server/src/test/test-database.ts); DATABASE_URL's own database is never used.
    env: { ...env, ...(DATABASE_URL ? { TEST_DATABASE_URL: DATABASE_URL } : {}), ...(REDIS_URL ? { TEST_REDIS_URL: REDIS_URL } : {}) },
  },
  // The types are checked once, by the type check, which writes nothing (the server's tests' project
  // covers the server and, through the `source` condition, the shared package); the builds only emit.
  // The server's (scripts/emit.mjs with esbuild, a second) is all the fault suite needs, so it starts
  // while Vite builds the portal (half a minute) instead of after it.
  { name: SERVER_BUILD, cmd: "npm", args: ["run", "build", "-w", "@atalaya/shared", "-w", "@atalaya/server"], env },
  { name: WEB_BUILD, cmd: "npm", args: ["run", "build", "-w", "@atalaya/web"], env },
  // The browser tests: one Playwright run with two workers, each with its own server, port and database,
  // a copy of one migrated and seeded in the run's embedded PostgreSQL (e2e/support/). Playwright hands each spec file to whichever worker is free, so the
  // two end together however long the files are (two fixed shards ended minutes apart).
  {
    name: BROWSER_STAGE,
    cmd: "npx",
    args: ["playwright", "test", "-c", "e2e/playwright.config.ts"],
    env: { ...env, E2E_WORKERS: "2", E2E_PORT: "8181", E2E_OUTPUT_DIR: "../test-results/e2e" },
    after: [SERVER_BUILD, WEB_BUILD],
    afterDone: [API_STAGE],
  },
  // The fault suite's short run (bench/faults.mjs): server processes on a database it creates (on
  // DATABASE_URL's server, else in an embedded PostgreSQL of its own) and drops, the Redis of REDIS_URL
  // (else a redis-server it starts) and one it starts itself for its case.
  {
    name: FAULTS_STAGE,
    cmd: "node",
    args: ["bench/faults.mjs", "--short"],
    // Its servers answer the API only (WEB_DIST_DIR names no portal): none of its cases opens a page, and
    // the portal's build, running beside it, empties and rewrites packages/web/dist.
    env: { ...env, WEB_DIST_DIR: join(tmpdir(), "atalaya-faults-no-portal"), ...(DATABASE_URL ? { FAULTS_DATABASE_URL: DATABASE_URL } : {}), ...(REDIS_URL ? { FAULTS_REDIS_URL: REDIS_URL } : {}) },
    after: [SERVER_BUILD],
  },
  { name: "lint", cmd: "npm", args: ["run", "lint"], env, background: true },
];

const jobs = Math.max(1, Number.parseInt(process.env.TEST_JOBS ?? "", 10) || availableParallelism() + 2);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
/** @type {Map<string, { status: "passed" | "failed" | "not run"; ms: number; at?: number; code?: number | null; why?: string }>} */
const results = new Map();
/** @type {Map<string, { child: import("node:child_process").ChildProcess; since: number }>} */
const running = new Map();

function start(stage) {
  const since = Date.now();
  console.log(`▶ ${stage.name}`);
  // Its own process group, so an interrupted run can stop the stage with everything it started.
  const [cmd, args] = stage.background && process.platform !== "win32" ? ["nice", ["-n", "10", stage.cmd, ...stage.args]] : [stage.cmd, stage.args];
  const child = spawn(cmd, args, { env: stage.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  // A new session is also a new scheduling group on Linux (autogroup), where a process's own nice only
  // counts against its group's other processes: lower the group's priority too.
  if (stage.background && child.pid) {
    try {
      writeFileSync(`/proc/${child.pid}/autogroup`, "10");
    } catch {
      /* not Linux, or no autogroup: nice alone does it */
    }
  }
  /** @type {Buffer[]} */
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  running.set(stage.name, { child, since });
  return new Promise((resolve) => {
    const finish = (code, error) => {
      if (!running.has(stage.name)) return; // "close" may follow "error"
      running.delete(stage.name);
      const ms = Date.now() - since;
      const at = since - started;
      const passed = code === 0;
      results.set(stage.name, { status: passed ? "passed" : "failed", ms, code, at });
      const rule = "─".repeat(Math.max(0, 100 - stage.name.length - 4));
      process.stdout.write(`\n┌ ${stage.name} ${rule}\n`);
      process.stdout.write(Buffer.concat(output));
      if (error) process.stdout.write(`${error.message}\n`);
      process.stdout.write(`└ ${passed ? "✔" : "✖"} ${stage.name}: ${passed ? "passed" : `failed (exit ${code})`} in ${seconds(ms)} (started at +${seconds(at)})\n\n`);
      resolve();
    };
    child.on("error", (error) => finish(null, error));
    child.on("close", (code) => finish(code));
  });
}

// A line a minute while stages run, so a long or stuck stage is visible before its output is.
const heartbeat = setInterval(() => {
  const now = Date.now();
  console.log(`… still running: ${[...running].map(([name, r]) => `${name} (${seconds(now - r.since)})`).join(", ")}`);
}, 60_000);

function stopAll(signal) {
  for (const { child } of running.values()) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
  process.exit(signal === "SIGINT" ? 130 : 143);
}
process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));

// Start every stage whose prerequisites passed, up to `jobs` at a time, until none is left.
const pending = [...stages];
const inFlight = new Set();
while (pending.length > 0 || inFlight.size > 0) {
  for (const stage of [...pending]) {
    if (inFlight.size >= jobs) break;
    const after = stage.after ?? [];
    const blocked = after.filter((name) => results.get(name)?.status && results.get(name).status !== "passed");
    if (blocked.length > 0) {
      pending.splice(pending.indexOf(stage), 1);
      results.set(stage.name, { status: "not run", ms: 0, why: `${blocked.join(", ")} did not pass` });
      continue;
    }
    if (!after.every((name) => results.get(name)?.status === "passed")) continue;
    if (!(stage.afterDone ?? []).every((name) => results.has(name))) continue;
    pending.splice(pending.indexOf(stage), 1);
    const p = start(stage).then(() => inFlight.delete(p));
    inFlight.add(p);
  }
  if (inFlight.size > 0) await Promise.race(inFlight);
  else if (pending.length > 0) throw new Error("test-all: stages wait on each other"); // cannot happen with the list above
}
clearInterval(heartbeat);

console.log(`Summary (${seconds(Date.now() - started)} in all, up to ${jobs} stages at a time):`);
for (const stage of stages) {
  const r = results.get(stage.name);
  const mark = r.status === "passed" ? "✔" : r.status === "failed" ? "✖" : "–";
  console.log(`  ${mark} ${stage.name.padEnd(76)} ${r.status.padEnd(8)} ${r.status === "not run" ? `(${r.why})` : `${seconds(r.ms).padStart(8)}, from +${seconds(r.at)}`}`);
}
const failed = stages.filter((s) => results.get(s.name).status !== "passed");
if (failed.length > 0) {
  console.error(`✖ did not pass: ${failed.map((s) => s.name).join(", ")}`);
  process.exit(1);
}
