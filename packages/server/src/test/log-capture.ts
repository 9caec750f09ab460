import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { TEST_ORIGIN, TEST_PASSWORD_COST_ENV, testBus, testDb } from "./harness.js";

/** One parsed JSON log line (pino). */
export type LogLine = { level: number; msg: string; reqId?: string } & Record<string, unknown>;

export const LEVEL = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

/** A full application on the shared test database whose log lines are kept in `lines`. */
export async function appWithLog(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const config = loadConfig({ LOG_LEVEL: "info", PUBLIC_URL: TEST_ORIGIN, WEB_DIST_DIR: "/nonexistent", ...TEST_PASSWORD_COST_ENV, ...env });
  const bus = await testBus();
  const app = await buildApp(config, {
    db: await testDb(),
    bus,
    logStream: { write: (chunk: string) => void lines.push(JSON.parse(chunk) as LogLine) },
  });
  if (bus.kind === "redis") app.addHook("onClose", () => bus.close());
  return { app, lines };
}
