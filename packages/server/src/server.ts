import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { serveWeb } from "./http/web.js";
import { seedDemo } from "./seed/demo.seed.js";
import { DEMO_PASSWORD, DEMO_STAFF } from "./seed/demo-data.js";

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
 * `portal` phase, what it answers as its note). */
export interface StartOptions {
  build?: { ms: number; endMs: number; note: string };
  portalBuild?: Promise<string>;
}

/** Starts the server: configuration, database, routes, demo seed, then listening; prints each phase's
 * time. Run at once when this file is the process's entry (`node dist/server.js`). */
export async function startServer(options: StartOptions = {}): Promise<void> {
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

  // Each start phase and its time, printed once listening.
  const phases: string[] = [];
  if (options.build) phases.push(`build ${seconds(options.build.ms)} (${options.build.note})`);
  phases.push(`load ${seconds(loaded - (options.build?.endMs ?? 0))}`);
  const app = await buildApp(config, {
    onPhase: (name, ms, note) => phases.push(`${name} ${seconds(ms)}${note ? ` (${note})` : ""}`),
    webLater: options.portalBuild !== undefined,
  });
  let since = performance.now();
  // seedDemo leaves a database that has a company alone (one count), so a restart does not seed again.
  const seeded = config.seed === "demo" && (await seedDemo(app.ctx.db));
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
  console.log(`\nStarted in ${seconds(performance.now())} (since the process started): ${phases.join(", ")}`);
  console.log(`Atalaya ${config.databaseUrl ? "on PostgreSQL" : `with embedded database in ${config.dataDir}`}`);
  console.log(`Portal: ${url}/v3/login   API docs: ${url}/api/docs`);
  console.log(`Demo logins (password ${DEMO_PASSWORD}): ${DEMO_STAFF.filter((s) => s.role !== "patrol").map((s) => s.email).join(", ")}\n`);

  // SIGTERM/SIGINT: stop accepting, let requests and sockets drain, close the database, exit.
  let closing = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, "shutting down");
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await startServer();
