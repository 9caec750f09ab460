// API and unit tests of the server, on PostgreSQL: the server of TEST_DATABASE_URL when set, else an
// embedded one the run starts for itself. globalSetup migrates one database; each worker opens its own
// copy of it once (all created for this run and dropped at its end: src/test/test-database.ts).
import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  // globalSetup is loaded in Vitest's own environment: from sources too, so that it does not need a
  // built packages/shared (npm test runs it beside the type check that builds one).
  environments: { __vitest__: { resolve: { conditions: ["source", ...defaultServerConditions] } } },
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    // A worker imports the server once and keeps its database for every file it runs (testDb() opens it
    // once): importing the app per file cost more CPU than the tests themselves (607 s of 880 on CI's
    // two cores). A worker's test files already share its database, so none may rely on a fresh module state.
    isolate: false,
    // Its own worker limit (one database per worker) needs its own group, run after the pure unit tests.
    sequence: { groupOrder: 1 },
    // `npm test` runs this beside the type check and the build on CI's 2 cores; a few tests (20 argon2
    // logins, the demo seed) take 15-20 s even alone. The limits only end a hung test.
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
