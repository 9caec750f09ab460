import { describe, expect, it } from "vitest";
import type { Report, ReportCounters, ReportListItem } from "@atalaya/shared";
import {
  applyChangeToCounters,
  applyChangeToList,
  flattenList,
  nextPageOffset,
  passesFilters,
  resolveMessage,
  upsertInList,
  type ListPage,
  type ReportListData,
  type ViewerScope,
} from "./report-list-state";
import { buildComment, buildReport, reportMessage } from "../test-report";

const scope: ViewerScope = { companyId: 1, userId: 7, zones: [], reportTypes: [], onlyAssigned: false };

function listOf(reports: Report[], hasMore = false): ReportListData {
  return { pages: [{ reports, total: reports.length, hasMore }], pageParams: [0] };
}

const ids = (data: ReportListData) => flattenList(data).map((report) => report.id);
const none = () => undefined;
const knownFrom = (...reports: ReportListItem[]) => (id: number) => reports.find((report) => report.id === id);

describe("passesFilters", () => {
  it("keeps reports whose zones overlap the operator's zones, and any report when the operator has none", () => {
    const report = buildReport({ zones: [3, 4] });
    expect(passesFilters(report, scope)).toBe(true);
    expect(passesFilters(report, { ...scope, zones: [4, 9] })).toBe(true);
    expect(passesFilters(report, { ...scope, zones: [9] })).toBe(false);
    expect(passesFilters(buildReport({ zones: [] }), { ...scope, zones: [9] })).toBe(false);
  });

  it("applies the report types and the only-assigned setting", () => {
    expect(passesFilters(buildReport({ type: 0 }), { ...scope, reportTypes: [0, 1] })).toBe(true);
    expect(passesFilters(buildReport({ type: 5 }), { ...scope, reportTypes: [0, 1] })).toBe(false);
    const mine = buildReport({ assignedUser: { id: 7, uuid: "u7", name: "Ana", email: null, cover: null } });
    expect(passesFilters(mine, { ...scope, onlyAssigned: true })).toBe(true);
    expect(passesFilters(buildReport(), { ...scope, onlyAssigned: true })).toBe(false);
  });
});

describe("resolveMessage", () => {
  it("reads a new report as an upsert without a previous version", () => {
    const report = buildReport({ id: 5 });
    expect(resolveMessage(reportMessage("newReport", report), none, scope)).toEqual({
      kind: "upsert",
      report,
      previous: undefined,
      source: "newReport",
    });
    expect(resolveMessage(reportMessage("newReport", report), none, scope, { polled: true })).toMatchObject({ source: "poll" });
  });

  it("ignores a report outside the operator's filters, and hides one that leaves them", () => {
    const outside = buildReport({ id: 5, zones: [99] });
    const filtered = { ...scope, zones: [10] };
    expect(resolveMessage(reportMessage("newReport", outside), none, filtered)).toEqual({ kind: "ignore", reason: "filtered" });
    const before = buildReport({ id: 5 });
    expect(resolveMessage(reportMessage("updateReport", { ...outside, version: 2 }), knownFrom(before), filtered)).toEqual({
      kind: "hide",
      id: 5,
      previous: before,
    });
  });

  it("hides a report reassigned away from an operator who only sees their assigned reports", () => {
    const ana = { id: 7, uuid: "u7", name: "Ana", email: null, cover: null };
    const bruno = { id: 8, uuid: "u8", name: "Bruno", email: null, cover: null };
    const before = buildReport({ id: 3, status: "in_progress", assignedUser: ana });
    const after = { ...before, assignedUser: bruno, version: 2 };
    expect(resolveMessage(reportMessage("updateReport", after), knownFrom(before), { ...scope, onlyAssigned: true }).kind).toBe("hide");
  });

  it("ignores an updateTtlReport whose datetime_ttl did not change", () => {
    const before = buildReport({ id: 2, datetimeTtl: "2026-11-20T14:00:00.000Z", dueDate: "2026-11-20T14:00:00.000Z" });
    const same = { ...before, likes: 3, version: 2 };
    expect(resolveMessage(reportMessage("updateTtlReport", same), knownFrom(before), scope)).toEqual({ kind: "ignore", reason: "ttlUnchanged" });
    const moved = { ...before, datetimeTtl: "2026-11-20T15:00:00.000Z", dueDate: "2026-11-20T15:00:00.000Z", version: 2 };
    expect(resolveMessage(reportMessage("updateTtlReport", moved), knownFrom(before), scope)).toMatchObject({ kind: "upsert", report: moved });
  });

  it("never lets another company's update overwrite status or observations", () => {
    const mine = buildReport({ id: 4, status: "in_progress", displayStatus: "in_progress", observations: "Patrulla en camino", version: 6 });
    const theirs = buildReport({
      id: 4,
      company_id: 2,
      status: "solved",
      displayStatus: "solved",
      observations: "Cerrado por la junta",
      likes: 9,
      description: "Texto corregido",
      version: 2,
    });
    const change = resolveMessage(reportMessage("updateReport", theirs, 2), knownFrom(mine), scope);
    expect(change.kind).toBe("upsert");
    if (change.kind !== "upsert") return;
    expect(change.report).toMatchObject({
      status: "in_progress",
      displayStatus: "in_progress",
      observations: "Patrulla en camino",
      company_id: 1,
      likes: 9,
      description: "Texto corregido",
      version: 6,
    });
    // An unknown report about another company is never added.
    expect(resolveMessage(reportMessage("updateReport", theirs, 2), none, scope)).toEqual({ kind: "ignore", reason: "foreignUnknown" });
  });

  it("leaves another company's observations out of a row of the panel, which carries none of its own", () => {
    const { observations: _none, ...row } = buildReport({ id: 4, status: "in_progress", displayStatus: "in_progress", version: 6 });
    const theirs = buildReport({ id: 4, company_id: 2, status: "solved", displayStatus: "solved", observations: "Cerrado por la junta", version: 2 });
    const change = resolveMessage(reportMessage("updateReport", theirs, 2), knownFrom(row), scope);
    expect(change.kind).toBe("upsert");
    if (change.kind !== "upsert") return;
    expect(change.report).toMatchObject({ status: "in_progress", company_id: 1, version: 6 });
    expect(change.report).not.toHaveProperty("observations");
  });

  it("ignores an event older than the version held", () => {
    const held = buildReport({ id: 4, status: "in_progress", version: 5 });
    expect(resolveMessage(reportMessage("updateReport", { ...held, status: "pending", version: 4 }), knownFrom(held), scope)).toEqual({
      kind: "ignore",
      reason: "stale",
    });
  });

  it("reads removals, likes, media status and comments", () => {
    expect(resolveMessage({ type: "removeReport", seq: 1, companyId: 1, data: { reportId: 3 } }, none, scope)).toEqual({ kind: "remove", ids: [3] });
    expect(resolveMessage({ type: "removeReports", seq: 1, companyId: 1, data: { ids: [3, 4] } }, none, scope)).toEqual({
      kind: "remove",
      ids: [3, 4],
    });
    expect(resolveMessage({ type: "like", seq: 1, companyId: 1, data: { reportId: 3, likes: 4, dislikes: 1 } }, none, scope)).toEqual({
      kind: "patch",
      id: 3,
      patch: { likes: 4, dislikes: 1 },
    });
    const comment = buildComment();
    expect(resolveMessage({ type: "newComment", seq: 1, companyId: 1, data: { reportId: 1, comment } }, none, scope)).toEqual({
      kind: "comment",
      reportId: 1,
      comment,
    });
    expect(resolveMessage({ type: "presence", seq: 0, companyId: 1, data: {} }, none, scope).kind).toBe("ignore");
    expect(resolveMessage({ type: "newReport", seq: 1, companyId: 1, data: { report: { id: 1 } } }, none, scope)).toEqual({
      kind: "ignore",
      reason: "malformed",
    });
  });
});

describe("list updates", () => {
  const triage = { status: "pending", sort: "triage" } as const;

  it("inserts a new report at its SPEC §4 place (priority, then due time, no due date last)", () => {
    const list = listOf([
      buildReport({ id: 1, priority: "highest", dueDate: "2026-11-20T13:00:00.000Z" }),
      buildReport({ id: 2, priority: "normal", dueDate: "2026-11-20T13:00:00.000Z" }),
      buildReport({ id: 3, priority: "normal", dueDate: null }),
    ]);
    const urgent = buildReport({ id: 9, priority: "high" });
    expect(ids(upsertInList(list, urgent, triage))).toEqual([1, 9, 2, 3]);
    const sameDue = buildReport({ id: 8, priority: "normal", dueDate: "2026-11-20T13:00:00.000Z" });
    expect(ids(upsertInList(list, sameDue, triage))).toEqual([1, 8, 2, 3]);
    const late = buildReport({ id: 7, priority: "lowest" });
    expect(ids(upsertInList(list, late, triage))).toEqual([1, 2, 3, 7]);
  });

  it("moves a report between tabs when its status changes and re-sorts it", () => {
    const pending = listOf([buildReport({ id: 3 }), buildReport({ id: 2 })]);
    const inProgress = listOf([buildReport({ id: 5, status: "in_progress" }), buildReport({ id: 1, status: "in_progress" })]);
    const taken = buildReport({ id: 2, status: "in_progress", version: 2 });
    const change = { kind: "upsert", report: taken, previous: buildReport({ id: 2 }), source: "updateReport" } as const;
    expect(ids(applyChangeToList(pending, change, { status: "pending", sort: "newest" }))).toEqual([3]);
    expect(ids(applyChangeToList(inProgress, change, { status: "in_progress", sort: "newest" }))).toEqual([5, 2, 1]);
    const oldestFirst = listOf([buildReport({ id: 1, status: "in_progress" }), buildReport({ id: 5, status: "in_progress" })]);
    expect(ids(applyChangeToList(oldestFirst, change, { status: "in_progress", sort: "oldest" }))).toEqual([1, 2, 5]);
  });

  it("re-sorts a report whose priority changed within the same tab", () => {
    const list = listOf([buildReport({ id: 1, priority: "high" }), buildReport({ id: 2, priority: "normal" })]);
    const raised = buildReport({ id: 2, priority: "highest", version: 2 });
    expect(ids(applyChangeToList(list, { kind: "upsert", report: raised, previous: undefined, source: "updateReport" }, triage))).toEqual([2, 1]);
  });

  it("leaves a report that sorts after every loaded one for the next page", () => {
    const list = listOf([buildReport({ id: 9 }), buildReport({ id: 8 })], true);
    expect(ids(upsertInList(list, buildReport({ id: 1 }), { status: "pending", sort: "newest" }))).toEqual([9, 8]);
    const complete = listOf([buildReport({ id: 9 }), buildReport({ id: 8 })], false);
    expect(ids(upsertInList(complete, buildReport({ id: 1 }), { status: "pending", sort: "newest" }))).toEqual([9, 8, 1]);
  });

  it("removes, hides and patches; an unaffected list is returned as is", () => {
    const list = listOf([buildReport({ id: 3 }), buildReport({ id: 2 })]);
    const newest = { status: "pending", sort: "newest" } as const;
    expect(ids(applyChangeToList(list, { kind: "remove", ids: [3] }, newest))).toEqual([2]);
    expect(ids(applyChangeToList(list, { kind: "hide", id: 2, previous: buildReport({ id: 2 }) }, newest))).toEqual([3]);
    const patched = applyChangeToList(list, { kind: "patch", id: 2, patch: { commentsCount: 5 } }, newest);
    expect(flattenList(patched)[1]?.commentsCount).toBe(5);
    expect(applyChangeToList(list, { kind: "patch", id: 42, patch: { commentsCount: 5 } }, newest)).toBe(list);
    expect(applyChangeToList(list, { kind: "remove", ids: [42] }, newest)).toBe(list);
  });

  it("loads the next page from what is loaded now, and stops at the end", () => {
    const pages: ListPage[] = [
      { reports: [buildReport({ id: 3 }), buildReport({ id: 2 })], total: 5, hasMore: true },
      { reports: [buildReport({ id: 1 })], total: 5, hasMore: true },
    ];
    expect(nextPageOffset(pages[1]!, pages)).toBe(3);
    expect(nextPageOffset({ ...pages[1]!, hasMore: false }, pages)).toBeUndefined();
  });
});

describe("counters", () => {
  const counters: ReportCounters = { pending: 10, in_progress: 4, solved: 20, false: 1, in_observation: 2 };

  it("counts a new report and a move between tabs", () => {
    const report = buildReport({ id: 5 });
    expect(applyChangeToCounters(counters, { kind: "upsert", report, previous: undefined, source: "newReport" }, none)).toEqual({
      counters: { ...counters, pending: 11 },
      uncertain: false,
    });
    const taken = { ...report, status: "in_progress" as const };
    expect(applyChangeToCounters(counters, { kind: "upsert", report: taken, previous: report, source: "updateReport" }, none).counters).toEqual({
      ...counters,
      pending: 9,
      in_progress: 5,
    });
  });

  it("asks for a reload when a report it did not know changed or left", () => {
    const report = buildReport({ id: 5, status: "in_progress" });
    expect(applyChangeToCounters(counters, { kind: "upsert", report, previous: undefined, source: "updateReport" }, none)).toEqual({
      counters,
      uncertain: true,
    });
    expect(applyChangeToCounters(counters, { kind: "remove", ids: [5, 6] }, knownFrom(buildReport({ id: 5 })))).toEqual({
      counters: { ...counters, pending: 9 },
      uncertain: true,
    });
  });
});

describe("issue 17 flags in the lists", () => {
  it("keeps the operator's own isFavorite and seen when an event (which leaves them out) updates a report", () => {
    const held = buildReport({ id: 8, isFavorite: true, seen: true, version: 1 });
    const { isFavorite: _f, seen: _s, ...event } = buildReport({ id: 8, version: 2, priority: "high" });
    const change = resolveMessage(reportMessage("updateReport", event as Report), knownFrom(held), scope);
    expect(change).toMatchObject({ kind: "upsert", report: { priority: "high", isFavorite: true, seen: true } });
  });

  it("a new report from an event arrives unseen and not starred", () => {
    const { isFavorite: _f, seen: _s, ...event } = buildReport({ id: 9 });
    expect(resolveMessage(reportMessage("newReport", event as Report), none, scope)).toMatchObject({ report: { isFavorite: false, seen: false } });
  });

  it("a favourites list takes only starred reports; a highlighted report goes first", () => {
    const list = listOf([buildReport({ id: 3 }), buildReport({ id: 2 })]);
    const favorites = { status: "pending" as const, sort: "newest" as const, favorites: true };
    expect(ids(upsertInList(list, buildReport({ id: 4, isFavorite: false }), favorites))).toEqual([3, 2]);
    expect(ids(upsertInList(list, buildReport({ id: 4, isFavorite: true }), favorites))).toEqual([4, 3, 2]);
    const pinned = buildReport({ id: 1, highlighted: true });
    expect(ids(upsertInList(list, pinned, { status: "pending", sort: "newest" }))).toEqual([1, 3, 2]);
  });
});
