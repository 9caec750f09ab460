import { describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { ReportCounters } from "@atalaya/shared";
import { reportCountersKey, reportListKey } from "../report-api";
import { flattenList, type ReportListData, type ViewerScope } from "./report-list-state";
import { ReportSync } from "./report-sync";
import { buildComment, buildReport, reportMessage } from "../test-report";

const scope: ViewerScope = { companyId: 1, userId: 7, zones: [], reportTypes: [], onlyAssigned: false };
const counters: ReportCounters = { pending: 2, in_progress: 1, solved: 0, false: 0, in_observation: 0 };

function setup(overrides: Partial<ViewerScope> = {}) {
  const queryClient = new QueryClient();
  const pending: ReportListData = {
    pages: [{ reports: [buildReport({ id: 3 }), buildReport({ id: 2 })], total: 2, hasMore: false }],
    pageParams: [0],
  };
  const inProgress: ReportListData = {
    pages: [{ reports: [buildReport({ id: 1, status: "in_progress" })], total: 1, hasMore: false }],
    pageParams: [0],
  };
  queryClient.setQueryData(reportListKey(1, "pending", "newest"), pending);
  queryClient.setQueryData(reportListKey(1, "in_progress", "newest"), inProgress);
  queryClient.setQueryData(reportCountersKey(1), counters);
  const sync = new ReportSync(queryClient, { ...scope, ...overrides });
  sync.start();
  const ids = (status: "pending" | "in_progress") =>
    flattenList(queryClient.getQueryData<ReportListData>(reportListKey(1, status, "newest"))).map((report) => report.id);
  const count = () => queryClient.getQueryData<ReportCounters>(reportCountersKey(1));
  return { queryClient, sync, ids, count };
}

describe("ReportSync", () => {
  it("moves a taken report from pending to in progress in the cache, with the counters", () => {
    const { sync, ids, count } = setup();
    sync.handle(reportMessage("updateReport", buildReport({ id: 2, status: "in_progress", displayStatus: "in_progress", version: 2 })));
    expect(ids("pending")).toEqual([3]);
    expect(ids("in_progress")).toEqual([2, 1]);
    expect(count()).toEqual({ ...counters, pending: 1, in_progress: 2 });
  });

  it("adds a new report on top and counts it once, even if the same event is applied twice", () => {
    const { sync, ids, count } = setup();
    const report = buildReport({ id: 4 });
    expect(sync.handle(reportMessage("newReport", report))).toMatchObject({ kind: "upsert", previous: undefined });
    expect(sync.handle(reportMessage("newReport", report))).toMatchObject({ kind: "upsert", previous: report });
    expect(ids("pending")).toEqual([4, 3, 2]);
    expect(count()?.pending).toBe(3);
  });

  it("shows a renamed substatus on the rows that carry it; a deleted one stays as it was", () => {
    const queryClient = new QueryClient();
    const carrying = buildReport({ id: 2, status: "in_progress", substatus: { id: 5, name: "Derivado" } });
    const other = buildReport({ id: 1, status: "in_progress", substatus: { id: 6, name: "En espera" } });
    queryClient.setQueryData(reportListKey(1, "in_progress", "newest"), { pages: [{ reports: [carrying, other], total: 2, hasMore: false }], pageParams: [0] });
    const sync = new ReportSync(queryClient, scope);
    sync.start();
    const names = () => flattenList(queryClient.getQueryData<ReportListData>(reportListKey(1, "in_progress", "newest"))).map((r) => r.substatus?.name);
    sync.handle({ type: "substatuses", seq: 0, companyId: 2, data: { id: 5, name: "De otra empresa", deleted: false } });
    expect(names()).toEqual(["Derivado", "En espera"]);
    sync.handle({ type: "substatuses", seq: 0, companyId: 1, data: { id: 5, name: "Derivado a Carabineros", deleted: false } });
    expect(names()).toEqual(["Derivado a Carabineros", "En espera"]);
    expect(sync.lookup(2)?.substatus?.name).toBe("Derivado a Carabineros");
    sync.handle({ type: "substatuses", seq: 0, companyId: 1, data: { id: 6, name: "En espera", deleted: true } });
    expect(names()).toEqual(["Derivado a Carabineros", "En espera"]);
  });

  it("drops reports outside the operator's zones", () => {
    const { sync, ids } = setup({ zones: [20] });
    sync.handle(reportMessage("newReport", buildReport({ id: 4, zones: [10] })));
    sync.handle(reportMessage("newReport", buildReport({ id: 5, zones: [20, 30] })));
    expect(ids("pending")).toEqual([5, 3, 2]);
  });

  it("tells its listeners, and applies the take response ahead of the event", () => {
    const { sync, ids } = setup();
    const listener = vi.fn();
    sync.subscribe(listener);
    const taken = buildReport({ id: 3, status: "in_progress", displayStatus: "in_progress", version: 2 });
    sync.handleOwnUpdate(taken);
    // The older event that follows changes nothing.
    expect(sync.handle(reportMessage("updateReport", { ...taken, status: "pending", version: 1 }))).toEqual({ kind: "ignore", reason: "stale" });
    expect(ids("in_progress")).toEqual([3, 1]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("counts comments on the report and keeps community comments in the drawer without duplicates", () => {
    const { sync, queryClient } = setup();
    const comment = buildComment({ id: 11, report_id: 2 });
    const message = { type: "newComment" as const, seq: 5, companyId: 1, data: { reportId: 2, comment } };
    sync.handle(message);
    sync.handle(message);
    sync.handle({ ...message, data: { reportId: 2, comment: { ...comment, id: 12 } } });
    sync.handle({ ...message, data: { reportId: 2, comment: { ...comment, id: 13, isOperator: true, body: "Vamos en camino" } } });
    const report = flattenList(queryClient.getQueryData<ReportListData>(reportListKey(1, "pending", "newest"))).find((r) => r.id === 2);
    expect(report?.commentsCount).toBe(3);
    expect(sync.getComments().comments.map((item) => item.id)).toEqual([11]);
    expect(sync.getComments().unread).toBe(1);
    sync.markCommentsRead();
    expect(sync.getComments().unread).toBe(0);
  });

  it("seeds the drawer with the server's latest comments after a reload, newest first, none unread, no duplicates", () => {
    const { sync } = setup();
    sync.handle({ type: "newComment", seq: 5, companyId: 1, data: { reportId: 2, comment: buildComment({ id: 30, report_id: 2, body: "Llegó la patrulla", created_at: "2026-11-23T12:05:00.000Z" }) } });
    sync.seedComments([
      buildComment({ id: 30, report_id: 2, body: "Llegó la patrulla", created_at: "2026-11-23T12:05:00.000Z" }),
      buildComment({ id: 21, report_id: 2, body: "Sigue el humo", created_at: "2026-11-23T12:01:00.000Z" }),
      buildComment({ id: 22, report_id: 3, body: "Se fue el auto", created_at: "2026-11-23T12:03:00.000Z" }),
      buildComment({ id: 23, report_id: 3, body: "Oculto", hidden: true }),
    ]);
    expect(sync.getComments().comments.map((item) => item.id)).toEqual([30, 22, 21]);
    expect(sync.getComments().unread).toBe(1);
  });

  it("replays recent changes onto a page that arrives after them", async () => {
    const { sync, queryClient, ids } = setup();
    sync.handle(reportMessage("newReport", buildReport({ id: 9 })));
    // A refetch whose response was computed before report 9 existed.
    await queryClient.fetchQuery({
      queryKey: reportListKey(1, "pending", "newest"),
      queryFn: (): ReportListData => ({
        pages: [{ reports: [buildReport({ id: 3 }), buildReport({ id: 2 })], total: 2, hasMore: false }],
        pageParams: [0],
      }),
    });
    expect(ids("pending")).toEqual([9, 3, 2]);
  });

  it("reloads the counters once for a burst of changes it cannot count", async () => {
    vi.useFakeTimers();
    try {
      const queryClient = new QueryClient();
      queryClient.setQueryData(reportCountersKey(1), counters);
      const fresh = { ...counters, solved: 40 };
      const fetchCounters = vi.fn(async () => fresh);
      const sync = new ReportSync(queryClient, scope, { fetchCounters, countersDelayMs: 1000 });
      sync.handle(reportMessage("updateReport", buildReport({ id: 40, status: "solved" })));
      sync.handle(reportMessage("updateReport", buildReport({ id: 41, status: "solved" })));
      await vi.advanceTimersByTimeAsync(1000);
      expect(fetchCounters).toHaveBeenCalledTimes(1);
      expect(queryClient.getQueryData(reportCountersKey(1))).toEqual(fresh);
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes a report first met in a page, newer than the cursor, as a new one: counted, told once, no second alarm from its event", () => {
    const { sync, ids, count } = setup();
    const told: unknown[] = [];
    sync.subscribe((change) => told.push(change));
    sync.rememberPage({ reports: [buildReport({ id: 2 }), buildReport({ id: 3 })], lastFollowupId: 3 });
    expect(told).toEqual([]);

    const raced = buildReport({ id: 9, reportFollowupId: 9 });
    sync.rememberPage({ reports: [raced, buildReport({ id: 3 })], lastFollowupId: 9 });
    expect(told).toMatchObject([{ kind: "upsert", source: "poll", previous: undefined, report: { id: 9 } }]);
    expect(ids("pending")).toEqual([9, 3, 2]);
    expect(count()?.pending).toBe(3);

    expect(sync.handle(reportMessage("newReport", raced))).toMatchObject({ kind: "upsert", previous: { id: 9 } });
    sync.rememberPage({ reports: [raced], lastFollowupId: 9 });
    expect(told).toHaveLength(2);
    expect(count()?.pending).toBe(3);
  });

  it("moves the polling cursor with pages and events", () => {
    const { sync } = setup();
    expect(sync.lastFollowupId).toBe(3);
    sync.rememberPage({ reports: [], lastFollowupId: 50 });
    sync.handle(reportMessage("newReport", buildReport({ id: 60, reportFollowupId: 61 })));
    expect(sync.lastFollowupId).toBe(61);
  });
});
