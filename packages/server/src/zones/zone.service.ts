import {
  GLOBAL_ZONE_ID,
  MAX_DRAWING_AREA,
  ZONE_STROKE,
  normalizeZonePolygon,
  rightHandPolygon,
  zoneAreaM2,
  zoneShapeProblem,
  type Zone,
  type ZoneBody,
} from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, notFound } from "../http/errors.js";
import { deleteZone, findZone, insertGlobalZone, insertZone, listZones, updateZone, zoneNameTaken, type ZoneRow } from "./zone.repository.js";

const GLOBAL_ZONE_NAME = "Zona global";

/** A stored zone as the API answers it; the global zone has no shape to draw. */
export function presentZone(row: ZoneRow): Zone {
  const global = row.id === GLOBAL_ZONE_ID;
  return {
    id: row.id,
    name: row.name,
    polygon: global ? null : rightHandPolygon(row.geojson),
    fill_color: row.fill_color,
    stroke_color: row.stroke_color,
    area_m2: global ? null : Math.round(zoneAreaM2(row.geojson)),
    global,
    restricted_users: row.restricted_users,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The body's shape closed and checked (400 with the problem's code), and its name free (409). */
async function checkedFields(ctx: AppContext, scope: CompanyScope, body: ZoneBody, exceptId?: number) {
  const polygon = normalizeZonePolygon(body.polygon);
  const problem = zoneShapeProblem(polygon);
  if (problem) {
    throw new AppError(400, problem, problem, [{ field: "polygon", code: problem }], undefined, { max: MAX_DRAWING_AREA });
  }
  if (await zoneNameTaken(ctx.db, scope, body.name, exceptId)) throw new AppError(409, "conflict", "zoneNameTaken", [{ field: "name", code: "taken" }]);
  return { name: body.name, polygon, fill_color: body.fill_color ?? ZONE_STROKE, stroke_color: body.stroke_color ?? ZONE_STROKE };
}

// Two saves with the same name at once: the unique index refuses the second.
function nameRace(err: unknown): never {
  if ((err as { code?: string }).code === "23505") throw new AppError(409, "conflict", "zoneNameTaken", [{ field: "name", code: "taken" }]);
  throw err;
}

/** The company's zones (any member: the maps and filters draw them). */
export async function companyZones(ctx: AppContext, scope: CompanyScope): Promise<Zone[]> {
  return (await listZones(ctx.db, scope)).map(presentZone);
}

/** Draws a new zone (company admins). */
export async function createZone(ctx: AppContext, scope: CompanyScope, body: ZoneBody): Promise<Zone> {
  const fields = await checkedFields(ctx, scope, body);
  const id = await insertZone(ctx.db, scope, fields).catch(nameRace);
  return presentZone((await findZone(ctx.db, scope, id))!);
}

/** Replaces a drawn zone; the global zone has nothing to edit (409 globalZone). */
export async function editZone(ctx: AppContext, scope: CompanyScope, id: number, body: ZoneBody): Promise<Zone> {
  const current = await findZone(ctx.db, scope, id);
  if (!current) throw notFound();
  if (current.id === GLOBAL_ZONE_ID) throw new AppError(409, "conflict", "globalZone");
  const fields = await checkedFields(ctx, scope, body, id);
  if (!(await updateZone(ctx.db, scope, id, fields).catch(nameRace))) throw notFound();
  return presentZone((await findZone(ctx.db, scope, id))!);
}

/** Deletes a zone (the global one too: the company stops receiving reports from everywhere); 409
 * zoneInUse while members are restricted to it. */
export async function removeZone(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  const current = await findZone(ctx.db, scope, id);
  if (!current) throw notFound();
  if (!(await deleteZone(ctx.db, scope, id))) {
    const now = await findZone(ctx.db, scope, id);
    if (!now) throw notFound();
    throw new AppError(409, "conflict", "zoneInUse", undefined, undefined, { count: now.restricted_users });
  }
}

/** Makes the company attend the global zone: it then receives reports from anywhere (409 alreadyGlobal). */
export async function attendGlobalZone(ctx: AppContext, scope: CompanyScope): Promise<Zone> {
  if (!(await insertGlobalZone(ctx.db, scope, GLOBAL_ZONE_NAME))) throw new AppError(409, "conflict", "alreadyGlobal");
  return presentZone((await findZone(ctx.db, scope, GLOBAL_ZONE_ID))!);
}
