import { describe, expect, it } from "vitest";
import { formatCountdown } from "./countdown";

describe("formatCountdown", () => {
  it("shows hours, minutes and seconds left, days first when there are any", () => {
    expect(formatCountdown(((3 * 60 + 4) * 60 + 5) * 1000)).toEqual({ text: "3:04:05", late: false });
    expect(formatCountdown(59_999)).toEqual({ text: "0:00:59", late: false });
    expect(formatCountdown((2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toEqual({ text: "2 d 03:04:05", late: false });
  });
  it("counts the time since the due time once late", () => {
    expect(formatCountdown(-61_000)).toEqual({ text: "0:01:01", late: true });
  });
});
