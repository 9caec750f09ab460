import type { Db } from "../db/db.js";
import type { TenantScope } from "../auth/access.js";
import { revokeUserTokens } from "../auth/auth.repository.js";

/** Merges a patch into the user's settings (jsonb). */
export async function patchUserSettings(db: Db, userId: number, patch: Record<string, unknown>): Promise<void> {
  await db.query("update users set settings = settings || $2::jsonb, updated_at = now() where id = $1", [
    userId,
    JSON.stringify(patch),
  ]);
}

/** Locks or unlocks an account; locking revokes every token it holds. */
export async function setUserLocked(db: Db, userId: number, locked: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("update users set locked = $2, updated_at = now() where id = $1", [userId, locked]);
    if (locked) await revokeUserTokens(tx, userId);
  });
}

/** Ids of the teams the user belongs to in the company. */
export async function listUserTeamIds(db: Db, scope: TenantScope, userId: number): Promise<number[]> {
  const rows = await db.query<{ team_id: number }>(
    "select team_id from team_members where company_id = $1 and user_id = $2 order by team_id",
    [scope.companyId, userId],
  );
  return rows.map((r) => r.team_id);
}

/** The one community user (no membership in any organisation, not locked) whose phone has these digits;
 * null when none or several have it. */
export async function findAppUserByPhone(
  db: Db,
  digits: string,
): Promise<{ id: number; firstName: string; lastName: string; email: string | null } | null> {
  const rows = await db.query<{ id: number; first_name: string; last_name: string; email: string | null }>(
    `select u.id, u.first_name, u.last_name, u.email from users u
      where regexp_replace(coalesce(u.phone, ''), '\\D', '', 'g') = $1 and not u.locked
        and not exists (select 1 from memberships m where m.user_id = u.id)
      limit 2`,
    [digits],
  );
  const [user] = rows;
  return rows.length === 1 && user ? { id: user.id, firstName: user.first_name, lastName: user.last_name, email: user.email } : null;
}
