import { describe, expect, it } from "vitest";
import { DEFAULT_BACKOFF, backoffDelay, nominalDelay } from "./backoff";

describe("backoff", () => {
  it("doubles from 1 s and stops growing at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => nominalDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it("spreads each delay by ±20 % and never exceeds the maximum", () => {
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 0.5)).toBe(1000);
    expect(backoffDelay(0, () => 0.999999)).toBe(1200);
    expect(backoffDelay(3, () => 0)).toBe(6400);
    expect(backoffDelay(10, () => 0)).toBe(24000);
    expect(backoffDelay(10, () => 0.999999)).toBe(DEFAULT_BACKOFF.maxMs);
  });

  it("is non-decreasing in its nominal value and random within bounds", () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const delay = backoffDelay(attempt);
      const nominal = nominalDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(nominal * 0.8 - 1);
      expect(delay).toBeLessThanOrEqual(Math.min(DEFAULT_BACKOFF.maxMs, nominal * 1.2));
      if (attempt > 0) expect(nominal).toBeGreaterThanOrEqual(nominalDelay(attempt - 1));
    }
  });
});
