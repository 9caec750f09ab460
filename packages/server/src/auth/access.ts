import type { CompanyRole } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { findMembership, type Membership } from "../companies/company.repository.js";
import { forbidden, notFound } from "../http/errors.js";
import type { UserRow } from "./auth.repository.js";

/** Who is calling: the authenticated user and the token they used. */
export interface Actor {
  user: UserRow;
  token: string;
}

/** Everything a company-scoped action may do, and which roles may do it. The one place that decides. */
const PERMISSIONS = {
  "company.read": ["company_admin", "operator", "patrol"],
  "company.monitor": ["company_admin", "operator"],
  "events.read": ["company_admin", "operator", "patrol"],
  "report.read": ["company_admin", "operator", "patrol"],
  "report.create": ["company_admin", "operator"],
  "report.work": ["company_admin", "operator"],
  "report.take": ["company_admin", "operator", "patrol"],
  "report.comment": ["company_admin", "operator", "patrol"],
  "report.note": ["company_admin", "operator", "patrol"],
  "report.like": ["company_admin", "operator", "patrol"],
  "report.follow": ["company_admin", "operator", "patrol"],
  "report.makePrivate": ["company_admin", "operator"],
  "answers.manage": ["company_admin"],
  "company.admin": ["company_admin"],
} as const satisfies Record<string, readonly CompanyRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/** The actor's membership in companyId; another company's id is answered 404, exactly like a missing one. */
export async function companyScope(db: Db, actor: Actor, companyId: number): Promise<Membership> {
  const membership = await findMembership(db, companyId, actor.user.id);
  if (!membership) throw notFound();
  return membership;
}

/** True when the membership's role grants the permission. */
export function can(scope: Pick<Membership, "role">, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly CompanyRole[]).includes(scope.role);
}

/** Throws 403 unless the membership's role grants the permission. */
export function requireAccess(scope: Pick<Membership, "role">, permission: Permission): void {
  if (!can(scope, permission)) throw forbidden();
}

/** Resolves the company scope and checks a permission in one call: the first line of company services. */
export async function authorize(db: Db, actor: Actor, companyId: number, permission: Permission): Promise<Membership> {
  const scope = await companyScope(db, actor, companyId);
  requireAccess(scope, permission);
  return scope;
}
