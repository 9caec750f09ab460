// What `npm start` (scripts/start.mjs) writes to files instead of the terminal, so the terminal shows the
// start's phases, the address and the demo logins: the builds' output (Vite's chunk table and warnings,
// the compression's note) and the server's JSON log, both under the data dir's `logs/`.
import { mkdirSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { DestinationStream } from "pino";

/** The files of `npm start`'s logs under a data dir; creates their folder. */
export function startLogFiles(dataDir: string): { dir: string; build: string; server: string } {
  const dir = join(dataDir, "logs");
  mkdirSync(dir, { recursive: true });
  return { dir, build: join(dir, "build.log"), server: join(dir, "server.log") };
}

// pino's numeric levels: 40 is warn, 50 error, 60 fatal.
const WARN = 40;
const LEVEL = /"level":(\d+)/;

/** The server's JSON log appended to `file`, each line written before the next (a crash loses none);
 * warnings and errors are also written to stderr, so a problem still shows in the terminal. */
export function serverLogStream(file: string): DestinationStream {
  const fd = openSync(file, "a");
  return {
    write(line: string) {
      writeSync(fd, line);
      if (Number(LEVEL.exec(line)?.[1] ?? 0) >= WARN) process.stderr.write(line);
    },
  };
}
