import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";
import { body, TEST_ORIGIN, testApp } from "./test/harness.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  // Hidden: a probe of the error handler, outside the API and its route table.
  app.get("/api/test-explode", { config: { public: true }, schema: { hide: true } }, async () => {
    throw new Error("secret internal detail");
  });
});
afterAll(() => app.close());

describe("application shell", () => {
  it("/healthz and /readyz answer", async () => {
    expect(body(await app.inject("/healthz"))).toEqual({ status: "ok" });
    const ready = await app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(body(ready)).toMatchObject({ status: "ready", instance: expect.any(String), pid: process.pid });
  });

  it("/readyz turns red while the process drains (SIGTERM), naming the process", async () => {
    app.draining = true;
    try {
      const draining = await app.inject("/readyz");
      expect(draining.statusCode).toBe(503);
      expect(body(draining)).toEqual({ status: "draining", instance: expect.any(String), pid: process.pid });
      expect((await app.inject("/healthz")).statusCode).toBe(200);
    } finally {
      app.draining = false;
    }
  });

  it("answers unknown API routes with 404 JSON", async () => {
    const res = await app.inject("/api/does-not-exist");
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ success: false, error: { code: "notFound" } });
  });

  it("answers an unexpected failure with generalError and no detail", async () => {
    const res = await app.inject("/api/test-explode");
    expect(res.statusCode).toBe(500);
    expect(body(res)).toEqual({ success: false, error: { code: "generalError", message: expect.any(String) } });
    expect(res.body).not.toContain("secret internal detail");
  });

  it("answers malformed JSON with 400, never 500", async () => {
    const res = await app.inject({ method: "POST", url: "/api/login", headers: { "content-type": "application/json" }, payload: "{nope" });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, error: { code: "validation" } });
  });

  it("serves OpenAPI 3.1 generated from the zod schemas", async () => {
    const res = await app.inject("/api/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = body<{ openapi: string; servers: { url: string }[]; paths: Record<string, unknown> }>(res);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers.map((s) => s.url)).toEqual([TEST_ORIGIN]);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/login", "/api/settings", "/api/realtime/ticket"]));
    expect((await app.inject("/api/docs")).statusCode).toBeLessThan(400);
  });

  it("gives every response a request id", async () => {
    const res = await app.inject("/healthz");
    expect(res.headers["x-request-id"]).toMatch(/[0-9a-f-]{36}/);
  });
});

describe("configuration", () => {
  it("fails with one line naming the wrong setting", () => {
    for (const [name, value] of [["PORT", "eighty"], ["DATABASE_URL", "mysql://x"], ["REDIS_URL", "nope"], ["LOG_LEVEL", "loud"], ["SHUTDOWN_NOTICE_MS", "-1"], ["INSTANCE_NAME", " "]] as const) {
      let error: unknown;
      try {
        loadConfig({ [name]: value });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(name);
      expect((error as Error).message).not.toContain("\n");
    }
  });
  it("has defaults for a fresh machine", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, databaseUrl: undefined, redisUrl: undefined, publicUrl: "http://localhost:8080", shutdownNoticeMs: 0, instanceName: expect.any(String) });
    expect(c.dataDir).toMatch(/data$/);
  });
});
