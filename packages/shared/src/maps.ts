import { z } from "./zod.js";
import { dashboardFilterSchema, dashboardWindowSchema } from "./dashboard.js";
import { REPORT_STATUSES, PRIORITIES } from "./enums.js";
import { MAP_ZOOM } from "./constants.js";
import { geoJsonPointSchema } from "./reports.js";

/** Most reports `…/maps/reports` answers one by one; beyond it the answer is grid clusters (the map
 * clusters the points it gets; a browser is not sent a hundred thousand of them). */
export const MAP_MAX_POINTS = 3000;

const coordinate = (min: number, max: number) => z.coerce.number().min(min).max(max);

/** `bbox=west,south,east,north` (degrees): the part of the map in view; absent, the whole company. */
const bboxSchema = z
  .string()
  .max(120)
  .regex(/^-?\d{1,3}(\.\d{1,12})?(,-?\d{1,3}(\.\d{1,12})?){3}$/, { message: "invalid_bbox" })
  .transform((s) => s.split(",").map(Number) as [number, number, number, number])
  .refine(([w, s, e, n]) => w >= -180 && e <= 180 && s >= -90 && n <= 90 && w < e && s < n, { message: "invalid_bbox" });

/** Query of `GET …/maps/reports` and `…/maps/heat`: the SPEC §3 dashboard filter, the map's view and zoom. */
export const mapQuerySchema = dashboardFilterSchema.extend({
  bbox: bboxSchema.optional(),
  zoom: coordinate(MAP_ZOOM.min, MAP_ZOOM.max).default(MAP_ZOOM.initial),
});
export type MapQuery = z.output<typeof mapQuerySchema>;

/** A report on the map (never a not-applicable or deleted one, SPEC §4). */
export const mapReportFeatureSchema = z.object({
  type: z.literal("Feature"),
  geometry: geoJsonPointSchema,
  properties: z.object({
    id: z.number(),
    uuid: z.string(),
    type: z.number(),
    status: z.enum(REPORT_STATUSES),
    priority: z.enum(PRIORITIES),
    title: z.string().nullable(),
    created_at: z.string(),
  }),
});
export type MapReportFeature = z.infer<typeof mapReportFeatureSchema>;

/** Reports of one grid cell, at their mean position, when there are too many to send one by one. */
export const mapClusterFeatureSchema = z.object({
  type: z.literal("Feature"),
  geometry: geoJsonPointSchema,
  properties: z.object({ cluster: z.literal(true), point_count: z.number() }),
});
export type MapClusterFeature = z.infer<typeof mapClusterFeatureSchema>;

export const mapReportsResponseSchema = z.object({
  success: z.literal(true),
  window: dashboardWindowSchema,
  /** Reports matching the filter in view. */
  total: z.number(),
  /** True when `features` are grid clusters (more than MAP_MAX_POINTS reports). */
  clustered: z.boolean(),
  collection: z.object({
    type: z.literal("FeatureCollection"),
    features: z.array(z.union([mapReportFeatureSchema, mapClusterFeatureSchema])),
  }),
});
export type MapReportsResponse = z.infer<typeof mapReportsResponseSchema>;

/** Heat map: reports counted on a grid (cell side in degrees from the zoom), each cell at its mean position. */
export const mapHeatResponseSchema = z.object({
  success: z.literal(true),
  window: dashboardWindowSchema,
  total: z.number(),
  cell_degrees: z.number(),
  /** The largest count of a cell (the heat map's full intensity). */
  max: z.number(),
  collection: z.object({
    type: z.literal("FeatureCollection"),
    features: z.array(z.object({ type: z.literal("Feature"), geometry: geoJsonPointSchema, properties: z.object({ count: z.number() }) })),
  }),
});
export type MapHeatResponse = z.infer<typeof mapHeatResponseSchema>;

/** Side of a grid cell in degrees at a zoom: about 48 px of screen (tiles are 256 px wide, 360° at zoom 0). */
export function gridCellDegrees(zoom: number): number {
  return (360 / 2 ** Math.floor(zoom)) * (48 / 256);
}
