import { closeRing, rightHandPolygon, type Position } from "@atalaya/shared";

export { closeRing, type Position };

/** A GeoJSON Polygon of one closed outer ring, wound counterclockwise (RFC 7946). */
export function toGeoJsonPolygon(ring: Position[]): { type: "Polygon"; coordinates: Position[][] } {
  return rightHandPolygon({ type: "Polygon", coordinates: [closeRing(ring)] });
}

/** The PostgreSQL polygon literal of a ring, x = longitude, y = latitude (used for `area @> point`). */
export function toPgPolygon(ring: Position[]): string {
  return `(${closeRing(ring).map(([lng, lat]) => `(${lng},${lat})`).join(",")})`;
}

/** Ray-casting point-in-ring test, for generated data that must fall inside a zone. */
export function ringContains(ring: Position[], [x, y]: Position): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
