import { describe, expect, it } from "vitest";
import { REPORT_TYPES } from "@atalaya/shared";
import {
  mapServerFieldErrors,
  phoneError,
  splitPhone,
  toCreatePayload,
  typeOptionGroups,
  validateCreateReport,
  type CreateReportValues,
} from "./create-report-form";

const base: CreateReportValues = {
  type: 0,
  description: "Robo de cartera en el paradero",
  priority: undefined,
  informerType: "anonymous",
  phonePrefix: "+56",
  phone: "",
  firstName: "",
  lastName: "",
  email: "",
  address: "",
  location: { latitude: -33.44, longitude: -70.65 },
};

describe("create report form", () => {
  it("accepts valid mobiles and landlines of the chosen country, and nothing else", () => {
    expect(phoneError("+56", "9 1234 5678")).toBeNull();
    expect(phoneError("+56", "2 2123 4567")).toBeNull();
    expect(phoneError("+56", "91234567")).toBe("phone");
    expect(phoneError("+56", "")).toBe("required");
    expect(phoneError("+54", "11 4123 4567")).toBeNull();
    expect(phoneError("+54", "123")).toBe("phone");
    expect(phoneError("+56", "llámame")).toBe("required");
    // Pasted with its country code, whichever prefix is chosen.
    expect(phoneError("+56", "+56 9 8765 4321")).toBeNull();
    expect(phoneError("+54", "+56 9 8765 4321")).toBeNull();
    expect(phoneError("+56", "0056 9 8765 4321")).toBeNull();
    expect(splitPhone("+56", "+56 9 8765 4321")).toEqual({ prefix: "+56", local: "987654321" });
    expect(splitPhone("+56", "+591 7 123 4567")).toEqual({ prefix: "+591", local: "71234567" });
    expect(splitPhone("+56", "9 8765 4321")).toEqual({ prefix: "+56", local: "9 8765 4321" });
    expect(splitPhone("+56", "+999 123")).toEqual({ prefix: "+56", local: "+999 123" });
  });

  it("requires type, description and a location; phone and first name for a user informer", () => {
    expect(validateCreateReport(base)).toEqual({});
    expect(validateCreateReport({ ...base, type: undefined, description: "  ", location: null })).toEqual({
      type: "required",
      description: "required",
      location: "location",
    });
    expect(validateCreateReport({ ...base, informerType: "user" })).toEqual({ phone: "required", firstName: "required" });
    expect(validateCreateReport({ ...base, informerType: "user", phone: "912345678", firstName: "Ana", email: "ana@" })).toEqual({ email: "email" });
  });

  it("builds the POST body: contact only for a user, phone with its prefix, blanks left out", () => {
    const user = { ...base, informerType: "user" as const, phone: "9 1234 5678", firstName: " Ana ", lastName: "", email: "ana@correo.cl", address: " Ahumada 30 ", priority: "high" as const };
    expect(toCreatePayload({ ...user, type: 0, location: base.location! })).toEqual({
      type: 0,
      description: "Robo de cartera en el paradero",
      latitude: -33.44,
      longitude: -70.65,
      informerType: "user",
      address: "Ahumada 30",
      priority: "high",
      phone: "+56912345678",
      firstName: "Ana",
      email: "ana@correo.cl",
    });
    const anonymous = toCreatePayload({ ...base, phone: "912345678", firstName: "Ana", type: 0, location: base.location! });
    expect(anonymous).not.toHaveProperty("phone");
    expect(anonymous).not.toHaveProperty("firstName");
  });

  it("places the server's field errors on the form fields", () => {
    expect(
      mapServerFieldErrors([
        { field: "email", code: "invalid_format" },
        { field: "phone", code: "custom" },
        { field: "latitude", code: "too_big" },
        { field: "type", code: "invalid_type" },
        { field: "description", code: "too_big" },
        { field: "somethingElse", code: "x" },
      ]),
    ).toEqual({ email: "email", phone: "required", location: "location", type: "typeUnavailable", description: "tooLong" });
  });

  it("offers only active types, grouped by category in catalogue order", () => {
    const groups = typeOptionGroups("es");
    expect(groups[0]?.label).toBe("Emergencias");
    const offered = groups.flatMap((group) => group.options.map((option) => option.value));
    const active = REPORT_TYPES.filter((type) => type.active).map((type) => type.id);
    expect(new Set(offered)).toEqual(new Set(active));
    expect(groups.every((group) => group.options.length > 0)).toBe(true);
  });

  it("offers a user restricted to some types only those, and says when the place is outside their zones", () => {
    const groups = typeOptionGroups("es", [0, 11]);
    expect(groups.flatMap((group) => group.options.map((option) => option.value)).sort()).toEqual([0, 11]);
    expect(mapServerFieldErrors([{ field: "latitude", code: "outside_zones" }])).toEqual({ location: "outsideZones" });
  });
});
