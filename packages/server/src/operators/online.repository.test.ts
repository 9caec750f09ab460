import { afterEach, describe, expect, it, vi } from "vitest";
import { oncePerWindow } from "./online.repository.js";

afterEach(() => vi.useRealTimers());

describe("oncePerWindow (who is online changed)", () => {
  it("calls at once, folds the calls of a window into one at its end, and keeps companies apart", () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const changed = oncePerWindow((companyId) => calls.push(companyId), 1000);

    changed(1);
    expect(calls).toEqual([1]);
    for (let i = 0; i < 500; i++) changed(1); // a reconnect storm: 500 sockets of company 1
    changed(2);
    expect(calls).toEqual([1, 2]);

    vi.advanceTimersByTime(999);
    expect(calls).toEqual([1, 2]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 2, 1]); // the storm's last change, told once; company 2 had nothing more

    vi.advanceTimersByTime(5000);
    expect(calls).toEqual([1, 2, 1]);
    changed(2);
    expect(calls).toEqual([1, 2, 1, 2]); // a quiet company is told at once again
  });
});
