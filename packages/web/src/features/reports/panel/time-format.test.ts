import { describe, expect, it } from "vitest";
import { compactDuration, dueState } from "./time-format";

describe("time format", () => {
  it("reduces a duration to its largest unit", () => {
    expect(compactDuration(42_000)).toEqual({ value: 42, unit: "seconds" });
    expect(compactDuration(5 * 60_000 + 59_000)).toEqual({ value: 5, unit: "minutes" });
    expect(compactDuration(-3 * 3_600_000)).toEqual({ value: 3, unit: "hours" });
    expect(compactDuration(50 * 3_600_000)).toEqual({ value: 2, unit: "days" });
  });

  it("tells due, soon and overdue; closed reports and reports without due date have no countdown", () => {
    const now = Date.parse("2026-11-20T12:00:00Z");
    expect(dueState("2026-11-20T14:00:00Z", now)).toEqual({ kind: "due", in: { value: 2, unit: "hours" }, soon: false });
    expect(dueState("2026-11-20T12:10:00Z", now)).toMatchObject({ kind: "due", soon: true });
    expect(dueState("2026-11-20T11:30:00Z", now)).toEqual({ kind: "overdue", by: { value: 30, unit: "minutes" } });
    expect(dueState(null, now)).toEqual({ kind: "none" });
    expect(dueState("2026-11-20T11:30:00Z", now, true)).toEqual({ kind: "none" });
  });
});
