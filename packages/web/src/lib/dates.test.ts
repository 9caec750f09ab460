import { describe, expect, it } from "vitest";
import { formatCalendarDay, formatDayRange } from "./dates";

const ZONE = "America/Santiago";

describe("formatDayRange", () => {
  it("writes a period's days in the reader's zone and language, its end exclusive", () => {
    // 27 Nov 2026 00:00 in Santiago (UTC-3) to the next midnight: one day.
    expect(formatDayRange("2026-11-27T03:00:00Z", "2026-11-28T03:00:00Z", ZONE, "es")).toBe("27 nov 2026");
    // A week from a Friday: its last day is the Thursday after.
    expect(formatDayRange("2026-11-27T03:00:00Z", "2026-12-04T03:00:00Z", ZONE, "es")).toBe("27 nov – 3 dic 2026");
    expect(formatDayRange("2026-11-27T03:00:00Z", "2026-12-04T03:00:00Z", ZONE, "en")).toBe("27 Nov – 3 Dec 2026");
    expect(formatDayRange("2026-12-28T03:00:00Z", "2027-01-04T03:00:00Z", ZONE, "fr")).toBe("28 déc. 2026 – 3 janv. 2027");
  });

  it("gives null for dates it cannot read", () => {
    expect(formatDayRange("not a date", "2026-12-04T03:00:00Z", ZONE, "es")).toBeNull();
  });
});

describe("formatCalendarDay", () => {
  it("writes a stored day in the reader's language, the same day in every zone", () => {
    expect(formatCalendarDay("2026-11-06", "es")).toBe("6 nov 2026");
    expect(formatCalendarDay("2027-01-26", "en")).toBe("26 Jan 2027");
    expect(formatCalendarDay("2027-01-26", "fr")).toBe("26 janv. 2027");
    expect(formatCalendarDay("26/01/2027", "es")).toBe("26/01/2027");
  });
});
