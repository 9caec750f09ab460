import { describe, expect, it } from "vitest";
import { waitFor } from "./wait-for.js";

describe("waitFor", () => {
  it("retries an assertion until it passes, and a condition until it holds, returning its value", async () => {
    let tries = 0;
    await waitFor(() => expect(++tries).toBe(3), { interval: 1 });
    expect(tries).toBe(3);
    let n = 0;
    expect(await waitFor(() => (++n >= 2 ? `after ${n}` : false), { interval: 1 })).toBe("after 2");
  });

  it("past the timeout, fails with the last assertion error", async () => {
    let n = 0;
    const error = await waitFor(() => expect(++n).toBe(-1), { timeout: 50, interval: 5 }).catch((err: unknown) => err as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/expected \d+ to be -1 .*still failing after waitFor's 50 ms/);
    expect(n).toBeGreaterThan(1);
  });

  it("past the timeout, says a condition stayed false", async () => {
    await expect(waitFor(() => false, { timeout: 30, interval: 5 })).rejects.toThrow("waitFor: the condition was still false after 30 ms");
  });
});
