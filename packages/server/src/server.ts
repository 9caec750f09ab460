import { buildApp } from "./app.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { seedDemo } from "./seed/demo.seed.js";
import { DEMO_PASSWORD, DEMO_STAFF } from "./seed/demo-data.js";

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

const app = await buildApp(config);
if (config.seed === "demo" && (await seedDemo(app.ctx.db))) app.log.info("demo organisation seeded");
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
console.log(`\nAtalaya ${config.databaseUrl ? "on PostgreSQL" : `with embedded database in ${config.dataDir}`}`);
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
