import { describe, expect, it } from "vitest";
import { formatShortDateTime } from "./fast-date";

describe("formatShortDateTime", () => {
  it("formats in the operator's time zone and tolerates bad input", () => {
    const text = formatShortDateTime("2026-11-20T15:05:00.000Z", "America/Santiago", "es");
    expect(text).toContain("2026");
    expect(text).toContain("12:05");
    expect(formatShortDateTime("2026-11-20T15:05:00.000Z", "Not/AZone", "es")).toContain("2026");
    expect(formatShortDateTime("nope", "America/Santiago", "es")).toBeNull();
    expect(formatShortDateTime(null, "America/Santiago", "es")).toBeNull();
  });
});
