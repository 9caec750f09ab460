import { describe, expect, it } from "vitest";
import { formatPlate, normalizePlate, parsePlate } from "./plates.js";

describe("Chilean plates", () => {
  it("read the four formats, whatever the spacing, dots, hyphens and case", () => {
    expect(parsePlate("AB1234")).toEqual({ plate: "AB1234", kind: "car_old" });
    expect(parsePlate("ab-12.34")).toEqual({ plate: "AB1234", kind: "car_old" });
    expect(parsePlate("BCDF12")).toEqual({ plate: "BCDF12", kind: "car_new" });
    expect(parsePlate(" bc·df 12 ")).toEqual({ plate: "BCDF12", kind: "car_new" });
    expect(parsePlate("AB123")).toEqual({ plate: "AB123", kind: "motorcycle_old" });
    expect(parsePlate("abc-12")).toEqual({ plate: "ABC12", kind: "motorcycle_new" });
  });

  it("refuse new car plates with vowels or M, N, Ñ, Q, and every other shape", () => {
    for (const bad of ["BADF12", "BCDM12", "BCNF12", "QCDF12", "BCÑF12", "", "A1234", "ABC1234", "AB12345", "1234AB", "ABCDEF", "AB 12 3X", "AB_1234"])
      expect(parsePlate(bad), bad).toBeUndefined();
  });

  it("normalise without changing letters or digits, and write the plate in pairs", () => {
    expect(normalizePlate("zz-yy.99")).toBe("ZZYY99");
    expect(formatPlate("BCDF12")).toBe("BC·DF·12");
    expect(formatPlate("AB123")).toBe("AB·123");
    expect(formatPlate("ABC12")).toBe("ABC·12");
  });
});
