// The browser tests' `test`: Playwright's, with a portal server of its own per worker. Each worker starts
// the built server (port E2E_PORT plus the worker's index) on a database of its own, a copy of the run's
// template that global-setup.ts migrated and seeded with the demo organisation (so the server neither
// migrates nor seeds), and every page, request and new context of that worker's tests goes to it. `npm test`
// runs two workers: Playwright hands each spec file to whichever is free, so the two end together
// however long the files are, and no test sees another's reports.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test as base } from "@playwright/test";
import pg from "pg";
import { SERVER_URL_VARIABLE, TEMPLATE_VARIABLE } from "./global-setup.js";

export { expect } from "@playwright/test";

const SERVER = fileURLToPath(new URL("../../packages/server/dist/server.js", import.meta.url));
/** The first worker's port; worker N listens on this plus N. */
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 8181);
// A start on a migrated and seeded database: seconds, unless the machine is busy.
const READY_WITHIN_MS = 60_000;

interface Portal {
  url: string;
}

/** Runs one statement on the run's database server (its `postgres` database). */
async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env[SERVER_URL_VARIABLE] });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The run's server URL with another database. */
function databaseUrl(name: string): string {
  const u = new URL(process.env[SERVER_URL_VARIABLE]!);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Starts the server for one worker and answers once /readyz does; its output is kept for a failure. */
async function startPortal(port: number): Promise<{ portal: Portal; stop: () => Promise<void> }> {
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "atalaya-e2e-"));
  // This worker's copy of the template (a worker that starts again, after a failed test, gets a new one).
  const database = `atalaya_e2e_${process.pid}_${port}`;
  await onServer(`drop database if exists ${database}`);
  await onServer(`create database ${database} template ${process.env[TEMPLATE_VARIABLE]}`);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), PUBLIC_URL: url, ATALAYA_DATA_DIR: dataDir, DATABASE_URL: databaseUrl(database), LOG_LEVEL: "warn" };
  // The in-process bus, whatever the shell has set for the API tests.
  for (const name of ["REDIS_URL", "HOST", "TRUST_PROXY", "ALLOWED_ORIGINS"]) delete env[name];
  const server: ChildProcess = spawn(process.execPath, [SERVER], { env, stdio: ["ignore", "ignore", "pipe"] });
  const output: string[] = [];
  server.stderr?.on("data", (chunk: Buffer) => {
    output.push(chunk.toString());
    process.stderr.write(`[portal :${port}] ${chunk.toString()}`);
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await onServer(`drop database if exists ${database} with (force)`);
  };
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the portal on port ${port} exited (${server.exitCode}) before it was ready: ${output.join("")}`);
    }
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return { portal: { url }, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal on port ${port} was not ready within ${READY_WITHIN_MS / 1000} s: ${output.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const test = base.extend<object, { portal: Portal }>({
  portal: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const { portal, stop } = await startPortal(FIRST_PORT + workerInfo.parallelIndex);
      try {
        await use(portal);
      } finally {
        await stop();
      }
    },
    { scope: "worker", timeout: READY_WITHIN_MS + 30_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
});
