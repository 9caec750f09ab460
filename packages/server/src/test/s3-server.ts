import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const SCRIPT = join(fileURLToPath(new URL("../../../..", import.meta.url)), "scripts/s3-server.mjs");

/** A port no one listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** A local S3 server (scripts/s3-server.mjs, s3rver) in a process of its own, with one bucket in a
 * directory: `stop` kills it (kill -9: connections reset, as a store that goes away), `start` brings
 * it back on the same port with what it held. */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** FILE_STORE_* settings that point the server at it, under `prefix`. */
  env(prefix?: string): Record<string, string>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts a local S3 server keeping its objects in directory. */
export async function startS3Server(directory: string, bucket = "atalaya-test"): Promise<TestS3Server> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server: TestS3Server = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    env: (prefix = "files") => ({
      FILE_STORE_URL: `s3://${bucket}/${prefix}`,
      FILE_STORE_ENDPOINT: `http://127.0.0.1:${port}`,
      FILE_STORE_REGION: "us-east-1",
      FILE_STORE_ACCESS_KEY_ID: "S3RVER",
      FILE_STORE_SECRET_ACCESS_KEY: "S3RVER",
      FILE_STORE_FORCE_PATH_STYLE: "true",
    }),
    async start() {
      child = spawn(process.execPath, [SCRIPT, directory, String(port), bucket], { stdio: ["ignore", "pipe", "inherit"] });
      const [line] = (await once(createInterface({ input: child.stdout! }), "line")) as [string];
      const answer = JSON.parse(line) as { error?: string };
      if (answer.error) throw new Error(answer.error);
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
    },
  };
  await server.start();
  return server;
}
