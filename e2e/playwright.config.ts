// Browser tests drive the built portal in Debian's Chromium (never a downloaded browser). The run starts
// one embedded PostgreSQL with a template database migrated and seeded with the demo organisation
// (support/global-setup.ts); each worker starts its own server on a copy of it (support/test.ts).
// E2E_WORKERS sets how many run side by side (`npm test`: 2, one per core).
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

// The workers' servers (support/test.ts passes this environment on) hash and verify passwords at argon2's
// smallest cost: the demo users', those the tests set and the login's dummy hash for unknown e-mails.
// Production's (64 MiB, 3 passes, 4 lanes) costs a quarter of a second of CPU a sign-in.
process.env.ARGON2_MEMORY_KIB ??= "8";
process.env.ARGON2_PASSES ??= "1";
process.env.ARGON2_PARALLELISM ??= "1";

export default defineConfig({
  testDir: "./tests",
  globalSetup: "./support/global-setup.ts",
  // Playwright empties it when a run starts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "../test-results",
  // Two workers share CI's two cores: a test gets two minutes, an expectation 15 s.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  reporter: [["list"]],
  use: {
    locale: "es-CL",
    timezoneId: "America/Santiago",
    // As an operator who asked the system for less motion: no ringing alarm repainting the page 60 times
    // a second and no opening animations, which spent most of Chromium's CPU in a two-core run.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium through a wrapper that merges the feature lists (support/chromium).
      executablePath: fileURLToPath(new URL("./support/chromium", import.meta.url)),
      args: [
        ...["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        // Each new context's window starts two WebUI renderers for the address bar's suggestions, which no
        // test has: a sixth of the stage's CPU, measured on three spec files.
        "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
      ],
    },
  },
});
