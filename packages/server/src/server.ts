import { buildApp } from "./app.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { seedDemo } from "./seed/demo.seed.js";
import { DEMO_PASSWORD, DEMO_STAFF } from "./seed/demo-data.js";

// The first statement to run, once every import above is loaded: the time loading took (from the
// process's start, or from the end of scripts/start.mjs's build check, which imports this module).
const loaded = performance.now();

/** Milliseconds as seconds with one decimal. */
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

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

// Each start phase and its time, printed once listening (scripts/start.mjs passes the build's).
const phases: string[] = [];
const built = Number(process.env.ATALAYA_BUILD_MS);
if (Number.isFinite(built)) phases.push(`build ${seconds(built)} (${process.env.ATALAYA_BUILD_NOTE ?? ""})`);
const buildEnd = Number(process.env.ATALAYA_BUILD_END_MS);
phases.push(`load ${seconds(loaded - (Number.isFinite(buildEnd) ? buildEnd : 0))}`);
const app = await buildApp(config, { onPhase: (name, ms, note) => phases.push(`${name} ${seconds(ms)}${note ? ` (${note})` : ""}`) });
let since = performance.now();
// seedDemo leaves a database that has a company alone (one count), so a restart does not seed again.
const seeded = config.seed === "demo" && (await seedDemo(app.ctx.db));
phases.push(`seed ${seconds(performance.now() - since)} (${config.seed !== "demo" ? "none asked" : seeded ? "demo organisation seeded" : "already seeded"})`);
since = performance.now();
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
