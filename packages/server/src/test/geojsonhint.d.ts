// geojsonhint ships no types: the one call the tests make (Mapbox's GeoJSON linter, the right-hand rule included).
declare module "geojsonhint" {
  export function hint(geojson: string | object, options?: { noDuplicateMembers?: boolean; precisionWarning?: boolean }): { message: string; level?: string; line?: number }[];
}
