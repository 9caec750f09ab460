import { hasModule, isAdminGroup, PERMISSIONS, type CompanyRole, type ModuleName, type Permission } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { AppError, forbidden, notFound } from "../http/errors.js";
import { findCompanyTraits, findMembershipRestrictions, type CompanyTraits, listUserCompanies, reportIdsVisibleIn } from "./access.repository.js";
import type { UserRow } from "./auth.repository.js";
import { UNRESTRICTED, type Restrictions } from "./restrictions.js";

/** Who is calling: the authenticated user and the token they used. */
export interface Actor {
  user: UserRow;
  token: string;
}

// The table of which role may do what is in @atalaya/shared (permissions.ts): the route table names its
// permissions, and the portal may read it.
export type { Permission } from "@atalaya/shared";

// SPEC §6: admin is group 1 or 100. Platform admins act as a company admin in any company, for these
// permissions only (everything else still needs a membership).
const PLATFORM_ADMIN_PERMISSIONS: readonly Permission[] = ["users.manage"];

/** True when the actor is a platform admin acting with a permission platform admins hold everywhere. */
export function actsAsPlatformAdmin(actor: Actor, permission: Permission): boolean {
  return isAdminGroup(actor.user.groups) && PLATFORM_ADMIN_PERMISSIONS.includes(permission);
}

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
  /** The company's modules and flags, read with the membership. */
  readonly company: CompanyTraits;
}

/** What an observer company (SPEC §3 is_observer) may not do: it sees the community reports of its
 * zones but does not take or close them. */
const OBSERVER_REFUSED: readonly Permission[] = ["report.take", "report.close"];
/** What a freemium company may not do (SPEC §1): manage groups, send geolocated messages. (Attending
 * community reports is left out by routing: they never reach a freemium company.) */
const FREEMIUM_REFUSED: readonly Permission[] = ["teams.manage", "messages.send"];

/** True when the role grants the permission. */
export function can(role: CompanyRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly CompanyRole[]).includes(role);
}

/** Throws 403 unless the scope's role grants the permission and the company's flags allow it (an
 * observer company: 403 observerCompany; a freemium one: 403 freemiumLimit). */
export function requireAccess(scope: CompanyScope, permission: Permission): void {
  if (!can(scope.role, permission)) throw forbidden();
  if (scope.company.isObserver && OBSERVER_REFUSED.includes(permission)) throw new AppError(403, "observerCompany", "observer company");
  if (scope.company.isFreemium && FREEMIUM_REFUSED.includes(permission)) throw new AppError(403, "freemiumLimit", "freemium company");
}

/** Throws 403 moduleDisabled unless the scope's company has the module (SPEC §6: features appear only
 * with their module; the server refuses what the menu hides). */
export function requireModule(scope: CompanyScope, module: ModuleName): void {
  if (!hasModule(scope.company.modules, module)) throw new AppError(403, "moduleDisabled", `module ${module}`);
}

/** A provider administrator: group 1 (admin) or 100 (root) of SPEC §6. */
export function isProviderAdmin(actor: Actor): boolean {
  return isAdminGroup(actor.user.groups);
}

/** Throws 403 providerOnly unless the actor is a provider administrator. */
export function requireProviderAdmin(actor: Actor): void {
  if (!isProviderAdmin(actor)) throw new AppError(403, "providerOnly", "provider administrators only");
}

/** The actor's scope in companyId with a permission checked: 404 when they are not a member (another
 * company's id looks exactly like a missing one), 403 when their role does not grant it. The only way a
 * request gets a scope (the company-scope hook calls it for every /api/companies/:companyId route). */
export async function resolveScope(db: Db, actor: Actor, companyId: number, permission: Permission, module?: ModuleName): Promise<CompanyScope> {
  const membership = await findMembershipRestrictions(db, companyId, actor.user);
  if (actsAsPlatformAdmin(actor, permission)) {
    const company = membership?.company ?? (await findCompanyTraits(db, companyId));
    if (!company) throw notFound();
    return { companyId, actor, role: "company_admin", restrictions: membership?.restrictions ?? UNRESTRICTED, company } as CompanyScope;
  }
  if (!membership) throw notFound();
  const scope = { companyId, actor, role: membership.role, restrictions: membership.restrictions, company: membership.company } as CompanyScope;
  if (module) requireModule(scope, module);
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

/** The organisation an Open311 API key belongs to (issue 18): no user, so no user's restrictions; what
 * the key may read (never private reports nor reporters) the Open311 repository decides. */
export function apiKeyScope(companyId: number): TenantScope {
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

export type { CompanyTraits } from "./access.repository.js";
export { companiesSeeingReport, listUserCompanies, mayReadFileOfReport, restrictionWhere } from "./access.repository.js";
