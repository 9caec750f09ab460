import { describe, expect, it } from "vitest";
import { formatDuration } from "./duration";

describe("formatDuration", () => {
  it("writes days, hours, minutes and seconds (SPEC §9 d h m s)", () => {
    expect(formatDuration(86_400 + 2 * 3_600 + 3 * 60 + 4)).toBe("1 d 2 h 3 m 4 s");
    expect(formatDuration(3 * 86_400)).toBe("3 d");
    expect(formatDuration(3_600 + 5)).toBe("1 h 5 s");
    expect(formatDuration(59)).toBe("59 s");
    expect(formatDuration(180)).toBe("3 m");
  });

  it("rounds to whole seconds and shows none as 0 s", () => {
    expect(formatDuration(0)).toBe("0 s");
    expect(formatDuration(0.4)).toBe("0 s");
    expect(formatDuration(11_144.6)).toBe("3 h 5 m 45 s");
    expect(formatDuration(59.5)).toBe("1 m");
  });

  it("shows the empty mark when there is no duration", () => {
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(undefined, { empty: "n/a" })).toBe("n/a");
    expect(formatDuration(Number.NaN)).toBe("—");
    expect(formatDuration(-5)).toBe("—");
  });

  it("keeps the largest units only when asked, rounding the last one", () => {
    expect(formatDuration(86_400 + 2 * 3_600 + 3 * 60 + 4, { largest: 2 })).toBe("1 d 2 h");
    expect(formatDuration(2 * 3_600 - 1, { largest: 2 })).toBe("2 h");
    expect(formatDuration(86_400 + 13 * 3_600, { largest: 1 })).toBe("2 d");
    expect(formatDuration(45, { largest: 1 })).toBe("45 s");
  });

  it("takes other unit labels", () => {
    expect(formatDuration(90_061, { units: { d: "j", h: "h", m: "min", s: "s" } })).toBe("1 j 1 h 1 min 1 s");
  });
});
