// The portal opened at an address other than PUBLIC_URL's (here 127.0.0.1, with no PUBLIC_URL set at
// all, as after `npm start`) still gets its reports live: the WebSocket accepts its own origin.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, FIRST_PORT, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";

// Clear of the workers' own portals (FIRST_PORT plus the worker's index).
const PORT = FIRST_PORT + 50;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SERVER = fileURLToPath(new URL("../../packages/server/dist/server.js", import.meta.url));

test.use({ baseURL: ORIGIN });

let server: ChildProcess | undefined;
let dataDir: string;
const output: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), "atalaya-e2e-any-"));
  // As after `npm start`, the server runs an embedded PostgreSQL as the user postgres (when started as
  // root), which must be able to enter the data directory: mkdtemp makes it private to its owner.
  chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), ATALAYA_DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  for (const name of ["PUBLIC_URL", "ALLOWED_ORIGINS", "DATABASE_URL", "REDIS_URL", "TRUST_PROXY", "HOST"]) delete env[name];
  server = spawn(process.execPath, [SERVER], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  // The first start migrates and seeds the demo organisation.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited ${server.exitCode}: ${output.join("")}`);
    const ready = await fetch(`${ORIGIN}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`server not ready: ${output.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test("the portal opened at 127.0.0.1 with no PUBLIC_URL gets a report live", async ({ page, request }) => {
  await signIn(page, "operador@demo.cl");
  expect(new URL(page.url()).origin).toBe(ORIGIN);
  await expect(page.getByTestId("connection-status").first()).toHaveAttribute("data-state", "online");
  await page.getByTestId("sort-select").click();
  await page.getByText("Más recientes").last().click();

  const description = `Vecinos reportan un corte de luz en la cuadra ${Date.now()}`;
  const res = await request.post("/api/app/reports", {
    data: { type: 0, description, latitude: -33.4405, longitude: -70.6553, address: "Huérfanos 1100, Santiago" },
  });
  expect(res.ok()).toBe(true);
  // No reload: the report arrives over the WebSocket.
  await expect(page.getByText(description).first()).toBeVisible();
  await expect(page.getByTestId("new-report-alert")).toBeVisible();
  await page.screenshot({ path: "test-results/any-address-live.png" });
  expect(output.join("")).not.toContain("websocket refused");
});
