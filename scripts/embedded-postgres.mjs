// The embedded PostgreSQL of a data dir in a process of its own, for `npm run cluster` (scripts/cluster.mjs):
// every server process of the cluster gets its URL, and none of them owns it. Started detached from the
// terminal (its own process group), so a Ctrl-C reaches only the cluster script, which stops the servers
// first (they drain) and this last. Prints one JSON line, {"url"} once the database answers or {"error"};
// stops the database on SIGTERM or SIGINT, and when its parent goes (its standard input closes: the
// cluster script killed with -9 leaves no database running).
// Usage: node scripts/embedded-postgres.mjs <pg dir> <log file>
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./builds.mjs";

const [pgDir, logFile] = process.argv.slice(2);
if (!pgDir || !logFile) {
  console.error("usage: node scripts/embedded-postgres.mjs <pg dir> <log file>");
  process.exit(2);
}
const { startEmbeddedPostgres } = await import(pathToFileURL(join(ROOT, "packages/server/dist/db/embedded-postgres.js")).href);
const log = createWriteStream(logFile, { flags: "a" });
let server;
try {
  server = await startEmbeddedPostgres(pgDir, { log: (line) => log.write(`${line}\n`) });
} catch (err) {
  process.stdout.write(`${JSON.stringify({ error: err.message })}\n`);
  process.exit(1);
}
let stopping;
const stop = () => {
  stopping ??= server.stop().then(
    () => process.exit(0),
    (err) => {
      log.write(`stop failed: ${err.message}\n`);
      process.exit(1);
    },
  );
};
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, stop);
process.stdin.on("close", stop);
process.stdin.on("end", stop);
process.stdin.resume();
process.stdout.write(`${JSON.stringify({ url: server.url() })}\n`);
