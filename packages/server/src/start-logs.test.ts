import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO_FREEMIUM_OPERATOR, DEMO_PROVIDER_ADMIN, DEMO_STAFF, demoLogins } from "./seed/demo-data.js";
import { serverLogStream, startLogFiles } from "./start-logs.js";

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("npm start's log files", () => {
  it("keep every server log line in logs/server.log and print only warnings and errors", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "atalaya-start-logs-"));
    dirs.push(dataDir);
    const files = startLogFiles(dataDir);
    expect(files.server).toBe(join(dataDir, "logs", "server.log"));
    const printed: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    const stream = serverLogStream(files.server);
    const lines = [
      `{"level":30,"msg":"Server listening at http://127.0.0.1:8080"}\n`,
      `{"level":40,"msg":"online sockets"}\n`,
      `{"level":50,"msg":"shutdown failed"}\n`,
    ];
    for (const line of lines) stream.write(line);
    expect(readFileSync(files.server, "utf8")).toBe(lines.join(""));
    expect(printed).toEqual(lines.slice(1));
    // A restart appends to the same file.
    serverLogStream(files.server).write(lines[0]!);
    expect(readFileSync(files.server, "utf8")).toBe(lines.join("") + lines[0]);
  });
});

describe("the demo logins npm start prints", () => {
  const printed = demoLogins().flatMap((login) => login.emails);

  it("are every login the demo seed writes, each once", () => {
    const seeded = [...DEMO_STAFF.map((s) => s.email), DEMO_FREEMIUM_OPERATOR.email, DEMO_PROVIDER_ADMIN.email];
    expect([...printed].sort()).toEqual([...seeded].sort());
  });

  it("include every demo login the README names", () => {
    const readme = readFileSync(fileURLToPath(new URL("../../../README.md", import.meta.url)), "utf8");
    const named = new Set(readme.match(/[a-z0-9]+@demo\.cl/g));
    expect(named.size).toBeGreaterThan(5);
    for (const email of named) expect(printed, email).toContain(email);
  });
});
