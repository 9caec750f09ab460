import { describe, expect, it } from "vitest";
import { activityFilterOf, historyFilterOf, pageOf, withParams } from "./history-filters";

describe("history filters in the address", () => {
  it("reads every filter and pages by 20", () => {
    const params = new URLSearchParams("id=%2342&types=1,6&from=2026-11-01T03:00:00.000Z&to=2026-11-02T03:00:00.000Z&user=7&page=3");
    expect(historyFilterOf(params)).toEqual({
      identifier: "#42",
      types: [1, 6],
      start_date: "2026-11-01T03:00:00.000Z",
      end_date: "2026-11-02T03:00:00.000Z",
      user_id: 7,
      limit: 20,
      offset: 40,
    });
  });

  it("leaves out what is malformed instead of sending it", () => {
    const params = new URLSearchParams("types=1,x,-2,99999&from=yesterday&to=2026-02-30&user=0&page=-1");
    expect(historyFilterOf(params)).toEqual({ types: [1], limit: 20, offset: 0 });
    expect(pageOf(new URLSearchParams("page=99999999999"))).toBe(1);
    expect(activityFilterOf(new URLSearchParams("operator=abc&action=drop table&from=2026-11-01"))).toEqual({
      from: "2026-11-01",
      limit: 20,
      offset: 0,
    });
  });

  it("a changed filter goes back to the first page; a changed page keeps the filters", () => {
    const params = new URLSearchParams("types=1&page=4");
    expect(withParams(params, { user: 3 }).toString()).toBe("types=1&user=3");
    expect(withParams(params, { page: 5 }).toString()).toBe("types=1&page=5");
    expect(withParams(params, { types: "" }).toString()).toBe("");
  });
});
