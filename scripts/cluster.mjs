// `npm run cluster` (issue 34): the scaled topology on one machine. CLUSTER_PROCESSES (default 3) built
// server processes, each on its own port with its own INSTANCE_NAME, behind HAProxy (Debian's) on PORT
// (default 8080): round robin, health checks on /readyz, WebSockets passed through (no sticky sessions:
// a socket that lands on another process catches up by seq), X-Forwarded-For for the servers'
// TRUST_PROXY. PostgreSQL is DATABASE_URL's, or the data dir's embedded one, which a process of its own
// runs (scripts/embedded-postgres.mjs) and every server process is given the URL of; Redis is REDIS_URL's,
// or a redis-server started here on a free port. Files go to FILE_STORE_URL's bucket (with the FILE_STORE_*
// settings of the environment) or, when it is not set, to a local S3 server started here (s3rver,
// scripts/s3-server.mjs, its objects in ATALAYA_DATA_DIR/s3), so that a photo uploaded through one process
// is served by any other, as it would be across machines.
// It builds what changed first (scripts/builds.mjs, as `npm start` does), prints what it started and
// where, starts again a process that dies by itself, restarts the processes one by one on SIGHUP (each
// drained, the next only once the balancer has the restarted one back), and on Ctrl-C (SIGINT, SIGTERM)
// drains and stops every process, then the balancer, the Redis and the database it started.
//
// startCluster() is also the fault suite's (bench/faults.mjs, the rolling restart case).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import { freePort, startRedisServer } from "./redis-server.mjs";
import { ROOT, buildPortalIfChanged, buildServerIfChanged, compressPortal } from "./builds.mjs";

const SERVER = join(ROOT, "packages/server/dist/server.js");
/** The balancer's health checks: every CHECK_MS, a process out after FALL failures and back after RISE
 * successes. */
const CHECK_MS = 1000;
const FALL = 2;
const RISE = 2;
/** SHUTDOWN_NOTICE_MS of every process: /readyz answers 503 this long before the process stops taking
 * requests, which leaves the balancer FALL checks and one more to send the work elsewhere. */
export const NOTICE_MS = CHECK_MS * (FALL + 1);
// How long a process may take to be ready: the first migrates and seeds an empty database.
const FIRST_READY_MS = 300_000;
const READY_MS = 120_000;
// A drained process ends its requests within 10 s of its notice (server.ts); past this it is killed.
const EXIT_MS = NOTICE_MS + 15_000;
const BACKEND = "processes";

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// Every process this module started that is still running. They run in process groups of their own
// (a Ctrl-C reaches only this script, which stops them in order); should this script end any other
// way, they are sent SIGTERM as it exits.
const live = new Set();
function started(child, kind) {
  child.kind = kind;
  live.add(child);
  child.once("exit", () => live.delete(child));
  return child;
}
process.on("exit", () => {
  for (const child of live) child.kill("SIGTERM");
});

/** Whether host:port can be listened on now. */
function portIsFree(port, host) {
  return new Promise((done) => {
    const server = createServer();
    server.once("error", () => done(false));
    server.listen(port, host, () => server.close(() => done(true)));
  });
}

/** The haproxy binary: on the PATH, or where Debian puts it (/usr/sbin, not on every user's PATH). */
export function haproxyBinary() {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin"];
  return dirs.map((dir) => join(dir, "haproxy")).find((path) => existsSync(path));
}

/** Sends one command to HAProxy's admin socket; answers its reply. */
function haproxyCommand(socketPath, command) {
  return new Promise((done, fail) => {
    const socket = connect(socketPath);
    let reply = "";
    socket.setTimeout(2000, () => socket.destroy(new Error(`HAProxy's socket did not answer "${command}"`)));
    socket.on("connect", () => socket.end(`${command}\n`));
    socket.on("data", (chunk) => (reply += chunk));
    socket.on("close", () => done(reply));
    socket.on("error", fail);
  });
}

/** The last lines of a log file, to show why a process or the balancer stopped. */
function tailOf(file, lines = 15) {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/**
 * HAProxy's configuration, the one text both topologies use: the portal on `bind` (host:port), round
 * robin over `members` (each {name, address: host:port}) with checks on /readyz, and a statistics page
 * on `statsBind`. `origin` says in its first line who wrote it. `npm run cluster` adds an admin socket
 * (`socketPath`), from which it reads the members' states; compose.yaml's copy (deploy/haproxy.cfg,
 * written by scripts/deploy-haproxy.mjs) looks the members' names up in Docker's DNS (`resolvers`),
 * again every few seconds, so that a container started again under a new address is found, and starts
 * even while a member's name does not resolve yet.
 */
export function haproxyConfig({ origin, bind, members, statsBind, socketPath, accessLog, resolvers = false }) {
  return `# Written by ${origin}; edits are lost.
global
    # Two file descriptors a connection: within the usual limit of open files.
    maxconn 4096
${socketPath ? `    # The cluster script reads the servers' states here (show stat).\n    stats socket ${socketPath} mode 600 level admin\n` : ""}${accessLog ? "    log stdout format raw local0 info\n" : ""}
${resolvers ? "resolvers docker\n    # The container's resolver (Docker's embedded DNS, 127.0.0.11).\n    parse-resolv-conf\n    hold valid 5s\n\n" : ""}defaults
    mode http
${accessLog ? "    log global\n    option httplog\n" : ""}    option dontlognull
    timeout connect 2s
    timeout client 2m
    timeout server 2m
    timeout http-request 15s
    timeout http-keep-alive 15s
    timeout queue 10s
    # A WebSocket is a tunnel once upgraded: closed after this long without a byte either way. The servers
    # send every socket a ping and a seq tail every 20 s, so only a dead one is silent this long.
    timeout tunnel 1m
    timeout client-fin 5s
    # A request that could not reach a process goes to another one at once (a process killed with -9,
    # before the checks see it).
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response

frontend portal
    bind ${bind}
    # The client's address for the servers' TRUST_PROXY (one hop: this balancer).
    option forwardfor
    default_backend ${BACKEND}

backend ${BACKEND}
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    # A request the server may have acted on is not sent again: only GET and HEAD are retried after
    # an empty answer (a connection that failed is retried for any method).
    http-request disable-l7-retry unless METH_GET
    # Out after ${FALL} failed checks ${CHECK_MS} ms apart (a draining process answers 503 for ${NOTICE_MS} ms),
    # or at once when a connection to it fails; back after ${RISE} good ones.
    default-server check inter ${CHECK_MS}ms fall ${FALL} rise ${RISE} observe layer4 error-limit 1 on-error mark-down${resolvers ? " resolvers docker init-addr libc,none" : ""}
${members.map((m) => `    server ${m.name} ${m.address}`).join("\n")}

listen stats
    bind ${statsBind}
    stats enable
    stats uri /
    stats refresh 2s
`;
}

/**
 * Starts `processes` server processes and HAProxy in front of them on host:port; answers when every
 * process is ready and the balancer has them all up. The first process seeds (`seed`) an empty
 * database; the others start after it. `env` is added to every process's environment; `logDir` holds
 * each process's log (`<name>.log`) and the balancer's; `dataDir` is every process's ATALAYA_DATA_DIR.
 * With `restartCrashed`, a process that exits by itself is started again (else only noted in
 * `crashes`). `log` receives one line per event (a process restarted, drained…).
 */
export async function startCluster({
  processes = 3,
  host = "127.0.0.1",
  port,
  dataDir,
  logDir,
  databaseUrl,
  redisUrl,
  env = {},
  seed = "demo",
  accessLog = true,
  restartCrashed = false,
  log = () => undefined,
}) {
  const haproxy = haproxyBinary();
  if (!haproxy) throw new Error("HAProxy is not installed: apt-get install haproxy (Debian's), then start again.");
  mkdirSync(logDir, { recursive: true });
  const publicUrl = env.PUBLIC_URL ?? process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  // The sign-up captcha's challenges are signed by one process and checked by another: one key for all.
  const altchaKey = env.ALTCHA_HMAC_KEY ?? process.env.ALTCHA_HMAC_KEY ?? randomBytes(24).toString("hex");
  const members = [];
  for (let i = 1; i <= processes; i++) {
    const memberPort = await freePort();
    const name = `atalaya-${i}`;
    members.push({ name, port: memberPort, base: `http://127.0.0.1:${memberPort}`, log: join(logDir, `${name}.log`), child: undefined, starts: 0, expectExit: false, backoffMs: 1000 });
  }
  const crashes = [];
  let stopping = false;

  /** Starts member m (seeding when asked); answers once its /readyz says ready, from this very process. */
  async function startMember(m, { seedIt = false, readyMs = READY_MS } = {}) {
    const out = openSync(m.log, "a");
    const child = started(spawn(process.execPath, [SERVER], {
      cwd: ROOT,
      // Its own process group: a Ctrl-C in the terminal reaches the cluster script, which drains it.
      detached: true,
      stdio: ["ignore", out, out],
      env: {
        ...process.env,
        PUBLIC_URL: publicUrl,
        // One hop, the balancer, unless the environment says otherwise (another proxy in front of it).
        TRUST_PROXY: process.env.TRUST_PROXY || "true",
        ...env,
        ALTCHA_HMAC_KEY: altchaKey,
        PORT: String(m.port),
        HOST: "127.0.0.1",
        INSTANCE_NAME: m.name,
        SHUTDOWN_NOTICE_MS: String(NOTICE_MS),
        ATALAYA_DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        ATALAYA_SEED: seedIt ? seed : "none",
      },
    }), "server");
    closeSync(out);
    m.child = child;
    m.starts++;
    m.startedAt = Date.now();
    m.expectExit = false;
    child.once("exit", (code, signal) => {
      if (m.expectExit || stopping) return;
      const why = `${m.name} (pid ${child.pid}) exited by itself (${signal ?? `exit ${code}`})`;
      crashes.push(why);
      if (!restartCrashed) return log(why);
      // Started again at once after a long life, after a growing wait (up to 30 s) when it keeps dying.
      m.backoffMs = Date.now() - m.startedAt > 30_000 ? 1000 : Math.min(30_000, m.backoffMs * 2);
      log(`${why}; starting it again in ${m.backoffMs / 1000} s (its log: ${m.log})`);
      setTimeout(() => {
        if (stopping) return;
        startMember(m).then(
          () => log(`${m.name} is back (pid ${m.child.pid}); the balancer sends it work once ${RISE} checks pass`),
          (err) => log(`${m.name} did not start: ${err.message}`),
        );
      }, m.backoffMs);
    });
    const until = Date.now() + readyMs;
    while (Date.now() < until) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${m.name} exited while starting; the end of ${m.log}:\n${tailOf(m.log)}`);
      const answer = await fetch(`${m.base}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => (r.ok ? r.json() : undefined), () => undefined);
      if (answer?.pid === child.pid) return;
      await sleep(200);
    }
    m.expectExit = true;
    child.kill("SIGKILL");
    throw new Error(`${m.name} was not ready after ${readyMs / 1000} s; see ${m.log}`);
  }

  /** SIGTERM to member m (it drains); answers its exit, SIGKILL past EXIT_MS. */
  async function stopMember(m) {
    const child = m.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    m.expectExit = true;
    const exited = new Promise((done) => child.once("exit", (code, signal) => done(signal ?? code)));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), EXIT_MS);
    const how = await exited;
    clearTimeout(timer);
    return how;
  }

  try {
    await startMember(members[0], { seedIt: true, readyMs: FIRST_READY_MS });
    await Promise.all(members.slice(1).map((m) => startMember(m)));
  } catch (err) {
    stopping = true;
    await Promise.all(members.map(stopMember));
    throw err;
  }

  // The balancer, once the processes answer: its configuration beside the logs, its admin socket in a
  // short temporary path (a Unix socket's name is limited to 107 bytes).
  const socketDir = mkdtempSync(join(tmpdir(), "atalaya-haproxy-"));
  const socketPath = join(socketDir, "admin.sock");
  const statsPort = await freePort();
  const configFile = join(logDir, "haproxy.cfg");
  const haproxyLog = join(logDir, "haproxy.log");
  writeFileSync(
    configFile,
    haproxyConfig({
      origin: "npm run cluster (scripts/cluster.mjs) at each start",
      bind: `${host}:${port}`,
      members: members.map((m) => ({ name: m.name, address: `127.0.0.1:${m.port}` })),
      statsBind: `127.0.0.1:${statsPort}`,
      socketPath,
      accessLog,
    }),
  );
  const checked = spawnSync(haproxy, ["-c", "-q", "-f", configFile], { encoding: "utf8" });
  const stopAll = async () => {
    stopping = true;
    await Promise.all(members.map(stopMember));
  };
  if (checked.status !== 0) {
    await stopAll();
    throw new Error(`HAProxy refused ${configFile}:\n${checked.stdout}${checked.stderr}`);
  }
  const out = openSync(haproxyLog, "a");
  const balancer = started(spawn(haproxy, ["-db", "-f", configFile], { detached: true, stdio: ["ignore", out, out] }), "balancer");
  closeSync(out);
  balancer.once("exit", (code, signal) => {
    if (!stopping) crashes.push(`HAProxy exited by itself (${signal ?? `exit ${code}`}); see ${haproxyLog}`);
  });

  /** Each member's state as the balancer holds it ("UP", "DOWN", "UP 1/2" going down…), by name. */
  async function states() {
    const csv = await haproxyCommand(socketPath, "show stat");
    const [header, ...rows] = csv.trim().split("\n");
    const columns = header.replace(/^# /, "").split(",");
    const status = columns.indexOf("status");
    const result = new Map();
    for (const row of rows) {
      const cells = row.split(",");
      if (cells[0] === BACKEND && cells[1] !== "BACKEND") result.set(cells[1], cells[status]);
    }
    return result;
  }

  /** Waits until the balancer says member `name` is `wanted` (up to ms); answers the time it took. */
  async function waitState(name, wanted, ms = 60_000) {
    const since = Date.now();
    for (;;) {
      if (balancer.exitCode !== null || balancer.signalCode !== null) throw new Error(`HAProxy exited; the end of ${haproxyLog}:\n${tailOf(haproxyLog)}`);
      const state = (await states().catch(() => new Map())).get(name);
      if (wanted === "UP" ? state === "UP" : state?.startsWith("DOWN")) return Date.now() - since;
      if (Date.now() - since > ms) throw new Error(`the balancer did not have ${name} ${wanted} within ${ms / 1000} s (it says ${state ?? "nothing"}; see ${haproxyLog})`);
      await sleep(100);
    }
  }

  try {
    for (const m of members) await waitState(m.name, "UP", 30_000);
  } catch (err) {
    await stopAll();
    balancer.kill("SIGKILL");
    throw err;
  }

  const cluster = {
    url: `http://127.0.0.1:${port}`,
    publicUrl,
    statsUrl: `http://127.0.0.1:${statsPort}/`,
    members,
    balancer,
    haproxyLog,
    configFile,
    crashes,
    noticeMs: NOTICE_MS,
    states,
    /**
     * A graceful restart of member m: SIGTERM (it answers /readyz 503 draining for NOTICE_MS, ends what
     * is in flight, closes its sockets with 1001 and exits 0), the same process started again, back in
     * the balancer. Answers what happened: its exit, the old and new pid, when the balancer took it out
     * (ms after the SIGTERM) and when it had it back (ms after the restart began).
     */
    async restart(m) {
      const oldPid = m.child.pid;
      const began = Date.now();
      const exiting = stopMember(m);
      const outAfterMs = await waitState(m.name, "DOWN", EXIT_MS).catch(() => NaN);
      const exit = await exiting;
      const exitedAfterMs = Date.now() - began;
      await startMember(m);
      await waitState(m.name, "UP");
      return { name: m.name, oldPid, newPid: m.child.pid, exit, outAfterMs, exitedAfterMs, backAfterMs: Date.now() - began };
    },
    /**
     * kill -9 of member m, as a crash does (no drain: what it had in flight is cut), then the same
     * process started again and back in the balancer. Answers the old and new pid, when the balancer
     * took it out (ms after the kill) and when it had it back (ms after the kill).
     */
    async kill9(m) {
      const oldPid = m.child.pid;
      m.expectExit = true;
      const exited = new Promise((done) => m.child.once("exit", done));
      const began = Date.now();
      m.child.kill("SIGKILL");
      await exited;
      const outAfterMs = (Date.now() - began) + (await waitState(m.name, "DOWN", 30_000));
      await startMember(m);
      await waitState(m.name, "UP");
      return { name: m.name, oldPid, newPid: m.child.pid, outAfterMs, backAfterMs: Date.now() - began };
    },
    /** Restarts every member in turn (restart), each only once every member is up in the balancer. */
    async rollingRestart(onEach = () => undefined) {
      const results = [];
      for (const m of members) {
        for (const other of members) await waitState(other.name, "UP");
        const result = await cluster.restart(m);
        onEach(result);
        results.push(result);
      }
      return results;
    },
    /** Drains and stops every process, then the balancer. */
    async stop() {
      await stopAll();
      if (balancer.exitCode === null && balancer.signalCode === null) {
        const exited = new Promise((done) => balancer.once("exit", done));
        balancer.kill("SIGTERM");
        await exited;
      }
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** A redis-server on a free port (no persistence), its log in logFile; answers {url, port, child}. */
async function startRedis(logFile) {
  const redis = await startRedisServer({ logFile, detached: true });
  started(redis.child, "redis");
  return redis;
}

/** The data dir's embedded PostgreSQL in a process of its own (scripts/embedded-postgres.mjs); answers
 * {url, child} once it answers. */
async function startPostgres(pgDir, logFile) {
  const child = started(spawn(process.execPath, [join(ROOT, "scripts/embedded-postgres.mjs"), pgDir, logFile], { cwd: ROOT, detached: true, stdio: ["pipe", "pipe", "inherit"] }), "postgres");
  const line = await new Promise((done) => {
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
      if (text.includes("\n")) done(text.split("\n")[0]);
    });
    child.once("exit", (code) => done(text || JSON.stringify({ error: `the embedded PostgreSQL's process exited (${code}); see ${logFile}` })));
  });
  const answer = JSON.parse(line);
  if (answer.error) throw new Error(answer.error);
  return { url: answer.url, child };
}

/** The bucket of the files when FILE_STORE_URL is not given. */
const LOCAL_BUCKET = "atalaya";

/**
 * A local S3 server (scripts/s3-server.mjs: s3rver) keeping its objects in dir, on port (a free one when
 * not given), its errors in logFile. Answers {endpoint, port, dir, child, env, stop(), start()}: env holds
 * the FILE_STORE_* settings that point a server process at it; stop kills it (SIGKILL, as a store that
 * goes away) and start brings it back on the same port with what it held (the fault suite's case).
 */
export async function startObjectStore({ dir, logFile, port }) {
  const store = {
    port: port ?? (await freePort()),
    dir,
    child: undefined,
    get endpoint() {
      return `http://127.0.0.1:${store.port}`;
    },
    get env() {
      return {
        FILE_STORE_URL: `s3://${LOCAL_BUCKET}/files`,
        FILE_STORE_ENDPOINT: store.endpoint,
        FILE_STORE_REGION: "us-east-1",
        FILE_STORE_ACCESS_KEY_ID: "S3RVER",
        FILE_STORE_SECRET_ACCESS_KEY: "S3RVER",
        FILE_STORE_FORCE_PATH_STYLE: "true",
      };
    },
    async start() {
      const err = openSync(logFile, "a");
      const child = started(spawn(process.execPath, [join(ROOT, "scripts/s3-server.mjs"), dir, String(store.port), LOCAL_BUCKET], { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", err] }), "s3");
      closeSync(err);
      const line = await new Promise((done) => {
        let text = "";
        child.stdout.on("data", (chunk) => {
          text += chunk;
          if (text.includes("\n")) done(text.split("\n")[0]);
        });
        child.once("exit", (code) => done(text || JSON.stringify({ error: `the S3 server's process exited (${code}); see ${logFile}` })));
      });
      const answer = JSON.parse(line);
      if (answer.error) throw new Error(answer.error);
      store.child = child;
    },
    async stop(signal = "SIGTERM") {
      await stopChild(store.child, signal);
    },
  };
  await store.start();
  return store;
}

/** Stops a child this script started (signal, then SIGKILL after ms); answers once it has exited. */
async function stopChild(child, signal = "SIGTERM", ms = 15_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), ms);
  await exited;
  clearTimeout(timer);
}

/** `npm run cluster`. */
async function main() {
  const say = (line) => console.log(`[cluster ${new Date().toTimeString().slice(0, 8)}] ${line}`);
  const count = Number(process.env.CLUSTER_PROCESSES ?? 3);
  if (!Number.isInteger(count) || count < 1 || count > 8) {
    console.error(`Invalid setting CLUSTER_PROCESSES: must be a whole number from 1 to 8 (got "${process.env.CLUSTER_PROCESSES}")`);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? "0.0.0.0";
  if (!haproxyBinary()) {
    console.error("HAProxy is not installed: apt-get install haproxy (Debian's), then npm run cluster again.");
    process.exit(1);
  }
  if (!(await portIsFree(port, host))) {
    console.error(`Port ${port} is taken (npm start, or another cluster?): stop it, or set PORT.`);
    process.exit(1);
  }
  const dataDir = resolve(process.env.ATALAYA_DATA_DIR ?? "./data");
  const logDir = join(dataDir, "logs");
  mkdirSync(logDir, { recursive: true });

  // Everything started here, stopped in reverse order on Ctrl-C (or on a failed start).
  let cluster;
  let redis;
  let postgres;
  let objectStore;
  let stopping;
  const stopEverything = () =>
    (stopping ??= (async () => {
      if (cluster) {
        say(`draining the ${cluster.members.length} processes (/readyz answers 503 for ${NOTICE_MS / 1000} s, then each ends what is in flight), then the balancer`);
        await cluster.stop();
      }
      if (redis) await stopChild(redis.child);
      if (objectStore) await objectStore.stop();
      if (postgres) await stopChild(postgres.child);
    })());
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      if (stopping) return say("still stopping…");
      // Still starting: what runs is stopped in the same order, servers first.
      if (!cluster) {
        stopping = (async () => {
          for (const kind of ["server", "balancer", "redis", "s3", "postgres"]) await Promise.all([...live].filter((c) => c.kind === kind).map((c) => stopChild(c, "SIGTERM", EXIT_MS)));
        })();
        return void stopping.finally(() => process.exit(130));
      }
      void stopEverything().then(
        () => (say("everything it started has stopped"), process.exit(0)),
        (err) => (console.error(err), process.exit(1)),
      );
    });
  }

  try {
    // The builds as `npm start` runs them, their output in the build log.
    const buildLog = join(logDir, "build.log");
    const buildOutput = new PassThrough();
    const logFd = openSync(buildLog, "a");
    buildOutput.on("data", (chunk) => writeFileSync(logFd, chunk));
    const portalBuilding = buildPortalIfChanged(buildOutput);
    const serverBuilding = buildServerIfChanged(buildOutput);
    say(`${portalBuilding ? "building the portal (a minute or more) and " : ""}starting the database and Redis; the build's output goes to ${buildLog}`);
    await serverBuilding;

    const pgLog = join(logDir, "postgres.log");
    const databaseUrl = process.env.DATABASE_URL || undefined;
    const redisUrl = process.env.REDIS_URL || undefined;
    const fileStoreUrl = process.env.FILE_STORE_URL || undefined;
    const s3Log = join(logDir, "s3.log");
    const [pg, rd, s3] = await Promise.all([
      databaseUrl ? undefined : startPostgres(join(dataDir, "pg"), pgLog),
      redisUrl ? undefined : startRedis(join(logDir, "redis.log")),
      fileStoreUrl ? undefined : startObjectStore({ dir: join(dataDir, "s3"), logFile: s3Log }),
    ]);
    postgres = pg;
    redis = rd;
    objectStore = s3;
    await portalBuilding;

    say(`starting ${count} server processes (the first migrates and seeds an empty database), then HAProxy`);
    cluster = await startCluster({
      processes: count,
      host,
      port,
      dataDir,
      logDir,
      databaseUrl: databaseUrl ?? postgres.url,
      redisUrl: redisUrl ?? redis.url,
      // The local S3 server's settings; a FILE_STORE_URL of the environment reaches the processes as it is.
      env: objectStore ? objectStore.env : {},
      seed: process.env.ATALAYA_SEED ?? "demo",
      restartCrashed: true,
      log: say,
    });
    // The portal's brotli and gzip copies, at a low priority once the processes serve.
    compressPortal(logFd);

    const { demoLoginLines } = await import(pathToFileURL(join(ROOT, "packages/server/dist/seed/demo-data.js")).href);
    const url = `http://localhost:${port}`;
    const width = Math.max(...cluster.members.map((m) => m.name.length));
    const lines = [
      `${count} server process${count === 1 ? "" : "es"} behind HAProxy (round robin; health checks on /readyz every ${CHECK_MS / 1000} s; WebSockets pass through, no sticky sessions)`,
      `Portal:    ${url}/v3/login   API docs: ${url}/api/docs   Which process answered: ${url}/readyz`,
      `Balancer:  HAProxy on ${host}:${port}; its statistics ${cluster.statsUrl}; configuration ${cluster.configFile}; log ${cluster.haproxyLog}`,
      ...cluster.members.map((m, i) => `${i === 0 ? "Processes:" : "          "} ${m.name.padEnd(width)}  pid ${String(m.child.pid).padEnd(7)} ${m.base}  log ${m.log}`),
      `Database:  ${databaseUrl ? `PostgreSQL of DATABASE_URL (${new URL(databaseUrl).host})` : `embedded PostgreSQL in ${join(dataDir, "pg")} (its own process, pid ${postgres.child.pid}; log ${pgLog})`}`,
      `Redis:     ${redisUrl ? `REDIS_URL (${new URL(redisUrl).host})` : `redis-server on 127.0.0.1:${redis.port}, started here, no persistence (pid ${redis.child.pid}; log ${join(logDir, "redis.log")})`}`,
      `Files:     ${fileStoreUrl ? `FILE_STORE_URL ${fileStoreUrl}${process.env.FILE_STORE_ENDPOINT ? ` at ${process.env.FILE_STORE_ENDPOINT}` : ""}` : `a local S3 server (s3rver) on ${objectStore.endpoint}, bucket ${LOCAL_BUCKET}, prefix files/, started here (pid ${objectStore.child.pid}; its objects in ${objectStore.dir}; log ${s3Log})`}: every process reads and writes the same files`,
      ...(process.env.ATALAYA_SEED === "none" ? [] : demoLoginLines()),
      `Ctrl-C stops everything it started, each process drained first. A process that dies is started again; kill -HUP ${process.pid} restarts them one by one.`,
    ];
    console.log(`\n${lines.join("\n")}\n`);

    let rolling = false;
    process.on("SIGHUP", () => {
      if (rolling || stopping) return say("a rolling restart is already under way");
      rolling = true;
      say("rolling restart: each process drained and started again, the next once the balancer has it back");
      void cluster
        .rollingRestart((r) => say(`  ${r.name}: pid ${r.oldPid} → ${r.newPid}, out of the balancer after ${(r.outAfterMs / 1000).toFixed(1)} s, exited after ${(r.exitedAfterMs / 1000).toFixed(1)} s, back after ${(r.backAfterMs / 1000).toFixed(1)} s`))
        .then(
          () => say("rolling restart done"),
          (err) => say(`rolling restart stopped: ${err.message}`),
        )
        .finally(() => (rolling = false));
    });
  } catch (err) {
    console.error(err.message);
    await stopEverything();
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
