import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_SAMPLE_RATE, PORTAL_VERSION, type ClientErrorReport } from "@atalaya/shared";
import { DEDUP_WINDOW_MS, FLUSH_DELAY_MS, MAX_DISTINCT_PER_WINDOW, createErrorReporter, describeThrown, isReportableFailure } from "./error-reporter";

function setup(opts: { random?: () => number; path?: string; companyId?: number | null } = {}) {
  const sent: ClientErrorReport[] = [];
  const timers: (() => void)[] = [];
  let now = Date.parse("2026-11-26T12:00:00Z");
  const reporter = createErrorReporter({
    release: PORTAL_VERSION,
    location: () => opts.path ?? "/v3/events/123?access-token=abc",
    companyId: () => (opts.companyId === undefined ? 7 : opts.companyId),
    random: opts.random ?? (() => 0),
    now: () => now,
    send: (r) => sent.push(r),
    schedule: (fn, ms) => {
      expect(ms).toBe(FLUSH_DELAY_MS);
      timers.push(fn);
    },
  });
  return {
    reporter,
    sent,
    runTimers: () => timers.splice(0).forEach((fn) => fn()),
    advance: (ms: number) => void (now += ms),
    errors: () => sent.flatMap((r) => r.errors),
  };
}

describe("the error reporter", () => {
  it("samples at the SPEC §9 rate: an error drawn at or above 0.8 is dropped, and so are its repeats", () => {
    expect(CLIENT_ERROR_SAMPLE_RATE).toBe(0.8);
    const kept = setup({ random: () => 0.79 });
    kept.reporter.capture({ kind: "error", message: "Boom" });
    kept.runTimers();
    expect(kept.errors()).toHaveLength(1);

    const dropped = setup({ random: () => 0.8 });
    dropped.reporter.capture({ kind: "error", message: "Boom" });
    dropped.reporter.capture({ kind: "error", message: "Boom" });
    dropped.reporter.flush();
    expect(dropped.sent).toEqual([]);
  });

  it("sends the release, the company and the route without ids or query, in one batch after the delay", () => {
    const s = setup();
    s.reporter.capture({ kind: "error", message: "TypeError: a", stack: "TypeError: a\n    at x (https://portal/assets/a.js?v=2:1:2)" });
    s.reporter.capture({ kind: "api", message: "GET /api/companies/7/reports failed with 502", status: 502, method: "GET" });
    expect(s.sent).toEqual([]);
    s.runTimers();
    expect(s.sent).toHaveLength(1);
    expect(s.sent[0]).toMatchObject({ release: PORTAL_VERSION, companyId: 7 });
    expect(s.errors()).toEqual([
      expect.objectContaining({ kind: "error", message: "TypeError: a", route: "/v3/events/:id", count: 1, stack: "TypeError: a\n    at x (https://portal/assets/a.js:1:2)" }),
      expect.objectContaining({ kind: "api", status: 502, method: "GET", route: "/v3/events/:id" }),
    ]);
    expect(JSON.stringify(s.sent)).not.toContain("access-token");
  });

  it("leaves the company out when none is selected (the login page)", () => {
    const s = setup({ companyId: null, path: "/v3/login" });
    s.reporter.capture({ kind: "unhandledrejection", message: "Network down" });
    s.reporter.flush();
    expect(s.sent[0]).not.toHaveProperty("companyId");
    expect(s.errors()[0]!.route).toBe("/v3/login");
  });

  it("counts a repeat within the window instead of sending it again, so a loop cannot flood", () => {
    const s = setup();
    for (let i = 0; i < 500; i++) s.reporter.capture({ kind: "error", message: "Loop" });
    s.runTimers();
    expect(s.errors()).toEqual([expect.objectContaining({ message: "Loop", count: 500 })]);
    // Still in the window after it left: counted, carried by the next window's report.
    for (let i = 0; i < 10; i++) s.reporter.capture({ kind: "error", message: "Loop" });
    s.runTimers();
    expect(s.sent).toHaveLength(1);
    s.advance(DEDUP_WINDOW_MS);
    s.reporter.capture({ kind: "error", message: "Loop" });
    s.runTimers();
    expect(s.errors().map((e) => e.count)).toEqual([500, 11]);
  });

  it("queues at most a bounded number of distinct errors per window, in batches of 20", () => {
    const s = setup();
    for (let i = 0; i < 100; i++) s.reporter.capture({ kind: "error", message: `Error number ${"x".repeat(i)}` });
    s.reporter.flush();
    expect(s.errors()).toHaveLength(MAX_DISTINCT_PER_WINDOW);
    expect(s.sent.map((r) => r.errors.length)).toEqual([20, MAX_DISTINCT_PER_WINDOW - 20]);
  });

  it("scrubs e-mails, phones, tokens and query strings, drops control characters and cuts long texts", () => {
    const s = setup();
    s.reporter.capture({
      kind: "error",
      message: `Failed\u0000 for maria@example.cl +56 9 8765 4321 Bearer abc.def token=s3cr3t https://x.cl/a?code=123 ${"word ".repeat(200)}`,
    });
    s.reporter.flush();
    const [error] = s.errors();
    expect(error!.message).toMatch(/^Failed for \[email\] \[phone\] Bearer \[token\] token=\[redacted\] https:\/\/x\.cl\/a /);
    expect(error!.message).not.toMatch(/maria|8765|s3cr3t|code=/);
    expect(error!.message.includes("\u0000")).toBe(false);
    expect(Array.from(error!.message)).toHaveLength(500);
  });

  it("keeps long hyphenated words (a class name, a route) that are not tokens", () => {
    const s = setup({ path: "/v3/custom-dashboards/a1b2c3d4e5f6a7b8c9d0e1" });
    s.reporter.capture({ kind: "error", message: "Missing ant-select-selection-overflow-item-suffix in layout" });
    s.reporter.flush();
    expect(s.errors()[0]).toMatchObject({ message: "Missing ant-select-selection-overflow-item-suffix in layout", route: "/v3/custom-dashboards/:id" });
  });

  it("drops stacks from the end of a batch that would not fit a keepalive request", () => {
    const s = setup();
    for (let i = 0; i < 20; i++) s.reporter.capture({ kind: "error", message: `E${i}`, stack: `${"frame ".repeat(700)}` });
    s.reporter.flush();
    expect(JSON.stringify(s.sent[0]).length).toBeLessThan(64_000);
    expect(s.errors()[0]!.stack).toBeDefined();
    expect(s.errors()[19]!.stack).toBeUndefined();
  });
});

describe("isReportableFailure", () => {
  it("reports no response, 5xx and the 4xx no screen expects; not the API's ordinary refusals", () => {
    expect([0, 500, 502, 503, 405, 413, 414, 415, 431].every(isReportableFailure)).toBe(true);
    expect([400, 401, 403, 404, 409, 422, 429].some(isReportableFailure)).toBe(false);
  });
});

describe("describeThrown", () => {
  it("reads errors, strings and other values", () => {
    expect(describeThrown(new TypeError("x"))).toMatchObject({ message: "TypeError: x", stack: expect.any(String) });
    expect(describeThrown("plain")).toEqual({ message: "plain" });
    expect(describeThrown({ a: 1 })).toEqual({ message: '{"a":1}' });
    expect(describeThrown(undefined)).toEqual({ message: "undefined" });
  });
});
