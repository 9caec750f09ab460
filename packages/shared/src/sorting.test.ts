import { describe, expect, it } from "vitest";
import { defaultSort, sortReports, type Sortable } from "./sorting.js";

const r = (id: number, priority: Sortable["priority"], dueDate: string | null): Sortable => ({ id, priority, dueDate });

describe("report sorting (SPEC §4)", () => {
  const list = [
    r(1, "normal", "2026-11-22T10:00:00Z"),
    r(2, "highest", null),
    r(3, "highest", "2026-11-22T12:00:00Z"),
    r(4, "highest", "2026-11-22T11:00:00Z"),
    r(5, "low", "2026-11-22T09:00:00Z"),
    r(6, "highest", "2026-11-22T11:00:00Z"),
    r(7, "normal", null),
  ];
  it("triage: highest weight first, then due time, no due date last, equal due → higher id first", () => {
    expect(sortReports(list, "triage").map((x) => x.id)).toEqual([6, 4, 3, 2, 1, 7, 5]);
  });
  it("dueDate: earliest due first, no due date last, ties by higher id", () => {
    expect(sortReports(list, "dueDate").map((x) => x.id)).toEqual([5, 1, 6, 4, 3, 7, 2]);
  });
  it("newest and oldest by id", () => {
    expect(sortReports(list, "newest").map((x) => x.id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(sortReports(list, "oldest").map((x) => x.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it("highlighted reports come first in every sort, in that sort's order among themselves", () => {
    const pinned = list.map((x) => (x.id === 1 || x.id === 7 ? { ...x, highlighted: true } : x));
    expect(sortReports(pinned, "triage").map((x) => x.id)).toEqual([1, 7, 6, 4, 3, 2, 5]);
    expect(sortReports(pinned, "newest").map((x) => x.id)).toEqual([7, 1, 6, 5, 4, 3, 2]);
    expect(sortReports(pinned, "oldest").map((x) => x.id)).toEqual([1, 7, 2, 3, 4, 5, 6]);
  });
  it("pending defaults to triage, other tabs to newest", () => {
    expect(defaultSort("pending")).toBe("triage");
    expect(defaultSort("in_progress")).toBe("newest");
    expect(defaultSort("in_observation")).toBe("newest");
    expect(defaultSort("solved")).toBe("newest");
  });
});
