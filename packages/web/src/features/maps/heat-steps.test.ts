import { describe, expect, it } from "vitest";
import { dashboardDateTime, heatStepStarts, heatWindow } from "./heat-steps";

describe("heat map steps", () => {
  it("writes an instant as the dashboard filter reads it, on the company's clock", () => {
    // 02:30 UTC is 23:30 of the day before in Santiago (UTC-3 in November).
    expect(dashboardDateTime(new Date("2026-11-25T02:30:00Z"), "America/Santiago")).toEqual({ date: "11-24-2026", time: "23:30:00" });
  });

  it("cuts the window into 4-hour steps on whole hours, the last ending at the next full hour", () => {
    const starts = heatStepStarts({ from: "2026-11-24T11:20:00Z", to: "2026-11-25T11:20:00Z" });
    // 11:20 to 11:20 the next day: seven steps from 08:00, the last 08:00–12:00.
    expect(starts).toHaveLength(7);
    expect(starts[0]!.toISOString()).toBe("2026-11-24T08:00:00.000Z");
    expect(starts[6]!.toISOString()).toBe("2026-11-25T08:00:00.000Z");
  });

  it("a window covers 4 hours to its last second", () => {
    expect(heatWindow(new Date("2026-11-25T08:00:00Z"), "America/Santiago")).toEqual({
      start_date: "11-25-2026",
      start_time: "05:00:00",
      end_date: "11-25-2026",
      end_time: "08:59:59",
    });
  });
});
