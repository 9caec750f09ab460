import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BOOT_STAGES, bootChunkGroups } from "./boot-chunks.mjs";

describe("the stages' chunk groups", () => {
  it("name modules that exist: a renamed root would leave its stage's code split again, silently", () => {
    for (const stage of BOOT_STAGES) for (const root of stage.roots) expect(existsSync(join(import.meta.dirname, root)), root).toBe(true);
  });

  it("capture each stage's roots, on any platform's paths, and nothing else by name", () => {
    const [boot, visitor, panel] = bootChunkGroups(3);
    expect(boot.test("/repo/packages/web/src/main.tsx")).toBe(true);
    expect(panel.test("C:\\repo\\packages\\web\\src\\app\\signed-in-frame.tsx")).toBe(true);
    expect(visitor.test("/repo/packages/web/src/features/signup/landing-page.tsx")).toBe(true);
    // A module the stages reach is theirs through its importer, never by its own name.
    expect(panel.test("/repo/packages/web/src/features/reports/panel/report-detail-page.tsx")).toBe(false);
    expect(boot.test("/repo/node_modules/other/src/main.tsx")).toBe(false);
  });

  it("take their modules in the stages' order, below the groups given first, and split only the visitors' pages", () => {
    const groups = bootChunkGroups(3);
    expect(groups.map((g) => [g.name, g.priority, g.entriesAware])).toEqual([
      ["boot", 2, false],
      ["visitor", 1, true],
      ["panel", 0, false],
    ]);
  });
});
