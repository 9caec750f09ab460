// `npm start` on a fresh clone (issue 19): the first start of an installed clone (nothing built, a new
// embedded database), the first start of a built one with a new database, and a restart of an unchanged
// install, each with the phases the server prints; BENCH_START_REF names a commit to measure beside
// this one (the figure before a change). The clone is this repository's committed HEAD (or the ref);
// its node_modules are this checkout's, hard-linked (an installed clone without the minutes of `npm ci`),
// or, for a ref whose package-lock.json differs (the last PGlite commit, fd0a57b), those of one clone
// of the ref that `npm ci` installed once, before anything is timed.
// Usage: node bench/start.mjs            BENCH_START_REF=<commit> node bench/start.mjs
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { median, tempDataDir } from "./lib.mjs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BENCH_PORT ?? 8301);
const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);

const WORKSPACES = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).workspaces;

/** A plain clone of `ref`. */
function plainClone(ref) {
  const dir = tempDataDir("atalaya-start-");
  execFileSync("git", ["clone", "-q", ROOT, dir]);
  execFileSync("git", ["-C", dir, "checkout", "-q", ref]);
  return dir;
}

const lockOf = (ref) => execFileSync("git", ["-C", ROOT, "show", `${ref}:package-lock.json`]).toString();

/** Where `ref`'s installed node_modules come from: this checkout when its lockfile is ref's, else a clone
 * of ref installed by `npm ci` (made once; removed at the end). */
const installs = new Map();
function installedFor(ref) {
  if (lockOf(ref) === readFileSync(join(ROOT, "package-lock.json"), "utf8")) return ROOT;
  if (!installs.has(ref)) {
    const dir = plainClone(ref);
    console.log(`installing ${ref}'s own dependencies (its package-lock.json differs) in ${dir}`);
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "ignore" });
    installs.set(ref, dir);
  }
  return installs.get(ref);
}

/** A clone of `ref` with installed node_modules (the root's and the workspaces') hard-linked in. */
function cloneAt(ref) {
  const source = installedFor(ref);
  const dir = plainClone(ref);
  for (const modules of ["node_modules", ...WORKSPACES.map((w) => join(w, "node_modules"))]) {
    if (existsSync(join(source, modules))) execFileSync("cp", ["-al", join(source, modules), join(dir, modules)]);
  }
  return dir;
}

/** Runs `npm start` in `dir` on `dataDir` until it says it started; answers the seconds from the
 * command to that line and the phases it printed, then stops it. */
function start(dir, dataDir) {
  return new Promise((resolve, reject) => {
    const since = performance.now();
    const child = spawn("npm", ["start"], { cwd: dir, env: { ...process.env, PORT: String(PORT), ATALAYA_DATA_DIR: dataDir, LOG_LEVEL: "warn" }, detached: true });
    let out = "";
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* gone already */
      }
      reject(new Error(`no start within 180 s:\n${out}`));
    }, 180_000);
    let started = false;
    const onData = (chunk) => {
      out += chunk;
      const line = out.match(/Started in [^\n]*: ([^\n]*)/);
      if (!line || started) return;
      started = true;
      clearTimeout(timer);
      const seconds = (performance.now() - since) / 1000;
      child.once("exit", () => resolve({ seconds, phases: line[1] }));
      // The whole group: npm, the server and the compression beside it.
      process.kill(-child.pid, "SIGTERM");
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (!/Started in/.test(out)) reject(new Error(`npm start exited (${code}) before it started:\n${out.slice(-2000)}`));
    });
  });
}

/** The three starts of one commit, each ROUNDS times on a new clone. */
async function measure(ref) {
  const rows = { first: [], fresh: [], restart: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const dir = cloneAt(ref);
    try {
      const data = join(dir, "data-first");
      rows.first.push(await start(dir, data));
      rows.fresh.push(await start(dir, join(dir, "data-fresh")));
      rows.restart.push(await start(dir, data));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

const head = execFileSync("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"]).toString().trim();
const refs = [...(process.env.BENCH_START_REF ? [process.env.BENCH_START_REF] : []), head];
for (const ref of refs) installedFor(ref);
const results = [];
for (const ref of refs) results.push([ref, await measure(ref)]);
for (const dir of installs.values()) rmSync(dir, { recursive: true, force: true });

const KINDS = { first: "First start of an installed clone (nothing built, new database)", fresh: "Start of a built clone on a new database", restart: "Restart, nothing changed" };
// Issue 31's targets (the embedded PostgreSQL): first start ≤ 8 s, initdb included; restart ≤ 2 s.
const TARGETS = { first: "≤ 8 s", fresh: "", restart: "≤ 2 s" };
console.log(`\n| Start | Commit | Median (${ROUNDS} runs) | Runs | Target | Phases of the median run |\n|---|---|---|---|---|---|`);
for (const kind of Object.keys(KINDS)) {
  for (const [ref, rows] of results) {
    const runs = rows[kind].map((r) => r.seconds);
    const mid = rows[kind].find((r) => r.seconds === median(runs));
    console.log(`| ${KINDS[kind]} | ${ref} | **${median(runs).toFixed(1)} s** | ${runs.map((s) => s.toFixed(1)).join(" / ")} s | ${TARGETS[kind]} | ${mid.phases} |`);
  }
}
