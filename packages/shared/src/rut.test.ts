import { describe, expect, it } from "vitest";
import { formatRut, isValidRut, normalizeRut, rutCheckDigit } from "./rut.js";

describe("RUT", () => {
  it("computes the modulo 11 check digit, K for 10 and 0 for 11", () => {
    expect(rutCheckDigit("12345678")).toBe("5");
    expect(rutCheckDigit("11111111")).toBe("1");
    expect(rutCheckDigit("10000013")).toBe("K");
    expect(rutCheckDigit("10000004")).toBe("0");
  });

  it("accepts a valid RUT however it is written and stores it without dots", () => {
    for (const v of ["12.345.678-5", "12345678-5", "123456785", " 12345678-5 ", "10.000.013-k", "10000013K"])
      expect(normalizeRut(v), v).toMatch(/^\d+-[\dK]$/);
    expect(normalizeRut("12.345.678-5")).toBe("12345678-5");
    expect(normalizeRut("10000013-k")).toBe("10000013-K");
  });

  it("refuses a wrong check digit, letters, a leading zero, too many digits and empty text", () => {
    for (const v of ["12.345.678-4", "12345678-K", "abc", "", "-", "01234567-8", "123456789-0", "12.345.678-5-5", "1234x678-5"])
      expect(isValidRut(v), v).toBe(false);
  });

  it("formats with dots and a hyphen", () => {
    expect(formatRut("123456785")).toBe("12.345.678-5");
    expect(formatRut("7-8")).toBe("7-8");
    expect(formatRut("9876543-3")).toBe("9.876.543-3");
    expect(formatRut("nonsense")).toBe("nonsense");
  });
});
