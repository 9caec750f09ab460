import { describe, expect, it } from "vitest";
import type { MapReportsResponse } from "@atalaya/shared";
import { reportsUntil, timelapseHours } from "./timelapse";

const feature = (id: number, created_at: string) => ({
  type: "Feature" as const,
  geometry: { type: "Point" as const, coordinates: [-70.65, -33.45] as [number, number] },
  properties: { id, uuid: `u${id}`, type: 0, status: "pending" as const, priority: "normal" as const, title: null, created_at },
});
const data: MapReportsResponse = {
  success: true,
  window: { from: "2026-03-10T03:20:00.000Z", to: "2026-03-10T09:00:00.000Z", timezone: "America/Santiago", period: null },
  total: 3,
  clustered: false,
  collection: { type: "FeatureCollection", features: [feature(1, "2026-03-10T04:00:00Z"), feature(2, "2026-03-10T06:30:00Z"), feature(3, "2026-03-10T08:59:00Z")] },
};

describe("timelapse", () => {
  it("spans the window hour by hour from the start of its first hour", () => {
    expect(timelapseHours(data.window)).toEqual({ start: Date.parse("2026-03-10T03:00:00Z"), hours: 6 });
  });

  it("shows the reports created up to the moment played", () => {
    expect(reportsUntil(data, Date.parse("2026-03-10T06:30:00Z")).collection.features.map((f) => ("id" in f.properties ? f.properties.id : 0))).toEqual([1, 2]);
    expect(reportsUntil(data, Date.parse("2026-03-10T03:59:59Z")).total).toBe(0);
  });
});
