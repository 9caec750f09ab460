/** A GeoJSON position: [longitude, latitude]. */
export type Position = [number, number];

/** The ring with its first point repeated at the end, as GeoJSON requires and SPEC §3 stores. */
export function closeRing(ring: Position[]): Position[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last) return ring;
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
}

/** A GeoJSON Polygon of one closed outer ring. */
export function toGeoJsonPolygon(ring: Position[]): { type: "Polygon"; coordinates: Position[][] } {
  return { type: "Polygon", coordinates: [closeRing(ring)] };
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
