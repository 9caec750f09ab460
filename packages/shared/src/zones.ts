import { area } from "@turf/area";
import { kinks } from "@turf/kinks";
import { z } from "./zod.js";
import { MAX_DRAWING_AREA, MINIMUM_ZONE_POINTS } from "./constants.js";
import { MAX_ID } from "./limits.js";

/** A GeoJSON position: [longitude, latitude]. */
export type Position = [number, number];

/** Longest zone name. */
export const ZONE_NAME_MAX = 80;
/** Most corners a zone may have: a hand-drawn zone has tens; this bounds what a client can send. */
export const ZONE_MAX_POINTS = 2000;
/** SPEC §9's maximum drawing area is in km²; areas are computed in m². */
export const MAX_ZONE_AREA_M2 = MAX_DRAWING_AREA * 1_000_000;

const positionSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/** A zone's shape: a GeoJSON Polygon of one outer ring (a zone has no holes). */
export const zonePolygonSchema = z.object({
  type: z.literal("Polygon"),
  coordinates: z.array(z.array(positionSchema).max(ZONE_MAX_POINTS + 1)).length(1),
});
export type ZonePolygon = z.infer<typeof zonePolygonSchema>;

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** Body of POST and PUT /api/companies/{companyId}/zones[/{zoneId}]. */
export const zoneBodySchema = z.object({
  name: z.string().trim().min(1).max(ZONE_NAME_MAX),
  polygon: zonePolygonSchema,
  fill_color: colorSchema.optional(),
  stroke_color: colorSchema.optional(),
});
export type ZoneBody = z.infer<typeof zoneBodySchema>;

/** A company zone as the API answers it. The global zone (SPEC §9 id 173) has no shape: it stands for
 * everywhere, is never drawn and cannot be edited. */
export const zoneSchema = z.object({
  id: z.number(),
  name: z.string(),
  polygon: zonePolygonSchema.nullable(),
  fill_color: z.string(),
  stroke_color: z.string(),
  /** Area in m² (Turf), null for the global zone. */
  area_m2: z.number().nullable(),
  global: z.boolean(),
  /** Members restricted to this zone: it cannot be deleted while any is. */
  restricted_users: z.number(),
  created_at: z.string(),
});
export type Zone = z.infer<typeof zoneSchema>;

export const zoneParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});

export const zoneListResponseSchema = z.object({ success: z.literal(true), zones: z.array(zoneSchema) });
export const zoneResponseSchema = z.object({ success: z.literal(true), zone: zoneSchema });

/** Why a drawn shape cannot be a zone; each is also the API's error code. */
export type ZoneShapeProblem = "zoneTooFewPoints" | "zoneEmptyArea" | "zoneSelfIntersects" | "zoneTooLarge";

/** The ring with its first point repeated at the end, as GeoJSON requires and SPEC §3 stores. */
export function closeRing(ring: readonly Position[]): Position[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last) return [...ring];
  return first[0] === last[0] && first[1] === last[1] ? [...ring] : [...ring, first];
}

/** The corners of a ring without repeats (consecutive duplicates and the closing point). */
function corners(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  for (const p of ring) {
    const prev = out[out.length - 1];
    if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) out.push([p[0], p[1]]);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) out.pop();
  return out;
}

/** Twice the ring's signed area on the longitude/latitude plane: positive when it turns counterclockwise. */
function signedArea2(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  return sum;
}

/** The polygon wound as RFC 7946 §3.1.6 asks — exterior ring counterclockwise, holes clockwise —
 * whichever way it was drawn (the map editor draws either); every polygon the server writes goes
 * through here, stored ones drawn before this rule included. */
export function rightHandPolygon<P extends { type: "Polygon"; coordinates: Position[][] }>(polygon: P): P {
  const coordinates = polygon.coordinates.map((ring, i) => {
    const area = signedArea2(ring);
    return (i === 0 ? area < 0 : area > 0) ? [...ring].reverse() : ring;
  });
  return { ...polygon, coordinates };
}

/** The polygon with its ring closed, repeated corners dropped, wound counterclockwise (RFC 7946). */
export function normalizeZonePolygon(polygon: ZonePolygon): ZonePolygon {
  return rightHandPolygon({ type: "Polygon", coordinates: [closeRing(corners(polygon.coordinates[0] ?? []))] });
}

/** Area of a zone in m² (Turf, on the sphere). */
export function zoneAreaM2(polygon: ZonePolygon): number {
  return area({ type: "Polygon", coordinates: [closeRing(polygon.coordinates[0] ?? [])] });
}

/** What makes the shape unusable as a zone, or null: fewer than 3 corners, no area, edges crossing
 * (containment would be meaningless), or over SPEC §9's maximum drawing area. */
export function zoneShapeProblem(polygon: ZonePolygon): ZoneShapeProblem | null {
  const ring = corners(polygon.coordinates[0] ?? []);
  if (ring.length < MINIMUM_ZONE_POINTS) return "zoneTooFewPoints";
  const closed: ZonePolygon = { type: "Polygon", coordinates: [closeRing(ring)] };
  const m2 = zoneAreaM2(closed);
  if (!(m2 > 1)) return "zoneEmptyArea";
  if (kinks({ type: "Feature", properties: {}, geometry: closed }).features.length > 0) return "zoneSelfIntersects";
  if (m2 > MAX_ZONE_AREA_M2) return "zoneTooLarge";
  return null;
}
