import { GLOBAL_ZONE_ID, type ZonePolygon } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";
import { toPgPolygon } from "./geometry.js";

/** One zone as stored, with how many members are restricted to it. */
export type ZoneRow = Pick<Tables["zones"], "id" | "name" | "geojson" | "fill_color" | "stroke_color" | "created_at"> & {
  geojson: ZonePolygon;
  restricted_users: number;
};

// The whole world as the global zone's shape: every point is inside, so routing needs no exception.
const WORLD_RING: [number, number][] = [[-180, -90], [180, -90], [180, 90], [-180, 90]];

const SELECT = `select z.id, z.name, z.geojson, z.fill_color, z.stroke_color, z.created_at,
       (select count(*)::int from memberships m where m.company_id = z.company_id and z.id = any(m.zone_ids)) as restricted_users
  from zones z`;

/** The company's zones, the global one first, then by name. */
export function listZones(db: Db, scope: TenantScope): Promise<ZoneRow[]> {
  return db.query<ZoneRow>(`${SELECT} where z.company_id = $1 order by z.id <> ${GLOBAL_ZONE_ID}, lower(z.name), z.id`, [scope.companyId]);
}

/** One zone of the company, or undefined (another company's id is simply not found). */
export function findZone(db: Tx, scope: TenantScope, id: number): Promise<ZoneRow | undefined> {
  return one<ZoneRow>(db, `${SELECT} where z.company_id = $1 and z.id = $2`, [scope.companyId, id]);
}

/** True when another zone of the company has the name, letter case aside. */
export async function zoneNameTaken(db: Tx, scope: TenantScope, name: string, exceptId?: number): Promise<boolean> {
  const row = await one(db, "select 1 from zones where company_id = $1 and lower(name) = lower($2) and id is distinct from $3", [
    scope.companyId,
    name,
    exceptId ?? null,
  ]);
  return row !== undefined;
}

interface ZoneFields {
  name: string;
  polygon: ZonePolygon;
  fill_color: string;
  stroke_color: string;
}

/** Stores a new zone (GeoJSON for drawing, native polygon for containment); answers its id. */
export async function insertZone(db: Tx, scope: TenantScope, z: ZoneFields): Promise<number> {
  const ring = z.polygon.coordinates[0]!;
  const row = await one<{ id: number }>(
    db,
    "insert into zones (company_id, name, geojson, area, fill_color, stroke_color) values ($1, $2, $3, $4::polygon, $5, $6) returning id",
    [scope.companyId, z.name, JSON.stringify(z.polygon), toPgPolygon(ring), z.fill_color, z.stroke_color],
  );
  return row!.id;
}

/** Replaces a drawn zone's name, shape and colours. Reports already routed keep their zones; the new
 * shape routes the reports that come after. */
export async function updateZone(db: Tx, scope: TenantScope, id: number, z: ZoneFields): Promise<boolean> {
  const ring = z.polygon.coordinates[0]!;
  const rows = await db.query(
    `update zones set name = $3, geojson = $4, area = $5::polygon, fill_color = $6, stroke_color = $7
      where company_id = $1 and id = $2 and id <> ${GLOBAL_ZONE_ID} returning id`,
    [scope.companyId, id, z.name, JSON.stringify(z.polygon), toPgPolygon(ring), z.fill_color, z.stroke_color],
  );
  return rows.length === 1;
}

/** Deletes a zone of the company, unless members are restricted to it (checked in the same statement,
 * so a restriction added meanwhile is never left pointing at nothing). */
export async function deleteZone(db: Tx, scope: TenantScope, id: number): Promise<boolean> {
  const rows = await db.query(
    `delete from zones z where z.company_id = $1 and z.id = $2
        and not exists (select 1 from memberships m where m.company_id = z.company_id and z.id = any(m.zone_ids))
      returning id`,
    [scope.companyId, id],
  );
  return rows.length === 1;
}

/** Makes the company attend the global zone; false when it already did. */
export async function insertGlobalZone(db: Tx, scope: TenantScope, name: string): Promise<boolean> {
  const rows = await db.query(
    `insert into zones (company_id, id, name, geojson, area) values ($1, ${GLOBAL_ZONE_ID}, $2, $3, $4::polygon)
     on conflict do nothing returning id`,
    [scope.companyId, name, JSON.stringify({ type: "Polygon", coordinates: [[...WORLD_RING, WORLD_RING[0]]] }), toPgPolygon(WORLD_RING)],
  );
  return rows.length === 1;
}
