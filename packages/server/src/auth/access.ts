import type { CompanyRole } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { forbidden, notFound } from "../http/errors.js";
import { findMembershipRestrictions, listUserCompanies, reportIdsVisibleIn } from "./access.repository.js";
import type { UserRow } from "./auth.repository.js";
import { UNRESTRICTED, type Restrictions } from "./restrictions.js";

/** Who is calling: the authenticated user and the token they used. */
export interface Actor {
  user: UserRow;
  token: string;
}

/** Everything a company-scoped action may do, and which roles may do it. The one place that decides.
 * A patrol's surface (issue 14) is deliberately small: the reports assigned to it (its restrictions,
 * restrictions.ts, hide every other one from every read, the event stream and its catch-up), their
 * comments and notes, and its own positions and status (/api/app, outside this table); no company-wide
 * lists, search, history, activity feed, exports, dashboards, maps, zones, teams or tags. */
const PERMISSIONS = {
  "company.read": ["company_admin", "operator"],
  "company.monitor": ["company_admin", "operator"],
  "events.read": ["company_admin", "operator", "patrol"],
  "report.read": ["company_admin", "operator", "patrol"],
  // Reading beyond one report: search, history, the activity feed, incoming comments, who is viewing.
  "reports.browse": ["company_admin", "operator"],
  "report.create": ["company_admin", "operator"],
  "report.work": ["company_admin", "operator"],
  "report.take": ["company_admin", "operator"],
  "report.comment": ["company_admin", "operator", "patrol"],
  "report.note": ["company_admin", "operator", "patrol"],
  "report.like": ["company_admin", "operator"],
  "report.follow": ["company_admin", "operator"],
  "report.makePrivate": ["company_admin", "operator"],
  "answers.manage": ["company_admin"],
  // Files made from reports (the PDF, the spreadsheet) and share links.
  "reports.export": ["company_admin", "operator"],
  "report.delete": ["company_admin"],
  "company.admin": ["company_admin"],
  "reportedUsers.read": ["company_admin", "operator"],
  // SPEC §6 gates blocking users without role to companies 268 and 110 in the original product; here
  // every company admin may lock the community users of their reports.
  "appUsers.lock": ["company_admin"],
  // Maps and dashboards (issue 10): operators read them; company admins draw zones and define shifts.
  "maps.read": ["company_admin", "operator"],
  "dashboard.read": ["company_admin", "operator"],
  "zones.manage": ["company_admin"],
  "shifts.manage": ["company_admin"],
  "patrols.read": ["company_admin", "operator"],
} as const satisfies Record<string, readonly CompanyRole[]>;

export type Permission = keyof typeof PERMISSIONS;

// Only this module can make a scope: the brand has no value anywhere else, so a repository that takes
// a scope cannot be called with a bare company id or a hand-built object.
declare const tenantBrand: unique symbol;

/** Whose tenant data a query may touch, and through which restrictions. Repositories of tenant data take
 * this instead of a company id. */
export interface TenantScope {
  readonly [tenantBrand]: true;
  readonly companyId: number;
  readonly restrictions: Restrictions;
}

/** A signed-in member acting in one company: the actor, their role and their restrictions (SPEC §6). */
export interface CompanyScope extends TenantScope {
  readonly actor: Actor;
  readonly role: CompanyRole;
}

/** True when the role grants the permission. */
export function can(role: CompanyRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly CompanyRole[]).includes(role);
}

/** Throws 403 unless the scope's role grants the permission. */
export function requireAccess(scope: CompanyScope, permission: Permission): void {
  if (!can(scope.role, permission)) throw forbidden();
}

/** The actor's scope in companyId with a permission checked: 404 when they are not a member (another
 * company's id looks exactly like a missing one), 403 when their role does not grant it. The only way a
 * request gets a scope (the company-scope hook calls it for every /api/companies/:companyId route). */
export async function resolveScope(db: Db, actor: Actor, companyId: number, permission: Permission): Promise<CompanyScope> {
  const membership = await findMembershipRestrictions(db, companyId, actor.user);
  if (!membership) throw notFound();
  const scope = { companyId, actor, role: membership.role, restrictions: membership.restrictions } as CompanyScope;
  requireAccess(scope, permission);
  return scope;
}

/** resolveScope for routes that take the company from the query or the body: without one, the user's
 * first company (the default one); a user of no company gets 404. */
export async function resolveScopeOrDefault(db: Db, actor: Actor, companyId: number | undefined, permission: Permission): Promise<CompanyScope> {
  const id = companyId ?? (await listUserCompanies(db, actor.user.id))[0]?.id;
  if (id === undefined) throw notFound();
  return resolveScope(db, actor, id, permission);
}

/** The system acting for a company, with no user's restrictions: writing the events every attending
 * company receives, routing a community report. Never for answering a user's request. */
export function systemScope(companyId: number): TenantScope {
  return { companyId, restrictions: UNRESTRICTED } as TenantScope;
}

/** A requester's company and restrictions for work done on their behalf later (a background job
 * re-reads them when it runs, so a restriction added meanwhile applies). */
export function requesterScope(companyId: number, restrictions: Restrictions): TenantScope {
  return { companyId, restrictions } as TenantScope;
}

/** Which of these report ids the scope may see: attended by its company and inside its restrictions.
 * The one entity check for reports, used by single reads, files, PDF and bulk actions. */
export function visibleReportIds(db: Db, scope: TenantScope, reportIds: readonly number[]): Promise<Set<number>> {
  return reportIdsVisibleIn(db, scope.companyId, scope.restrictions, reportIds);
}

/** 404 unless the scope may see the report. */
export async function requireVisibleReport(db: Db, scope: TenantScope, reportId: number): Promise<void> {
  if (!(await visibleReportIds(db, scope, [reportId])).has(reportId)) throw notFound();
}

export { companiesSeeingReport, listUserCompanies, mayReadFileOfReport, restrictionWhere } from "./access.repository.js";
