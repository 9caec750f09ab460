import type { CompanyRole } from "@atalaya/shared";
import { one, type Db, type Tx } from "../db/db.js";

/** What limits what one user may see of a company's reports (SPEC §6): zones, report types (empty
 * lists mean all) and the only-assigned setting. These are access rules, not list filters: every read
 * of tenant data, the real-time stream and its catch-up apply the same ones. */
export interface Restrictions {
  zoneIds: readonly number[];
  reportTypeIds: readonly number[];
  /** The user id when the user may only see reports assigned to them, else null. */
  onlyAssignedTo: number | null;
  /** Only messages about reports the user may see reach them: none of the company's other live messages
   * (other patrols' positions). A patrol's surface. */
  reportsOnly?: boolean;
}

/** The facts of a report the restrictions look at, snapshotted on each real-time event about it. */
export interface ReportAudience {
  zoneIds: readonly number[];
  typeId: number;
  assignedUserId: number | null;
  /** On a change: the report and its facts before it, so that a user who could see the report and no
   * longer may is told to remove it instead of keeping a stale row. */
  previous?: { reportId: number; zoneIds: readonly number[]; typeId: number; assignedUserId: number | null };
}

/** No restriction at all (admins, unrestricted operators). */
export const UNRESTRICTED: Restrictions = { zoneIds: [], reportTypeIds: [], onlyAssignedTo: null, reportsOnly: false };

/** True when the restrictions limit anything. */
export function isRestricted(r: Restrictions): boolean {
  return r.zoneIds.length > 0 || r.reportTypeIds.length > 0 || r.onlyAssignedTo !== null || r.reportsOnly === true;
}

/** Whether a user under these restrictions may see a report with these facts. The same rule as the SQL
 * fragment of the report repository, for the real-time stream and anything decided in memory. */
export function maySee(r: Restrictions, a: ReportAudience): boolean {
  if (r.zoneIds.length > 0 && !a.zoneIds.some((z) => r.zoneIds.includes(z))) return false;
  if (r.reportTypeIds.length > 0 && !r.reportTypeIds.includes(a.typeId)) return false;
  if (r.onlyAssignedTo !== null && a.assignedUserId !== r.onlyAssignedTo) return false;
  return true;
}

/** What a user under these restrictions gets of an event about a report: the event itself, a removal
 * of the report (it was visible before the change and no longer is), or nothing. */
export function viewOfEvent(r: Restrictions, a: ReportAudience | null | undefined): { kind: "event" } | { kind: "removed"; reportId: number } | { kind: "hidden" } {
  if (!a) return r.reportsOnly ? { kind: "hidden" } : { kind: "event" };
  if (maySee(r, a)) return { kind: "event" };
  if (a.previous && maySee(r, a.previous)) return { kind: "removed", reportId: a.previous.reportId };
  return { kind: "hidden" };
}

/** The restrictions of a member from their membership row (role, zones, types) and their user settings.
 * A patrol sees only the reports assigned to it, whatever its settings say (issue 14: the patrol's
 * surface; PERMISSIONS in access.ts says what it may do with them). */
export function restrictionsFrom(
  membership: { role: CompanyRole; zoneIds: readonly number[]; reportTypeIds: readonly number[] },
  user: { id: number; settings: Record<string, unknown> },
): Restrictions {
  const patrol = membership.role === "patrol";
  return {
    zoneIds: membership.zoneIds,
    reportTypeIds: membership.reportTypeIds,
    onlyAssignedTo: patrol || user.settings.onlyAssignedReports === true ? user.id : null,
    reportsOnly: patrol,
  };
}

/** The current restrictions of a user in a company, or undefined when they are not a member. Read
 * fresh from the database (never cached in one process), e.g. when a real-time socket opens. */
export async function loadRestrictions(db: Db, companyId: number, userId: number): Promise<Restrictions | undefined> {
  const row = await one<{ role: CompanyRole; zone_ids: number[]; report_type_ids: number[]; settings: Record<string, unknown> }>(
    db,
    `select m.role, m.zone_ids, m.report_type_ids, u.settings from memberships m join users u on u.id = m.user_id
      where m.company_id = $1 and m.user_id = $2`,
    [companyId, userId],
  );
  return row && restrictionsFrom({ role: row.role, zoneIds: row.zone_ids, reportTypeIds: row.report_type_ids }, { id: userId, settings: row.settings });
}

/** The current restrictions of several users of a company, by user id (members only). */
export async function loadRestrictionsOf(db: Tx, companyId: number, userIds: readonly number[]): Promise<Map<number, Restrictions>> {
  const rows = await db.query<{ user_id: number; role: CompanyRole; zone_ids: number[]; report_type_ids: number[]; settings: Record<string, unknown> }>(
    `select m.user_id, m.role, m.zone_ids, m.report_type_ids, u.settings from memberships m join users u on u.id = m.user_id
      where m.company_id = $1 and m.user_id = any($2::int[])`,
    [companyId, userIds],
  );
  return new Map(
    rows.map((r) => [r.user_id, restrictionsFrom({ role: r.role, zoneIds: r.zone_ids, reportTypeIds: r.report_type_ids }, { id: r.user_id, settings: r.settings })]),
  );
}
