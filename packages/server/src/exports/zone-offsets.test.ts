import { describe, expect, it } from "vitest";
import { sheetFileName, zoneOffsetMs, zoneOffsets } from "./report-sheet.js";

describe("zoneOffsets (the spreadsheet's wall-clock dates)", () => {
  it("matches zoneOffsetMs minute by minute across daylight-saving changes and odd offsets", () => {
    // Santiago leaves summer time on 5 April 2026 and enters it on 6 September 2026; Kathmandu is +05:45,
    // Chatham +12:45/+13:45 with its changes on quarter hours of UTC.
    const cases: [string, string][] = [
      ["America/Santiago", "2026-04-04T23:00:00Z"],
      ["America/Santiago", "2026-09-06T01:00:00Z"],
      ["Asia/Kathmandu", "2026-01-01T00:00:00Z"],
      ["Pacific/Chatham", "2026-04-04T12:00:00Z"],
    ];
    for (const [zone, start] of cases) {
      const offset = zoneOffsets(zone);
      for (let t = Date.parse(start); t < Date.parse(start) + 8 * 3600_000; t += 60_000 + 7_000) {
        expect(offset(t), `${zone} at ${new Date(t).toISOString()}`).toBe(zoneOffsetMs(t, zone));
      }
    }
  });

  it("gives Santiago -3 h in summer and -4 h in winter", () => {
    const offset = zoneOffsets("America/Santiago");
    expect(offset(Date.parse("2026-01-14T02:30:00Z"))).toBe(-3 * 3600_000);
    expect(offset(Date.parse("2026-07-14T02:30:00Z"))).toBe(-4 * 3600_000);
  });
});

describe("sheetFileName (the export's file name)", () => {
  it("names the file with the date and time on the company's clock, not UTC's", () => {
    // 03:59 UTC on 29 November 2026 is 00:59 in Santiago (summer time, UTC-3) and 22:59 of the 28th in Lima.
    const at = new Date("2026-11-29T03:59:30Z");
    expect(sheetFileName("America/Santiago", at)).toBe("reportes-20261129-0059.xlsx");
    expect(sheetFileName("America/Lima", at)).toBe("reportes-20261128-2259.xlsx");
    expect(sheetFileName("UTC", at)).toBe("reportes-20261129-0359.xlsx");
    // Winter: UTC-4.
    expect(sheetFileName("America/Santiago", new Date("2026-07-01T12:00:00Z"))).toBe("reportes-20260701-0800.xlsx");
  });
});
