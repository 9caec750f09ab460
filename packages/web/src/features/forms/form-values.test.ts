import { describe, expect, it } from "vitest";
import { dateText } from "./form-values";

describe("dateText", () => {
  it("writes a day as a date and an instant as date and time, in the reader's locale", () => {
    expect(dateText({ dateKind: "date" }, "2026-03-02", "es-CL")).toBe("02-03-2026");
    expect(dateText({}, "2026-03-02", "en-US")).toBe("3/2/2026");
    const at = new Date(2026, 10, 25, 20, 7);
    expect(dateText({ dateKind: "datetime" }, at.toISOString(), "es-CL")).toBe(at.toLocaleString("es-CL"));
    expect(dateText({ dateKind: "datetime" }, at.toISOString(), "es-CL")).toContain("25-11-2026");
  });

  it("leaves a value it cannot read as it was stored", () => {
    expect(dateText({ dateKind: "date" }, "2026-13-45x", "es-CL")).toBe("2026-13-45x");
    expect(dateText({ dateKind: "datetime" }, "not a date", "es-CL")).toBe("not a date");
    expect(dateText({ dateKind: "date" }, 20260302, "es-CL")).toBe("20260302");
  });
});
