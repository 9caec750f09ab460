import { DEFAULT_USER_SETTINGS, FREEMIUM_MODULES, type RegistrationBody } from "@atalaya/shared";
import { one, type Tx } from "../db/db.js";
import { toPgPolygon, type Position } from "../zones/index.js";

/** The middle of a ring (mean of its corners): the new company's bound, where its maps open. */
function centreOf(ring: readonly Position[]): { latitude: number; longitude: number } {
  const corners = ring.slice(0, -1);
  const sum = corners.reduce((acc, [lng, lat]) => ({ lng: acc.lng + lng, lat: acc.lat + lat }), { lng: 0, lat: 0 });
  return { latitude: sum.lat / corners.length, longitude: sum.lng / corners.length };
}

/** Creates the freemium company with its zone and report types; answers its id. */
export async function insertFreemiumCompany(tx: Tx, body: RegistrationBody): Promise<{ companyId: number; zoneId: number }> {
  const ring = body.zone.polygon.coordinates[0]!;
  const centre = centreOf(ring);
  const company = await one<{ id: number }>(
    tx,
    "insert into companies (name, bound_latitude, bound_longitude, is_freemium, modules) values ($1, $2, $3, true, $4) returning id",
    [body.organization.name, centre.latitude, centre.longitude, [...FREEMIUM_MODULES]],
  );
  const companyId = company!.id;
  // What the organisation step told about it, as the company's name/value configuration (SPEC §3).
  await tx.query(
    `insert into company_config (company_id, name, value) values ($1, 'organizationCategory', $2), ($1, 'organizationActivities', $3), ($1, 'contactPhone', $4)`,
    [companyId, body.organization.category, body.organization.activities, body.organization.contactPhone],
  );
  const zone = await one<{ id: number }>(
    tx,
    "insert into zones (company_id, name, geojson, area, fill_color, stroke_color) values ($1, $2, $3, $4::polygon, $5, $6) returning id",
    [companyId, body.zone.name, JSON.stringify(body.zone.polygon), toPgPolygon(ring), body.zone.fillColor, body.zone.borderColor],
  );
  await tx.query(
    "insert into company_report_types (company_id, report_type_id) select $1, unnest($2::int[]) on conflict do nothing",
    [companyId, [...new Set(body.reportsTypes)]],
  );
  return { companyId, zoneId: zone!.id };
}

/** Creates the organisation's administrator (SPEC §6 group 2, company admin role); undefined when the
 * e-mail belongs to an account already. */
export async function insertAdmin(tx: Tx, companyId: number, body: RegistrationBody, passwordHash: string, verified: boolean): Promise<number | undefined> {
  const row = await one<{ id: number }>(
    tx,
    `insert into users (email, first_name, last_name, password_hash, groups, lang, settings, verified, activated)
     values ($1, $2, $3, $4, '{2}', $5, $6, $7, true) on conflict do nothing returning id`,
    [body.user.email, body.user.firstName, body.user.lastName, passwordHash, body.user.lang, JSON.stringify(DEFAULT_USER_SETTINGS), verified],
  );
  if (!row) return undefined;
  await tx.query("insert into memberships (company_id, user_id, role) values ($1, $2, 'company_admin')", [companyId, row.id]);
  return row.id;
}

/** Marks an account's e-mail verified. */
export async function markVerified(tx: Tx, userId: number): Promise<void> {
  await tx.query("update users set verified = true, updated_at = now() where id = $1", [userId]);
}
