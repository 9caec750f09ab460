import type { Team, TeamBody } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";

const SELECT = `select t.id, t.name, t.color, t.deleted_at is not null as deleted,
       coalesce((select array_agg(m.user_id order by m.user_id) from team_members m
                  where m.company_id = t.company_id and m.team_id = t.id), '{}') as "memberIds"
  from teams t`;

type TeamRow = Team & { deleted: boolean };

/** The company's teams by name with their members; deleted ones only when asked (to name them in history). */
export function listTeams(db: Db, scope: TenantScope, includeDeleted = false): Promise<TeamRow[]> {
  return db.query<TeamRow>(`${SELECT} where t.company_id = $1 and ($2 or t.deleted_at is null) order by lower(t.name), t.id`, [scope.companyId, includeDeleted]);
}

/** One live team of the company, or undefined (another company's id and a deleted team are not found). */
export function findTeam(db: Tx, scope: TenantScope, id: number): Promise<TeamRow | undefined> {
  return one<TeamRow>(db, `${SELECT} where t.company_id = $1 and t.id = $2 and t.deleted_at is null`, [scope.companyId, id]);
}

/** True when another live team of the company has the name, letter case aside. */
export async function teamNameTaken(db: Tx, scope: TenantScope, name: string, exceptId?: number): Promise<boolean> {
  return (
    (await one(db, "select 1 from teams where company_id = $1 and lower(name) = lower($2) and deleted_at is null and id is distinct from $3", [
      scope.companyId,
      name,
      exceptId ?? null,
    ])) !== undefined
  );
}

/** Of these user ids, those who are not members of the company. */
export async function notMembers(db: Tx, scope: TenantScope, userIds: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    "select u.id from unnest($2::int[]) as u(id) where not exists (select 1 from memberships m where m.company_id = $1 and m.user_id = u.id)",
    [scope.companyId, [...new Set(userIds)]],
  );
  return rows.map((r) => r.id);
}

async function replaceMembers(tx: Tx, scope: TenantScope, teamId: number, members: readonly number[]): Promise<void> {
  await tx.query("delete from team_members where company_id = $1 and team_id = $2", [scope.companyId, teamId]);
  await tx.query("insert into team_members (company_id, team_id, user_id) select $1, $2, unnest($3::int[])", [scope.companyId, teamId, [...new Set(members)]]);
}

/** Stores a new team with its members; answers its id. */
export async function insertTeam(tx: Tx, scope: TenantScope, t: TeamBody): Promise<number> {
  const row = await one<{ id: number }>(tx, "insert into teams (company_id, name, color) values ($1, $2, $3) returning id", [scope.companyId, t.name, t.color]);
  await replaceMembers(tx, scope, row!.id, t.members);
  return row!.id;
}

/** Replaces a live team's name, colour and members; false when the company has no such team. */
export async function updateTeam(tx: Tx, scope: TenantScope, id: number, t: TeamBody): Promise<boolean> {
  const rows = await tx.query("update teams set name = $3, color = $4 where company_id = $1 and id = $2 and deleted_at is null returning id", [
    scope.companyId,
    id,
    t.name,
    t.color,
  ]);
  if (rows.length !== 1) return false;
  await replaceMembers(tx, scope, id, t.members);
  return true;
}

/** Marks a live team deleted (its reports keep it by name); false when there was none. */
export async function softDeleteTeam(db: Db, scope: TenantScope, id: number): Promise<boolean> {
  return (await db.query("update teams set deleted_at = now() where company_id = $1 and id = $2 and deleted_at is null returning id", [scope.companyId, id])).length === 1;
}
