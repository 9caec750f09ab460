import { describe, expect, it } from "vitest";
import { configProblems } from "./config-pairs";

describe("configProblems", () => {
  it("asks for a name, refuses repeated names and checks numeric names as SPEC §5", () => {
    expect(
      configProblems([
        { name: "pollingNewReportsMinutes", value: "-2.5" },
        { name: "", value: "x" },
        { name: "pollingNewReportsMinutes", value: "3" },
        { name: "reportNotificationDelayMinutes", value: "1e3" },
        { name: "demo", value: "texto" },
      ]),
    ).toEqual([
      undefined,
      { field: "name", problem: "nameRequired" },
      { field: "name", problem: "duplicate" },
      { field: "value", problem: "notNumeric" },
      undefined,
    ]);
  });
});
