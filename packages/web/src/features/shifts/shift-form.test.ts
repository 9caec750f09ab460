import { describe, expect, it } from "vitest";
import { crossesMidnight, shiftBody, shiftFieldProblems, shiftLength } from "./shift-form";

describe("shift form", () => {
  it("tells a shift that crosses midnight by its end before its start", () => {
    expect(crossesMidnight("22:00:00", "06:00:00")).toBe(true);
    expect(crossesMidnight("06:00:00", "14:00:00")).toBe(false);
    expect(crossesMidnight("00:00:00", "23:59:59")).toBe(false);
  });

  it("measures a shift, across midnight too", () => {
    expect(shiftLength("06:00:00", "14:00:00")).toBe(8 * 3600);
    expect(shiftLength("22:00:00", "06:00:00")).toBe(8 * 3600);
    expect(shiftLength("23:30:00", "00:15:30")).toBe(45 * 60 + 30);
  });

  it("builds the body with a trimmed name", () => {
    expect(shiftBody({ name: "  Noche ", start_time: "22:00:00", end_time: "06:00:00" })).toEqual({
      body: { name: "Noche", start_time: "22:00:00", end_time: "06:00:00" },
    });
  });

  it("names what is missing or wrong before anything is sent", () => {
    expect(shiftBody({ name: " ", start_time: null, end_time: "06:00:00" })).toEqual({ problems: { name: "required", start_time: "required" } });
    expect(shiftBody({ name: "Día", start_time: "08:00:00", end_time: "08:00:00" })).toEqual({ problems: { end_time: "sameTime" } });
    expect(shiftBody({ name: "x".repeat(81), start_time: "8:00", end_time: "09:00:00" })).toEqual({ problems: { name: "invalid", start_time: "invalid" } });
  });

  it("puts the server's field errors on their fields: a taken name is its own problem", () => {
    expect(shiftFieldProblems([{ field: "name", code: "taken" }])).toEqual({ name: "nameTaken" });
    expect(shiftFieldProblems([{ field: "end_time", code: "custom" }, { field: "start_time", code: "invalid_time" }, { field: "other", code: "x" }])).toEqual({
      end_time: "sameTime",
      start_time: "invalid",
    });
  });
});
