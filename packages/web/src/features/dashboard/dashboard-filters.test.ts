import { describe, expect, it } from "vitest";
import { dashboardFilterOf, dashboardQuery, isDefaultFilter, paramsWithFilter, tabOf, windowProblem } from "./dashboard-filters";

const params = (s: string) => new URLSearchParams(s);

describe("dashboard filter in the address", () => {
  it("defaults to the last 6 days of everything (SPEC §9)", () => {
    const f = dashboardFilterOf(params(""));
    expect(f).toEqual({ period: 6, window: null, types: [], status: [], zones: [] });
    expect(isDefaultFilter(f)).toBe(true);
    expect(dashboardQuery(f)).toEqual({ period: "6" });
  });

  it("reads a period, types, statuses and zones, and sends them comma separated", () => {
    const f = dashboardFilterOf(params("period=30&types=6,1,6&status=solved,pending,bogus&zones_id=174"));
    expect(f).toMatchObject({ period: 30, types: [6, 1], status: ["solved", "pending"], zones: [174] });
    expect(dashboardQuery(f)).toEqual({ period: "30", types: "1,6", status: "pending,solved", zones_id: "174" });
    expect(isDefaultFilter(f)).toBe(false);
  });

  it("ignores an unknown period and malformed lists", () => {
    expect(dashboardFilterOf(params("period=5&types=a,-1,2&zones_id=x")).period).toBe(6);
    expect(dashboardFilterOf(params("types=a,-1,2")).types).toEqual([2]);
  });

  it("reads a window of MM-DD-YYYY dates with HH:mm:ss times, the whole days when times are absent, which wins over the period", () => {
    const f = dashboardFilterOf(params("period=30&start_date=11-01-2026&end_date=11-15-2026&end_time=18:30:00"));
    expect(f.window).toEqual({ start_date: "11-01-2026", start_time: "00:00:00", end_date: "11-15-2026", end_time: "18:30:00" });
    expect(dashboardQuery(f)).toEqual({ start_date: "11-01-2026", start_time: "00:00:00", end_date: "11-15-2026", end_time: "18:30:00" });
  });

  it("drops a window that does not exist, ends before it starts or is longer than a year", () => {
    expect(dashboardFilterOf(params("start_date=02-30-2026&end_date=03-01-2026")).window).toBeNull();
    expect(dashboardFilterOf(params("start_date=11-15-2026&end_date=11-01-2026")).window).toBeNull();
    expect(dashboardFilterOf(params("start_date=01-01-2025&end_date=06-01-2026")).window).toBeNull();
    expect(dashboardFilterOf(params("start_date=11-01-2026")).window).toBeNull();
  });

  it("says why a window cannot be asked for", () => {
    const w = { start_date: "11-01-2026", start_time: "10:00:00", end_date: "11-01-2026", end_time: "09:00:00" };
    expect(windowProblem(w)).toBe("before_start");
    expect(windowProblem({ ...w, end_time: "10:00:00" })).toBeNull();
    expect(windowProblem({ ...w, start_date: "01-01-2025", end_date: "01-03-2026" })).toBe("window_too_long");
  });

  it("writes the filter back keeping the tab and leaving the default period out", () => {
    const f = dashboardFilterOf(params("types=1"));
    expect(paramsWithFilter(params("tab=users&period=30"), f).toString()).toBe("tab=users&types=1");
    expect(paramsWithFilter(params(""), { ...f, period: 30 }).toString()).toBe("period=30&types=1");
  });

  it("opens the tab of the address when it is allowed", () => {
    expect(tabOf(params("tab=users"), ["summary", "users"])).toBe("users");
    expect(tabOf(params("tab=apps"), ["summary", "users"])).toBe("summary");
    expect(tabOf(params(""), ["summary"])).toBe("summary");
  });
});
