import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appWithLog, LEVEL, type LogLine } from "../test/log-capture.js";

let app: FastifyInstance;
let lines: LogLine[];
let debugApp: FastifyInstance;
let debugLines: LogLine[];

beforeAll(async () => {
  ({ app, lines } = await appWithLog({ LOG_LEVEL: "info", METRICS_TOKEN: "metrics-token-0123456789" }));
  ({ app: debugApp, lines: debugLines } = await appWithLog({ LOG_LEVEL: "debug" }));
});
afterAll(async () => {
  await app.close();
  await debugApp.close();
});

/** The log lines of one injected request (by its request id), once its request line is written. */
async function linesOf(target: FastifyInstance, log: LogLine[], opts: InjectOptions) {
  const res = await target.inject(opts);
  const id = res.headers["x-request-id"] as string;
  return vi.waitFor(() => {
    const mine = log.filter((l) => l.reqId === id);
    expect(mine.some((l) => l.msg === "request")).toBe(true);
    return { res, mine };
  });
}

describe("request log", () => {
  it("writes one line per request at info: method, url, status, response time (no incoming/completed pair)", async () => {
    const { res, mine } = await linesOf(app, lines, { method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(mine).toEqual([
      expect.objectContaining({ level: LEVEL.info, msg: "request", method: "GET", url: "/api/docs/json", status: 200, responseTime: expect.any(Number) }),
    ]);
    expect(mine[0]).not.toHaveProperty("code");
    expect(lines.filter((l) => l.msg === "incoming request" || l.msg === "request completed")).toEqual([]);
  });

  it("says why a request was refused: the API error code, in the same line", async () => {
    const cases = [
      [{ method: "GET", url: "/api/settings" }, 401, "notAuthenticated"],
      [{ method: "GET", url: "/api/nothing-here" }, 404, "notFound"],
      [{ method: "POST", url: "/api/login", payload: {} }, 400, "fieldMissing"],
      [{ method: "POST", url: "/api/login", headers: { "content-type": "application/json" }, payload: "{bad" }, 400, "validation"],
    ] as const;
    for (const [opts, status, code] of cases) {
      const { mine } = await linesOf(app, lines, opts);
      expect(mine, `${opts.method} ${opts.url}`).toEqual([expect.objectContaining({ level: LEVEL.info, msg: "request", status, code })]);
    }
  });

  it("says which fields a refused body had wrong, and the reason of a refused token", async () => {
    const { mine } = await linesOf(app, lines, { method: "POST", url: "/api/realtime/ticket", payload: { companyId: "x" } });
    expect(mine).toEqual([expect.objectContaining({ status: 401, code: "notAuthenticated" })]);
    const invalid = await linesOf(app, lines, { method: "POST", url: "/api/app/reports", payload: { type: 0, latitude: 200, longitude: -70.6 } });
    expect(invalid.res.statusCode).toBe(400);
    expect(invalid.mine).toEqual([expect.objectContaining({ status: 400, code: "validation", fields: expect.arrayContaining([expect.stringMatching(/^latitude:/)]) })]);
    const metrics = await linesOf(app, lines, { method: "GET", url: "/metrics" });
    expect(metrics.mine).toEqual([expect.objectContaining({ status: 401, code: "notAuthenticated", reason: "metricsTokenMissing" })]);
    const wrong = await linesOf(app, lines, { method: "GET", url: "/metrics", headers: { authorization: "Bearer not-the-metrics-token" } });
    expect(wrong.mine).toEqual([expect.objectContaining({ status: 403, code: "forbidden", reason: "metricsTokenWrong" })]);
    expect(JSON.stringify(lines)).not.toContain("not-the-metrics-token");
  });

  it("never writes tokens from the query", async () => {
    const { mine } = await linesOf(app, lines, { method: "GET", url: "/api/nothing?access_token=s3cr3t-a&ticket=s3cr3t-b&x=1" });
    expect(mine).toEqual([expect.objectContaining({ url: "/api/nothing?access_token=[redacted]&ticket=[redacted]&x=1" })]);
    expect(JSON.stringify(lines)).not.toContain("s3cr3t");
  });

  it("logs health probes at debug only", async () => {
    for (const url of ["/healthz", "/readyz"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      const { mine } = await linesOf(debugApp, debugLines, { method: "GET", url });
      expect(mine).toEqual([expect.objectContaining({ level: LEVEL.debug, msg: "request", url, status: 200 })]);
    }
    expect(lines.filter((l) => l.url === "/healthz" || l.url === "/readyz")).toEqual([]);
  });
});
