import type { CompanyRole, CompanySummary } from "@atalaya/shared";
import { one, type Db } from "../db/db.js";
import { restrictionsFrom, type Restrictions } from "./restrictions.js";

/** What the company itself allows, read with every membership: its modules and the SPEC §3 flags
 * that change what its members may do. */
export interface CompanyTraits {
  modules: readonly string[];
  isObserver: boolean;
  isFreemium: boolean;
  visualizeAttendingCompanies: boolean;
  displayDni: boolean;
}

/** The member's role and restrictions in the company, with the company's traits, or undefined when the
 * user does not belong to it. */
export async function findMembershipRestrictions(
  db: Db,
  companyId: number,
  user: { id: number; settings: Record<string, unknown> },
): Promise<{ role: CompanyRole; restrictions: Restrictions; company: CompanyTraits } | undefined> {
  const row = await one<{
    role: CompanyRole;
    zone_ids: number[];
    report_type_ids: number[];
    modules: string[];
    is_observer: boolean;
    is_freemium: boolean;
    visualize_attending_companies: boolean;
    display_dni: boolean;
  }>(
    db,
    `select m.role, m.zone_ids, m.report_type_ids, c.modules, c.is_observer, c.is_freemium, c.visualize_attending_companies, c.display_dni
       from memberships m join companies c on c.id = m.company_id
      where m.company_id = $1 and m.user_id = $2`,
    [companyId, user.id],
  );
  return (
    row && {
      role: row.role,
      restrictions: restrictionsFrom({ role: row.role, zoneIds: row.zone_ids, reportTypeIds: row.report_type_ids }, user),
      company: {
        modules: row.modules,
        isObserver: row.is_observer,
        isFreemium: row.is_freemium,
        visualizeAttendingCompanies: row.visualize_attending_companies,
        displayDni: row.display_dni,
      },
    }
  );
}

/** The SQL condition (starting with " and") that keeps only the reports the restrictions allow, over a
 * report attention aliased `a` joined with its report `r`. Every tenant read of reports goes through it:
 * lists, counters, single reads, entity checks. Its parameters are appended to params. */
export function restrictionWhere(r: Restrictions, params: unknown[]): string {
  let sql = "";
  if (r.zoneIds.length) {
    params.push(r.zoneIds);
    sql += ` and a.zone_ids && $${params.length}::int[]`;
  }
  if (r.reportTypeIds.length) {
    params.push(r.reportTypeIds);
    sql += ` and r.type_id = any($${params.length}::int[])`;
  }
  if (r.onlyAssignedTo !== null) {
    params.push(r.onlyAssignedTo);
    sql += ` and a.assigned_user_id = $${params.length}`;
  }
  return sql;
}

// The same rule as restrictionWhere, read from a membership `m` and its user `u` instead of parameters:
// for the questions asked across all of a user's companies at once (files, share links).
const MEMBER_MAY_SEE = `(cardinality(m.zone_ids) = 0 or a.zone_ids && m.zone_ids)
  and (cardinality(m.report_type_ids) = 0 or r.type_id = any(m.report_type_ids))
  and ((m.role <> 'patrol' and coalesce(u.settings->>'onlyAssignedReports', 'false') <> 'true') or a.assigned_user_id = m.user_id)`;

/** The report ids of the list that companyId attends and the restrictions allow. */
export async function reportIdsVisibleIn(db: Db, companyId: number, r: Restrictions, reportIds: readonly number[]): Promise<Set<number>> {
  if (reportIds.length === 0) return new Set();
  const params: unknown[] = [companyId, reportIds];
  const rows = await db.query<{ id: number }>(
    `select a.report_id as id from report_attentions a join reports r on r.id = a.report_id
      where a.company_id = $1 and a.report_id = any($2::int[])${restrictionWhere(r, params)}`,
    params,
  );
  return new Set(rows.map((row) => row.id));
}

/** The user's companies that attend the report and whose restrictions let the user see it, with the
 * role held in each, first joined first. */
export function companiesSeeingReport(db: Db, userId: number, reportId: number): Promise<{ company_id: number; role: CompanyRole }[]> {
  return db.query(
    `select m.company_id, m.role
       from memberships m join users u on u.id = m.user_id
       join report_attentions a on a.company_id = m.company_id and a.report_id = $2
       join reports r on r.id = a.report_id
      where m.user_id = $1 and ${MEMBER_MAY_SEE}
      order by m.created_at, m.company_id`,
    [userId, reportId],
  );
}

/** Whether the user may read a file of the report as a member: a note's file only in the note's company,
 * anything else in any company that attends the report, always within the user's restrictions there. */
export async function mayReadFileOfReport(db: Db, userId: number, reportId: number, noteCompanyId: number | null): Promise<boolean> {
  const companies = await companiesSeeingReport(db, userId, reportId);
  return companies.some((c) => noteCompanyId === null || c.company_id === noteCompanyId);
}

/** The companies a user belongs to, first joined first (the default one), with the role held in each. */
export function listUserCompanies(db: Db, userId: number): Promise<CompanySummary[]> {
  return db.query<CompanySummary>(
    `select c.id, c.uuid::text as uuid, c.name, c.cover, m.role
       from memberships m join companies c on c.id = m.company_id
      where m.user_id = $1 order by m.created_at, c.id`,
    [userId],
  );
}

/** A company's traits without a membership (a platform admin acts in any company), or undefined when it does not exist. */
export async function findCompanyTraits(db: Db, companyId: number): Promise<CompanyTraits | undefined> {
  const row = await one<{ modules: string[]; is_observer: boolean; is_freemium: boolean; visualize_attending_companies: boolean; display_dni: boolean }>(
    db,
    "select modules, is_observer, is_freemium, visualize_attending_companies, display_dni from companies where id = $1",
    [companyId],
  );
  return (
    row && {
      modules: row.modules,
      isObserver: row.is_observer,
      isFreemium: row.is_freemium,
      visualizeAttendingCompanies: row.visualize_attending_companies,
      displayDni: row.display_dni,
    }
  );
}
