// A redis-server of a script's own (Debian's redis-server), for what runs Redis when REDIS_URL is not
// set: `npm run cluster` and the fault suite. No persistence: it holds only fan-out and leases, which the
// processes rebuild from PostgreSQL.
import { spawn } from "node:child_process";
import { connect, createServer } from "node:net";

/** A port no one listens on now (the kernel's pick). */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Whether a Redis answers PING on 127.0.0.1:port within a second. */
export function redisAnswers(port) {
  return new Promise((done) => {
    const socket = connect({ host: "127.0.0.1", port }, () => socket.write("PING\r\n"));
    socket.setTimeout(1000, () => (socket.destroy(), done(false)));
    socket.once("data", (d) => (socket.end(), done(String(d).startsWith("+PONG"))));
    socket.once("error", () => done(false));
  });
}

/**
 * Starts redis-server on `port` (a free one when omitted), its log in `logFile` when given, in a process
 * group of its own when `detached`; answers {url, port, child} once it answers PING, or fails with a line
 * that says what to do (not installed, port taken, no answer within 10 s).
 */
export async function startRedisServer({ port, logFile, detached = false } = {}) {
  const listen = port ?? (await freePort());
  const args = ["--port", String(listen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...(logFile ? ["--logfile", logFile] : [])];
  const child = spawn("redis-server", args, { detached, stdio: "ignore" });
  const failed = new Promise((_, fail) =>
    child.once("error", (err) => fail(new Error(err.code === "ENOENT" ? "redis-server is not installed: apt-get install redis-server, or set REDIS_URL" : err.message))),
  );
  failed.catch(() => undefined);
  const until = Date.now() + 10_000;
  for (;;) {
    await Promise.race([failed, new Promise((done) => setTimeout(done, 100))]);
    const seeLog = logFile ? `; see ${logFile}` : "";
    if (child.exitCode !== null) throw new Error(`redis-server on port ${listen} exited (${child.exitCode}): is the port taken?${seeLog}`);
    if (await redisAnswers(listen)) return { url: `redis://127.0.0.1:${listen}`, port: listen, child };
    if (Date.now() > until) {
      child.kill("SIGKILL");
      throw new Error(`redis-server did not answer on port ${listen} within 10 s${seeLog}`);
    }
  }
}
