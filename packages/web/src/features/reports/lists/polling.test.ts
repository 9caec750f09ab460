import { describe, expect, it, vi } from "vitest";
import type { RealtimeMessage, Report } from "@atalaya/shared";
import { firstPollDelayMs, pollOnce, pollingIntervalMs, type PollTarget } from "./polling";
import { buildReport } from "../test-report";

describe("pollingIntervalMs", () => {
  it("reads pollingNewReportsMinutes and converts it to ms", () => {
    expect(pollingIntervalMs([{ name: "pollingNewReportsMinutes", value: "5" }])).toBe(300_000);
    expect(pollingIntervalMs([{ name: "pollingNewReportsMinutes", value: "0.5" }])).toBe(30_000);
  });

  it("defaults to 15 minutes when unset or not a positive number", () => {
    expect(pollingIntervalMs([])).toBe(900_000);
    expect(pollingIntervalMs([{ name: "pollingNewReportsMinutes", value: "" }])).toBe(900_000);
    expect(pollingIntervalMs([{ name: "pollingNewReportsMinutes", value: "0" }])).toBe(900_000);
    expect(pollingIntervalMs([{ name: "pollingNewReportsMinutes", value: "abc" }])).toBe(900_000);
    expect(pollingIntervalMs([{ name: "other", value: "3" }])).toBe(900_000);
  });
});

function target(cursor: number): PollTarget & { messages: RealtimeMessage[]; pages: unknown[] } {
  const messages: RealtimeMessage[] = [];
  const pages: unknown[] = [];
  return {
    lastFollowupId: cursor,
    messages,
    pages,
    rememberPage: (page) => void pages.push(page),
    handle: (message) => void messages.push(message),
  };
}

describe("firstPollDelayMs", () => {
  it("polls 5 to 15 s after the socket is lost, spread at random", () => {
    expect(firstPollDelayMs(() => 0)).toBe(5_000);
    expect(firstPollDelayMs(() => 0.5)).toBe(10_000);
    expect(firstPollDelayMs(() => 0.999999)).toBe(15_000);
  });
});

describe("pollOnce", () => {
  it("dispatches reports after the cursor as newReport events, page by page", async () => {
    const first: Report[] = Array.from({ length: 100 }, (_, index) => buildReport({ id: 100 + index }));
    const fetchAfter = vi
      .fn()
      .mockResolvedValueOnce({ reports: first })
      .mockResolvedValueOnce({ reports: [buildReport({ id: 300 })] });
    const fetchCursor = vi.fn();
    const into = target(42);
    expect(await pollOnce(into, 1, { fetchAfter, fetchCursor })).toBe(101);
    expect(fetchAfter).toHaveBeenNthCalledWith(1, 42, 0, undefined);
    expect(fetchAfter).toHaveBeenNthCalledWith(2, 42, 100, undefined);
    expect(into.messages[0]).toMatchObject({ type: "newReport", companyId: 1, data: { report: { id: 100 } } });
    expect(fetchCursor).not.toHaveBeenCalled();
  });

  it("only learns the cursor when none is known yet (no history replayed as new)", async () => {
    const into = target(0);
    const fetchAfter = vi.fn();
    const fetchCursor = vi.fn().mockResolvedValue({ reports: [], lastFollowupId: 77 });
    expect(await pollOnce(into, 1, { fetchAfter, fetchCursor })).toBe(0);
    expect(fetchAfter).not.toHaveBeenCalled();
    expect(into.pages).toEqual([{ reports: [], lastFollowupId: 77 }]);
  });
});
