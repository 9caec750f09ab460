import { GLOBAL_ZONE_ID } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";

/** Makes the company's attention private; false when it already was (cannot be undone). */
export async function markPrivate(tx: Tx, scope: TenantScope, reportId: number): Promise<boolean> {
  const rows = await tx.query(
    "update report_attentions set is_private = true where company_id = $1 and report_id = $2 and not is_private returning report_id",
    [scope.companyId, reportId],
  );
  return rows.length === 1;
}

/** Records that the company notifies (true) or cancelled notifying (false) the report's neighbours. */
export async function setNeighboursNotification(tx: Tx, scope: TenantScope, reportId: number, notify: boolean): Promise<void> {
  await tx.query(
    notify
      ? "update report_attentions set notify_neighbours = true, notification_neighbours_was_canceled = false where company_id = $1 and report_id = $2"
      : "update report_attentions set notification_neighbours_was_canceled = true where company_id = $1 and report_id = $2",
    [scope.companyId, reportId],
  );
}

/** Ids of the company's zones that contain the point. */
export async function zonesContaining(db: Tx, scope: TenantScope, latitude: number, longitude: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    "select id from zones where company_id = $1 and area @> point($3::float8, $2::float8) order by id",
    [scope.companyId, latitude, longitude],
  );
  return rows.map((r) => r.id);
}

/** Moves the shared report to a new address and point, and refreshes the zones of every company
 * attending it (each company's own zones containing the new point). */
export async function moveReport(tx: Tx, reportId: number, address: string | null, latitude: number, longitude: number): Promise<void> {
  await tx.query("update reports set address = $2, latitude = $3, longitude = $4, updated_at = now() where id = $1", [
    reportId,
    address,
    latitude,
    longitude,
  ]);
  await tx.query(
    `update report_attentions a
        set zone_ids = coalesce((select array_agg(z.id order by z.id) from zones z
                                  where z.company_id = a.company_id and z.area @> point($3::float8, $2::float8)), '{}')
      where a.report_id = $1`,
    [reportId, latitude, longitude],
  );
}

/** The report's uuid and whether an attending organisation made it private (no public link then). */
export async function shareFacts(db: Db, reportId: number): Promise<{ uuid: string; private: boolean } | undefined> {
  return one<{ uuid: string; private: boolean }>(
    db,
    `select r.uuid::text as uuid, exists (select 1 from report_attentions a where a.report_id = r.id and a.is_private) as private
       from reports r where r.id = $1`,
    [reportId],
  );
}

/** The company's zones with their GeoJSON, for drawing (the global zone covers everything: not drawn). */
export function listZoneShapes(db: Db, scope: TenantScope): Promise<{ id: number; name: string; geojson: unknown; fill_color: string; stroke_color: string }[]> {
  return db.query(`select id, name, geojson, fill_color, stroke_color from zones where company_id = $1 and id <> ${GLOBAL_ZONE_ID} order by id`, [
    scope.companyId,
  ]);
}

// ── Issue 16: what a report's workflow form changes (migration 038) ────────────────────────────────

/** Locks the company's attention of a report for the rest of the transaction (two saves of its form
 * at once: the second waits, then sees the first's submission). */
export async function lockAttention(tx: Tx, scope: TenantScope, reportId: number): Promise<void> {
  await tx.query("select 1 from report_attentions where company_id = $1 and report_id = $2 for update", [scope.companyId, reportId]);
}

/** Replaces who fills which section of the report's workflow form. */
export async function setSectionsUsers(tx: Tx, scope: TenantScope, reportId: number, sectionsUsers: Record<string, number[]>): Promise<void> {
  await tx.query("update report_attentions set sections_users = $3 where company_id = $1 and report_id = $2", [scope.companyId, reportId, JSON.stringify(sectionsUsers)]);
}

/** Writes the workflow form's answers back onto the company's attention (SPEC §3 optionalCode, extraInfo). */
export async function setFormWriteBack(
  tx: Tx,
  scope: TenantScope,
  reportId: number,
  w: { optionalCode: string | null; extraInfo: { fieldKey: string; label: string; value: string }[] | null },
): Promise<void> {
  await tx.query("update report_attentions set optional_code = $3, extra_info = $4 where company_id = $1 and report_id = $2", [
    scope.companyId,
    reportId,
    w.optionalCode,
    w.extraInfo === null ? null : JSON.stringify(w.extraInfo),
  ]);
}

/** Sets the shared report's creation date (a date component marked "changes report creation date"). */
export async function setReportCreatedAt(tx: Tx, reportId: number, createdAt: Date): Promise<void> {
  await tx.query("update reports set created_at = $2, updated_at = now() where id = $1", [reportId, createdAt.toISOString()]);
}
