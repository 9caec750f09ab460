import { createWriteStream, realpathSync } from "node:fs";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { EmbeddedDatabaseRefused } from "./db/embedded-postgres.js";
import { serveWeb } from "./http/web.js";
import { seedDemo } from "./seed/demo.seed.js";
import { demoLoginLines } from "./seed/demo-data.js";
import { serverLogStream, startLogFiles } from "./start-logs.js";

// The first statement to run, once every import above is loaded: the time loading took (from the
// process's start, or from the end of scripts/start.mjs's server build, which imports this module).
const loaded = performance.now();

/** Milliseconds as seconds with one decimal. */
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** What `npm start` (scripts/start.mjs) hands the server when it imports it: how long the server's build
 * took and what it did, and the portal's build, still running beside this start: the database opens,
 * migrates and seeds meanwhile, and the built portal is looked for once it is done (printed as the
 * `portal` phase, what it answers as its note). With `npm start` the builds' output and the server's JSON
 * log go to files under the data dir (start-logs.ts), so the terminal shows the start itself. */
export interface StartOptions {
  build?: { ms: number; endMs: number; note: string };
  portalBuild?: Promise<string>;
  /** `npm start`: the server's JSON log goes to the data dir's logs/server.log (warnings and errors to
   * stderr too) and this start's build output (Vite's chunk table and warnings…), when something is
   * being built, to logs/build.log. */
  logFiles?: { buildOutput?: Readable };
}

/** Starts the server: configuration, database, routes, demo seed, then listening; prints each phase's
 * time, the portal's address and the demo logins. Run at once when this file is the process's entry
 * (`node dist/server.js`). Answers where `npm start`'s build log is, for the compression's note. */
export async function startServer(options: StartOptions = {}): Promise<{ buildLog: string | null }> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const logs = options.logFiles ? startLogFiles(config.dataDir) : null;
  if (logs && options.logFiles?.buildOutput) {
    options.logFiles.buildOutput.pipe(createWriteStream(logs.build));
    console.log(`The build's output goes to ${logs.build}.`);
  }

  // Each start phase and its time, printed once listening.
  const phases: string[] = [];
  if (options.build) phases.push(`build ${seconds(options.build.ms)} (${options.build.note})`);
  phases.push(`load ${seconds(loaded - (options.build?.endMs ?? 0))}`);
  const app = await buildApp(config, {
    onPhase: (name, ms, note) => phases.push(`${name} ${seconds(ms)}${note ? ` (${note})` : ""}`),
    webLater: options.portalBuild !== undefined,
    ...(logs ? { logStream: serverLogStream(logs.server) } : {}),
  }).catch((err: unknown) => {
    // A data directory the embedded database cannot use: the one line that says what to do.
    if (err instanceof EmbeddedDatabaseRefused) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  });
  let since = performance.now();
  // seedDemo leaves a database that has a company alone (one count), so a restart does not seed again.
  const seeded = config.seed === "demo" && (await seedDemo(app.ctx.db, config.passwordCost));
  phases.push(`seed ${seconds(performance.now() - since)} (${config.seed !== "demo" ? "none asked" : seeded ? "demo organisation seeded" : "already seeded"})`);
  since = performance.now();
  if (options.portalBuild) {
    const note = await options.portalBuild;
    await serveWeb(app, config);
    phases.push(`portal ${seconds(performance.now() - since)} (${note})`);
    since = performance.now();
  }
  await app.listen({ port: config.port, host: config.host });
  phases.push(`listen ${seconds(performance.now() - since)}`);

  const url = `http://localhost:${config.port}`;
  const lines = [
    `Started in ${seconds(performance.now())} (since the process started): ${phases.join(", ")}`,
    `Portal:   ${url}/v3/login   API docs: ${url}/api/docs`,
    `Data:     ${config.databaseUrl ? "PostgreSQL (DATABASE_URL), files in" : "embedded PostgreSQL and files in"} ${config.dataDir}`,
  ];
  if (logs) lines.push(`Logs:     ${logs.server} (the server's, JSON), ${logs.build} (the last build's)`);
  if (config.seed === "demo") lines.push(...demoLoginLines());
  console.log(`\n${lines.join("\n")}\n`);

  // SIGTERM/SIGINT: /readyz turns red for SHUTDOWN_NOTICE_MS (a balancer's check sees it and sends the
  // work elsewhere), then the server stops accepting, lets requests in flight end, closes its sockets
  // (1001: the clients reconnect, to another process, and catch up by seq), stops its jobs and closes the
  // database; in-flight work is bounded by 10 s.
  let closing = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.draining = true;
      app.log.info({ signal, noticeMs: config.shutdownNoticeMs }, "shutting down");
      const force = setTimeout(() => process.exit(1), config.shutdownNoticeMs + 10_000);
      force.unref();
      new Promise((resolve) => setTimeout(resolve, config.shutdownNoticeMs)).then(() => app.close()).then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
  return { buildLog: logs?.build ?? null };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await startServer();
