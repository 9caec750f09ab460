import { describe, expect, it } from "vitest";
import type { Patrol } from "@atalaya/shared";
import { patrolMarkerLabel } from "./patrol-markers";
import { loadWholeCatalogue } from "../../app/catalogues";

const es = await loadWholeCatalogue("es");

// The Spanish texts with i18next's {{…}} filled in, as the portal's t would.
const t = (key: string, vars: Record<string, unknown> = {}): string => {
  const path = key.replace(/^patrols\./, "").split(".");
  const text = path.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], es.patrols) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
};

describe("patrolMarkerLabel", () => {
  it("starts with the initials the marker shows, then the patrol's name and status (WCAG 2.5.3)", () => {
    const patrol = { id: 1, name: "Sur Alameda", status: "online" } as Patrol;
    const label = patrolMarkerLabel(t, patrol);
    expect(label.startsWith("SA")).toBe(true);
    expect(label).toBe(`SA — Sur Alameda, ${es.patrols.statuses.online}`);
  });
});
