// Browser tests drive the built portal in Debian's Chromium (never a downloaded browser), against a
// server started on a fresh embedded database seeded with the demo organisation.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), "atalaya-e2e-"));

export default defineConfig({
  testDir: "./tests",
  // Each shard of `npm test` has its own (Playwright empties it when a run starts).
  outputDir: process.env.E2E_OUTPUT_DIR ?? "../test-results",
  // Two shards share CI's two cores with the API tests: a test gets two minutes, an expectation 15 s.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    locale: "es-CL",
    timezoneId: "America/Santiago",
    // As an operator who asked the system for less motion: no ringing alarm repainting the page 60 times
    // a second and no opening animations, which spent most of Chromium's CPU in a two-core run.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    command: "node ../packages/server/dist/server.js",
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      ATALAYA_DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      REDIS_URL: "",
    },
  },
});
