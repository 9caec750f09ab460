import { describe, expect, it } from "vitest";
import { restrictionLines } from "./restriction-lines";

const t = (key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ""}`;

describe("restrictionLines", () => {
  it("says nothing for an unrestricted user", () => {
    expect(restrictionLines({ zones: [], reportTypes: [], settings: { onlyAssignedReports: false } }, "es", t)).toEqual([]);
  });

  it("names the zones' count, the types by name in the user's language, and the only-assigned setting", () => {
    expect(restrictionLines({ zones: [4], reportTypes: [0, 11], settings: { onlyAssignedReports: true } }, "en", t)).toEqual([
      'events.restricted.zones{"count":1}',
      'events.restricted.types{"types":"Robbery, Suspicious activity"}',
      "events.restricted.assigned",
    ]);
  });
});
