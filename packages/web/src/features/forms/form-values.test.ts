import { describe, expect, it } from "vitest";
import { dateText } from "./form-values";

const ZONE = "America/Santiago";

describe("dateText", () => {
  it("writes a day and an instant as the rest of the portal does, the instant in the reader's time zone", () => {
    expect(dateText({ dateKind: "date" }, "2026-03-02", "es", ZONE)).toBe("2 mar 2026");
    expect(dateText({}, "2026-03-02", "en", ZONE)).toBe("2 Mar 2026");
    // 04:07 UTC is 01:07 in Santiago (UTC-3 in November): not the browser's "29-11-2026, 1:07:20 a. m.".
    expect(dateText({ dateKind: "datetime" }, "2026-11-29T04:07:20.000Z", "es", ZONE)).toBe("29 nov 2026, 01:07:20");
    expect(dateText({ dateKind: "datetime" }, "2026-11-29T04:07:20.000Z", "fr", ZONE)).toBe("29 nov. 2026, 01:07:20");
  });

  it("leaves a value it cannot read as it was stored", () => {
    expect(dateText({ dateKind: "date" }, "2026-13-45x", "es", ZONE)).toBe("2026-13-45x");
    expect(dateText({ dateKind: "datetime" }, "not a date", "es", ZONE)).toBe("not a date");
    expect(dateText({ dateKind: "datetime" }, "12", "es", ZONE)).toBe("12");
    expect(dateText({ dateKind: "date" }, 20260302, "es", ZONE)).toBe("20260302");
  });
});
