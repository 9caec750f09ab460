import { createHash } from "node:crypto";
import {
  DEFAULT_USER_SETTINGS,
  GROUP_OF_COMPANY_ROLE,
  LANGUAGES,
  grantableRoles,
  isAdminGroup,
  mayChangeRole,
  memberRoleName,
  normalizePhone,
  normalizeRut,
  reportTypeById,
  type CompanyRole,
  type CompanyUser,
  type Language,
  type UserCreateBody,
  type UserListQuery,
  type UserPasswordBody,
  type UserSettings,
  type UserUpdateBody,
} from "@atalaya/shared";
import { actsAsPlatformAdmin, type CompanyScope } from "../auth/access.js";
import { hashPassword } from "../auth/password-hash.js";
import { revokeUserTokens } from "../auth/auth.repository.js";
import type { AppContext } from "../context.js";
import { AppError, forbidden, invalidField, notFound } from "../http/errors.js";
import {
  companyZoneIds,
  deleteAccount,
  deleteMembership,
  findAccountByEmail,
  findCompanyUser,
  insertAccount,
  insertMembership,
  listCompanyUsers,
  setMemberPassword,
  updateAccount,
  updateMembership,
  type CompanyUserRow,
} from "./user-admin.repository.js";
import { setUserLocked } from "./user.repository.js";

/** Gravatar's picture for an e-mail: the SHA-256 of the trimmed, lower-case address (identicon when
 * the address has none). */
export function gravatarUrl(email: string): string {
  const hash = createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  return `https://www.gravatar.com/avatar/${hash}?d=identicon&s=160`;
}

function settingsOf(stored: Record<string, unknown>): UserSettings {
  const alarm = { ...DEFAULT_USER_SETTINGS.alarm, ...((stored.alarm as object | undefined) ?? {}) };
  return { ...DEFAULT_USER_SETTINGS, ...stored, alarm } as UserSettings;
}

function present(r: CompanyUserRow): CompanyUser {
  return {
    id: r.id,
    uuid: r.uuid,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    phone: r.phone,
    social_number: r.social_number,
    cover: r.cover,
    gravatar: gravatarUrl(r.email),
    groups: r.groups,
    role: r.role,
    roleName: memberRoleName(r.groups, r.role),
    locked: r.locked,
    verified: r.verified,
    activated: r.activated,
    lang: (LANGUAGES as readonly string[]).includes(r.lang) ? (r.lang as Language) : "es",
    timezone: r.timezone,
    zones: r.zone_ids,
    reportTypes: r.report_type_ids,
    teams: r.teams,
    settings: settingsOf(r.settings),
    homeAddress: r.home_address,
    otherCompanies: r.other_companies,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

const roleChangeForbidden = () => new AppError(403, "roleChangeForbidden", "You do not have permission to change this role");
const isPlatformAdmin = (scope: CompanyScope) => actsAsPlatformAdmin(scope.actor, "users.manage");

/** The roles this scope's actor may grant (SPEC §6 groups and their company role). */
export function rolesGrantableBy(scope: CompanyScope): CompanyRole[] {
  return grantableRoles({ groups: scope.actor.user.groups, role: scope.role });
}

/** The member, or 404; 403 when the member is a platform admin and the actor is not. */
async function manageableMember(ctx: AppContext, scope: CompanyScope, userId: number): Promise<CompanyUserRow> {
  const target = await findCompanyUser(ctx.db, scope, userId);
  if (!target) throw notFound();
  if (isAdminGroup(target.groups) && !isPlatformAdmin(scope)) throw forbidden();
  return target;
}

const notOwnAccount = (scope: CompanyScope, target: CompanyUserRow) => {
  if (target.id === scope.actor.user.id) throw new AppError(409, "conflict", "ownAccount");
};
// The account's identity, password and lock are shared by every company it belongs to.
const accountIsOurs = (scope: CompanyScope, target: CompanyUserRow) => {
  if (target.other_companies > 0 && !isPlatformAdmin(scope)) throw new AppError(409, "conflict", "sharedAccount");
};

/** 400 on the field unless every zone is the company's and every type is in the catalogue. */
async function checkRestrictions(ctx: AppContext, scope: CompanyScope, zones: readonly number[] | undefined, types: readonly number[] | undefined): Promise<void> {
  if (zones?.length) {
    const own = await companyZoneIds(ctx.db, scope, zones);
    if (zones.some((z) => !own.has(z))) throw invalidField("zones", "invalid_zone");
  }
  if (types?.some((t) => !reportTypeById(t))) throw invalidField("reportTypes", "invalid_report_type");
}

/** Ends every session of the user now: their tokens are revoked by the caller; the sockets close on
 * every process at once (the hub says it over the bus, each process asks the database which tokens live). */
async function endSessions(ctx: AppContext): Promise<void> {
  await ctx.hub.endSessions();
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** A page of the company's members with the roles the caller may grant. */
export async function listUsers(ctx: AppContext, scope: CompanyScope, q: UserListQuery): Promise<{ users: CompanyUser[]; total: number; grantableRoles: CompanyRole[] }> {
  const { rows, total } = await listCompanyUsers(ctx.db, scope, q);
  return { users: rows.map(present), total, grantableRoles: rolesGrantableBy(scope) };
}

/** One member of the company (404 for anyone else). */
export async function getUser(ctx: AppContext, scope: CompanyScope, userId: number): Promise<CompanyUser> {
  const row = await findCompanyUser(ctx.db, scope, userId);
  if (!row) throw notFound();
  return present(row);
}

/** Creates an account member of the company, or makes an existing account that is not a member yet one
 * (its profile and password stay its own); an e-mail of a member is a field error. */
export async function createUser(ctx: AppContext, scope: CompanyScope, body: UserCreateBody): Promise<CompanyUser> {
  if (!mayChangeRole({ groups: scope.actor.user.groups, role: scope.role }, null, body.role)) throw roleChangeForbidden();
  await checkRestrictions(ctx, scope, body.zones, body.reportTypes);
  const membership = { role: body.role, zoneIds: unique(body.zones), reportTypeIds: unique(body.reportTypes) };
  const existing = await findAccountByEmail(ctx.db, scope, body.email);
  if (existing?.member) throw invalidField("email", "email_taken");
  const passwordHash = existing ? undefined : await hashPassword(body.password, ctx.config.passwordCost);
  const userId = await ctx.db.transaction(async (tx) => {
    const id =
      existing?.id ??
      (await insertAccount(tx, {
        email: body.email,
        first_name: body.first_name,
        last_name: body.last_name,
        phone: body.phone ? normalizePhone(body.phone) : null,
        social_number: body.social_number ? normalizeRut(body.social_number) : null,
        password_hash: passwordHash!,
        groups: [GROUP_OF_COMPANY_ROLE[body.role]],
        settings: DEFAULT_USER_SETTINGS,
      }));
    // Another request created the account or the membership meanwhile.
    if (id === undefined || !(await insertMembership(tx, scope, id, membership))) throw invalidField("email", "email_taken");
    return id;
  });
  return getUser(ctx, scope, userId);
}

const DEFAULT_ROLE_GROUPS: readonly number[] = Object.values(GROUP_OF_COMPANY_ROLE);

/** Edits a member: profile (an account only this company holds), role (one the actor may grant: else
 * 403 roleChangeForbidden; never one's own), zones and report types (the company's; none = all),
 * language, time zone and settings. A role change ends the member's sessions; a restriction change
 * applies to their open sockets at once. */
export async function updateUser(ctx: AppContext, scope: CompanyScope, userId: number, body: UserUpdateBody): Promise<CompanyUser> {
  const target = await manageableMember(ctx, scope, userId);
  const roleChanges = body.role !== undefined && body.role !== target.role;
  if (roleChanges) {
    notOwnAccount(scope, target);
    if (!mayChangeRole({ groups: scope.actor.user.groups, role: scope.role }, target.role, body.role!)) throw roleChangeForbidden();
  }
  const profile = [body.email, body.first_name, body.last_name, body.phone, body.social_number].some((v) => v !== undefined);
  if (profile) accountIsOurs(scope, target);
  await checkRestrictions(ctx, scope, body.zones, body.reportTypes);
  // An account of this company alone with a plain role group follows its role (so it can sign in as one).
  const groups =
    roleChanges && target.other_companies === 0 && target.groups.length === 1 && DEFAULT_ROLE_GROUPS.includes(target.groups[0]!)
      ? [GROUP_OF_COMPANY_ROLE[body.role!]]
      : undefined;
  await ctx.db.transaction(async (tx) => {
    await updateMembership(tx, scope, userId, {
      role: roleChanges ? body.role : undefined,
      zoneIds: body.zones && unique(body.zones),
      reportTypeIds: body.reportTypes && unique(body.reportTypes),
    });
    const saved = await updateAccount(tx, scope, userId, {
      email: body.email,
      first_name: body.first_name,
      last_name: body.last_name,
      // null (sent blank) clears them: SPEC §5 asks them to be valid, not to be there.
      phone: body.phone && normalizePhone(body.phone),
      social_number: body.social_number && normalizeRut(body.social_number),
      lang: body.lang,
      timezone: body.timezone,
      groups,
      settings: body.settings,
    });
    if (!saved) throw invalidField("email", "email_taken");
    if (roleChanges) await revokeUserTokens(tx, userId);
  });
  if (roleChanges) await endSessions(ctx);
  else if (body.zones || body.reportTypes || body.settings?.onlyAssignedReports !== undefined) await ctx.hub.refreshRestrictions(userId);
  return getUser(ctx, scope, userId);
}

/** Sets a member's password (an account only this company holds) and ends their sessions. */
export async function changePassword(ctx: AppContext, scope: CompanyScope, userId: number, body: UserPasswordBody): Promise<void> {
  const target = await manageableMember(ctx, scope, userId);
  accountIsOurs(scope, target);
  const hash = await hashPassword(body.password, ctx.config.passwordCost);
  await ctx.db.transaction((tx) => setMemberPassword(tx, scope, userId, hash));
  await endSessions(ctx);
}

/** Locks (ending every session at once) or unlocks a member's account; never one's own, and only an
 * account this company alone holds. */
export async function setLocked(ctx: AppContext, scope: CompanyScope, userId: number, locked: boolean): Promise<CompanyUser> {
  const target = await manageableMember(ctx, scope, userId);
  notOwnAccount(scope, target);
  accountIsOurs(scope, target);
  await setUserLocked(ctx.db, userId, locked);
  if (locked) await endSessions(ctx);
  return getUser(ctx, scope, userId);
}

/** Removes a member from the company and ends their sessions; `permanent` also deletes the account,
 * which must belong to no other company. Never one's own. */
export async function removeUser(ctx: AppContext, scope: CompanyScope, userId: number, permanent: boolean): Promise<void> {
  const target = await manageableMember(ctx, scope, userId);
  notOwnAccount(scope, target);
  if (permanent && target.other_companies > 0) throw new AppError(409, "conflict", "sharedAccount");
  await ctx.db.transaction(async (tx) => {
    await deleteMembership(tx, scope, userId);
    await revokeUserTokens(tx, userId);
  });
  if (permanent) await deleteAccount(ctx.db, userId);
  await endSessions(ctx);
}
