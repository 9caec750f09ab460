import { describe, expect, it } from "vitest";
import { dueCountdown } from "./due-time";

describe("due countdown", () => {
  const now = Date.parse("2026-03-01T12:00:00Z");

  it("is null without a valid due date", () => {
    expect(dueCountdown(null, now)).toBeNull();
    expect(dueCountdown("not a date", now)).toBeNull();
  });

  it("reads the time left, or past, as the panel's rows do, and tells when it is soon", () => {
    expect(dueCountdown("2026-03-01T12:30:00Z", now)).toEqual({ overdue: false, text: "30 m", remainingMs: 1_800_000, soon: true });
    expect(dueCountdown("2026-03-01T10:00:00Z", now)).toMatchObject({ overdue: true, text: "2 h", soon: false });
    expect(dueCountdown("2026-02-27T06:28:00Z", now)).toMatchObject({ overdue: true, text: "2 d 5 h 32 m" });
  });
});
