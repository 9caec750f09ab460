import type { CompanyRole, UserListQuery } from "@atalaya/shared";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";
import type { TenantScope } from "../auth/access.js";
import { revokeUserTokens } from "../auth/auth.repository.js";

// The company's members for the user admin. Every query is filtered by the scope's company: a user who
// is not a member of it does not exist here.

export type CompanyUserRow = Pick<
  Tables["users"],
  | "id"
  | "uuid"
  | "email"
  | "first_name"
  | "last_name"
  | "phone"
  | "social_number"
  | "cover"
  | "groups"
  | "locked"
  | "verified"
  | "activated"
  | "lang"
  | "timezone"
  | "settings"
  | "home_address"
  | "created_at"
> &
  Pick<Tables["memberships"], "role" | "zone_ids" | "report_type_ids"> & {
    settings: Record<string, unknown>;
    role: CompanyRole;
    /** The ids of the member's teams in the company. */
    teams: Tables["team_members"]["team_id"][];
    other_companies: number;
  };

const SELECT = `select u.id, u.uuid::text as uuid, u.email, u.first_name, u.last_name, u.phone, u.social_number, u.cover,
       u.groups, u.locked, u.verified, u.activated, u.lang, u.timezone, u.settings, u.home_address, u.created_at,
       m.role, m.zone_ids, m.report_type_ids,
       coalesce((select array_agg(tm.team_id order by tm.team_id) from team_members tm
                  where tm.company_id = m.company_id and tm.user_id = u.id), '{}') as teams,
       (select count(*)::int from memberships o where o.user_id = u.id and o.company_id <> m.company_id) as other_companies
  from memberships m join users u on u.id = m.user_id`;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the company's members: search over name, e-mail, RUT (with or without dots) and phone
 * digits; role and locked filters; by name. */
export async function listCompanyUsers(db: Db, scope: TenantScope, q: UserListQuery): Promise<{ rows: CompanyUserRow[]; total: number }> {
  const params: unknown[] = [scope.companyId];
  let where = "where m.company_id = $1";
  if (q.q) {
    params.push(`%${likeEscape(q.q)}%`);
    const text = `$${params.length}`;
    const conditions = [
      `(u.first_name || ' ' || u.last_name) ilike ${text}`,
      `u.email ilike ${text}`,
    ];
    const rut = q.q.replace(/[.\s]/g, "");
    if (rut.length >= 2) {
      params.push(`%${likeEscape(rut)}%`);
      conditions.push(`coalesce(u.social_number, '') ilike $${params.length}`);
    }
    const digits = q.q.replace(/\D/g, "");
    if (digits.length >= 3) {
      params.push(`%${digits}%`);
      conditions.push(`regexp_replace(coalesce(u.phone, ''), '\\D', '', 'g') like $${params.length}`);
    }
    where += ` and (${conditions.join(" or ")})`;
  }
  if (q.role) {
    params.push(q.role);
    where += ` and m.role = $${params.length}`;
  }
  if (q.locked) {
    params.push(q.locked === "true");
    where += ` and u.locked = $${params.length}`;
  }
  const countRow = await one<{ total: number }>(db, `select count(*)::int as total from memberships m join users u on u.id = m.user_id ${where}`, params);
  params.push(q.pageSize, (q.page - 1) * q.pageSize);
  const rows = await db.query<CompanyUserRow>(
    `${SELECT} ${where} order by lower(u.first_name), lower(u.last_name), u.id limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows, total: countRow?.total ?? 0 };
}

/** One member of the company, or undefined (not a member: another company's user reads as missing). */
export function findCompanyUser(db: Db, scope: TenantScope, userId: number): Promise<CompanyUserRow | undefined> {
  return one<CompanyUserRow>(db, `${SELECT} where m.company_id = $1 and u.id = $2`, [scope.companyId, userId]);
}

/** The account with this e-mail (case-insensitive) and whether it is a member of the scope's company. */
export function findAccountByEmail(db: Db, scope: TenantScope, email: string): Promise<{ id: number; member: boolean } | undefined> {
  return one<{ id: number; member: boolean }>(
    db,
    `select u.id, exists (select 1 from memberships m where m.company_id = $1 and m.user_id = u.id) as member
       from users u where lower(u.email) = lower($2)`,
    [scope.companyId, email],
  );
}

/** Which of these zone ids are the company's. */
export async function companyZoneIds(db: Db, scope: TenantScope, zoneIds: readonly number[]): Promise<Set<number>> {
  if (zoneIds.length === 0) return new Set();
  const rows = await db.query<{ id: number }>("select id from zones where company_id = $1 and id = any($2::int[])", [scope.companyId, zoneIds]);
  return new Set(rows.map((r) => r.id));
}

export interface NewAccount {
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  social_number: string | null;
  password_hash: string;
  groups: number[];
  settings: Record<string, unknown>;
}

/** Creates an account; returns its id, or undefined when the e-mail was taken meanwhile. */
export async function insertAccount(tx: Tx, a: NewAccount): Promise<number | undefined> {
  const row = await one<{ id: number }>(
    tx,
    `insert into users (email, first_name, last_name, phone, social_number, password_hash, groups, settings, activated)
     values ($1, $2, $3, $4, $5, $6, $7, $8, true)
     on conflict do nothing returning id`,
    [a.email, a.first_name, a.last_name, a.phone, a.social_number, a.password_hash, a.groups, JSON.stringify(a.settings)],
  );
  return row?.id;
}

/** Makes the user a member of the scope's company; false when they already are. */
export async function insertMembership(tx: Tx, scope: TenantScope, userId: number, m: { role: CompanyRole; zoneIds: readonly number[]; reportTypeIds: readonly number[] }): Promise<boolean> {
  const rows = await tx.query<{ user_id: number }>(
    `insert into memberships (company_id, user_id, role, zone_ids, report_type_ids) values ($1, $2, $3, $4, $5)
     on conflict do nothing returning user_id`,
    [scope.companyId, userId, m.role, m.zoneIds, m.reportTypeIds],
  );
  return rows.length > 0;
}

/** Changes the member's role and restrictions in the scope's company (absent: unchanged). */
export async function updateMembership(tx: Tx, scope: TenantScope, userId: number, m: { role?: CompanyRole; zoneIds?: readonly number[]; reportTypeIds?: readonly number[] }): Promise<void> {
  await tx.query(
    `update memberships set role = coalesce($3, role), zone_ids = coalesce($4::int[], zone_ids), report_type_ids = coalesce($5::int[], report_type_ids)
      where company_id = $1 and user_id = $2`,
    [scope.companyId, userId, m.role ?? null, m.zoneIds ?? null, m.reportTypeIds ?? null],
  );
}

/** Changes account fields of a member of the scope's company (absent: unchanged; a null phone or RUT is
 * cleared); false when the e-mail belongs to another account. The caller checked the account is this
 * company's to change. */
export async function updateAccount(
  tx: Tx,
  scope: TenantScope,
  userId: number,
  a: { email?: string; first_name?: string; last_name?: string; phone?: string | null; social_number?: string | null; lang?: string; timezone?: string; groups?: number[]; settings?: Record<string, unknown> },
): Promise<boolean> {
  if (a.email !== undefined) {
    const taken = await one<{ id: number }>(tx, "select id from users where lower(email) = lower($1) and id <> $2", [a.email, userId]);
    if (taken) return false;
  }
  await tx.query(
    `update users set email = coalesce($3, email), first_name = coalesce($4, first_name), last_name = coalesce($5, last_name),
            phone = case when $12 then $6 else phone end, social_number = case when $13 then $7 else social_number end, lang = coalesce($8, lang),
            timezone = coalesce($9, timezone), groups = coalesce($10::int[], groups),
            settings = settings || coalesce($11::jsonb, '{}'::jsonb), updated_at = now()
      where id = $2 and exists (select 1 from memberships m where m.company_id = $1 and m.user_id = $2)`,
    [scope.companyId, userId, a.email ?? null, a.first_name ?? null, a.last_name ?? null, a.phone ?? null, a.social_number ?? null, a.lang ?? null,
      a.timezone ?? null, a.groups ?? null, a.settings ? JSON.stringify(a.settings) : null, a.phone !== undefined, a.social_number !== undefined],
  );
  return true;
}

/** Sets a member's password and ends every session they hold. */
export async function setMemberPassword(tx: Tx, scope: TenantScope, userId: number, passwordHash: string): Promise<void> {
  await tx.query(
    `update users set password_hash = $3, updated_at = now()
      where id = $2 and exists (select 1 from memberships m where m.company_id = $1 and m.user_id = $2)`,
    [scope.companyId, userId, passwordHash],
  );
  await revokeUserTokens(tx, userId);
}

/** Removes the user from the scope's company (their teams there go with the membership). */
export async function deleteMembership(tx: Tx, scope: TenantScope, userId: number): Promise<void> {
  await tx.query("delete from memberships where company_id = $1 and user_id = $2", [scope.companyId, userId]);
}

/** Deletes an account that belongs to no company any more. What it wrote (reports, comments, notes,
 * activity) keeps pointing at it, so when the row is still referenced it is anonymised instead: no
 * e-mail, name, phone, RUT or password left, locked. */
export async function deleteAccount(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeUserTokens(tx, userId);
    await tx.query(
      `update users set email = 'deleted-' || uuid::text || '@invalid', username = null, password_hash = null, first_name = '', last_name = '',
              phone = null, social_number = null, cover = null, home_address = null, settings = '{}', locked = true, activated = false, updated_at = now()
        where id = $1`,
      [userId],
    );
  });
  try {
    await db.query("delete from users where id = $1", [userId]);
  } catch (err) {
    // 23503: still referenced by what the user wrote; the anonymised row stays for that history.
    if ((err as { code?: string }).code !== "23503") throw err;
  }
}
