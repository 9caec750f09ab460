// The README's test command after type check and lint: unit and API tests on PGlite, the API tests
// again on PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set, then the browser tests.
import { spawnSync } from "node:child_process";

const { DATABASE_URL, REDIS_URL, ...baseEnv } = process.env;

function run(title, cmd, args, env) {
  console.log(`\n▶ ${title}`);
  const res = spawnSync(cmd, args, { stdio: "inherit", env });
  if (res.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(res.status ?? 1);
  }
}

run("unit and API tests (PGlite, in-process bus)", "npx", ["vitest", "run"], baseEnv);
if (DATABASE_URL) {
  run(
    `API tests again on PostgreSQL${REDIS_URL ? " with Redis fan-out" : ""}`,
    "npx",
    ["vitest", "run", "--project", "server (postgres)"],
    { ...baseEnv, TEST_DATABASE_URL: DATABASE_URL, ...(REDIS_URL ? { TEST_REDIS_URL: REDIS_URL } : {}) },
  );
}
run("build", "npm", ["run", "build"], baseEnv);
run("browser tests (Playwright, Debian Chromium)", "npx", ["playwright", "test", "-c", "e2e/playwright.config.ts"], baseEnv);
