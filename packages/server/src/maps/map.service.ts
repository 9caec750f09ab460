import { MAP_MAX_POINTS, gridCellDegrees, type MapHeatResponse, type MapQuery, type MapReportsResponse } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { dashboardSelection } from "../dashboard/index.js";
import { gridCells, mapPoints, type GridCellRow } from "./map.repository.js";

const point = (longitude: number, latitude: number) => ({ type: "Point" as const, coordinates: [longitude, latitude] as [number, number] });

function cellFeatures(cells: readonly GridCellRow[]) {
  return cells.map((c) => ({ type: "Feature" as const, geometry: point(c.longitude, c.latitude), properties: { count: c.count } }));
}

/** GET …/maps/reports: the window's reports in view as GeoJSON points; more than MAP_MAX_POINTS of them
 * come as grid clusters for the zoom instead. */
export async function mapReports(ctx: AppContext, scope: CompanyScope, q: MapQuery): Promise<Omit<MapReportsResponse, "success">> {
  const { selection, window } = await dashboardSelection(ctx, scope, q);
  const rows = await mapPoints(ctx.db, scope, selection, q.bbox, MAP_MAX_POINTS + 1);
  if (rows.length <= MAP_MAX_POINTS) {
    const features = rows.map((r) => ({
      type: "Feature" as const,
      geometry: point(r.longitude, r.latitude),
      properties: { id: r.id, uuid: r.uuid, type: r.type_id, status: r.status, priority: r.priority, title: r.title, created_at: new Date(r.created_at).toISOString() },
    }));
    return { window, total: rows.length, clustered: false, collection: { type: "FeatureCollection", features } };
  }
  const cells = await gridCells(ctx.db, scope, selection, q.bbox, gridCellDegrees(q.zoom));
  const features = cells.map((c) => ({ type: "Feature" as const, geometry: point(c.longitude, c.latitude), properties: { cluster: true as const, point_count: c.count } }));
  return { window, total: cells.reduce((n, c) => n + c.count, 0), clustered: true, collection: { type: "FeatureCollection", features } };
}

/** GET …/maps/heat: the window's reports counted on a grid for the zoom (the heat map's weights). */
export async function mapHeat(ctx: AppContext, scope: CompanyScope, q: MapQuery): Promise<Omit<MapHeatResponse, "success">> {
  const { selection, window } = await dashboardSelection(ctx, scope, q);
  const cell = gridCellDegrees(q.zoom);
  const cells = await gridCells(ctx.db, scope, selection, q.bbox, cell);
  const total = cells.reduce((n, c) => n + c.count, 0);
  const max = cells.reduce((m, c) => Math.max(m, c.count), 0);
  return { window, total, cell_degrees: cell, max, collection: { type: "FeatureCollection", features: cellFeatures(cells) } };
}
