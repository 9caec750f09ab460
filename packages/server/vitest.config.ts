// API and unit tests of the server. globalSetup prepares one migrated database; each worker then
// opens it once (PGlite from a dumped data directory, or, when TEST_DATABASE_URL names a PostgreSQL
// server, a database created on it for this run and dropped at its end: src/test/test-database.ts).
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: process.env.TEST_DATABASE_URL ? "server (postgres)" : "server (pglite)",
    environment: "node",
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    // Its own worker limit (one database per worker) needs its own group, run after the pure unit tests.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
