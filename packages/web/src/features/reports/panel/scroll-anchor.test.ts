import { describe, expect, it } from "vitest";
import { anchoredScrollTop } from "./scroll-anchor";

const ROW = 100;

describe("anchoredScrollTop", () => {
  it("shifts by the height of rows inserted above the viewport", () => {
    // Looking at row 12 (id 12), 30 px into it; two reports arrive on top.
    const before = Array.from({ length: 50 }, (_, i) => i);
    const after = [100, 101, ...before];
    expect(anchoredScrollTop(before, after, 12 * ROW + 30, ROW)).toBe(14 * ROW + 30);
  });

  it("shifts back when rows above leave, and ignores changes below", () => {
    const before = Array.from({ length: 50 }, (_, i) => i);
    const without = before.filter((id) => id !== 3 && id !== 40);
    expect(anchoredScrollTop(before, without, 12 * ROW, ROW)).toBe(11 * ROW);
  });

  it("anchors on the next row when the one at the top left", () => {
    const before = [1, 2, 3, 4, 5];
    expect(anchoredScrollTop(before, [1, 2, 4, 5], 2 * ROW + 40, ROW)).toBe(2 * ROW);
  });

  it("does not anchor at the very top, so new reports show up", () => {
    expect(anchoredScrollTop([1, 2], [0, 1, 2], 0, ROW)).toBe(0);
  });
});
