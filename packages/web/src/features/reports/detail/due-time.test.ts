import { describe, expect, it } from "vitest";
import { dueCountdown, formatDuration } from "./due-time";

describe("due countdown", () => {
  it("formats durations as d h m s", () => {
    expect(formatDuration(0)).toBe("0s");
    expect(formatDuration(65_000)).toBe("1m 5s");
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000)).toBe("2h 5m");
    expect(formatDuration(-(26 * 3_600_000 + 60_000))).toBe("1d 2h 1m");
  });

  it("tells remaining and overdue time", () => {
    const now = Date.parse("2026-03-01T12:00:00Z");
    expect(dueCountdown(null, now)).toBeNull();
    expect(dueCountdown("not a date", now)).toBeNull();
    expect(dueCountdown("2026-03-01T12:30:00Z", now)).toEqual({ overdue: false, text: "30m 0s", remainingMs: 1_800_000, soon: true });
    expect(dueCountdown("2026-03-01T10:00:00Z", now)).toMatchObject({ overdue: true, text: "2h 0m", soon: false });
  });
});
