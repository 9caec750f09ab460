import { describe, expect, it } from "vitest";
import { formatPhone, isValidPhone, phoneHref } from "./phone.js";

describe("phones", () => {
  it("accepts valid numbers in international form, Chilean mobiles and landlines among them", () => {
    expect(isValidPhone("+56987654321")).toBe(true);
    expect(isValidPhone("+56 2 2345 6789")).toBe(true);
    expect(isValidPhone("+33612345678")).toBe(true);
  });

  it("refuses numbers too short or too long, without prefix, or not numbers at all", () => {
    expect(isValidPhone("+5698765432")).toBe(false);
    expect(isValidPhone("+569876543210")).toBe(false);
    expect(isValidPhone("987654321")).toBe(false);
    expect(isValidPhone("llámame")).toBe(false);
    expect(isValidPhone("")).toBe(false);
  });

  it("formats for reading and for dialling, Chile assumed without prefix, and leaves unreadable ones as they are", () => {
    expect(formatPhone("+56987654321")).toBe("+56 9 8765 4321");
    expect(formatPhone("987654321")).toBe("+56 9 8765 4321");
    expect(formatPhone("anexo 12")).toBe("anexo 12");
    expect(phoneHref("+56 9 8765 4321")).toBe("tel:+56987654321");
  });
});
