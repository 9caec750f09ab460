import type { CompanyRole, Priority, ReportStatus } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import type { Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

// Writes to one company's attention of a report (its status, priority, observations, tags, assignment)
// and its activity log. The caller has already loaded the report through the scope.

/** Sets the given fields of the attention; the others keep their values. */
export async function updateAttentionFields(
  tx: Tx,
  scope: TenantScope,
  reportId: number,
  f: { priority?: Priority; observations?: string | null; status?: ReportStatus },
): Promise<void> {
  await tx.query(
    `update report_attentions set priority = coalesce($3, priority), observations = case when $4 then $5 else observations end,
            status = coalesce($6, status) where company_id = $1 and report_id = $2`,
    [scope.companyId, reportId, f.priority ?? null, f.observations !== undefined, f.observations ?? null, f.status ?? null],
  );
}

/** Changes the shared report's type; `privateAndAnonymous` also makes this company's attention so (drugs). */
export async function changeReportType(tx: Tx, scope: TenantScope, reportId: number, typeId: number, privateAndAnonymous: boolean): Promise<void> {
  await tx.query("update reports set type_id = $2, updated_at = now() where id = $1", [reportId, typeId]);
  if (privateAndAnonymous)
    await tx.query("update report_attentions set is_private = true, is_anonymous = true where company_id = $1 and report_id = $2", [
      scope.companyId,
      reportId,
    ]);
}

/** Replaces the attention's tags; false (nothing changed) when one of them is not a tag of the company. */
export async function replaceTags(tx: Tx, scope: TenantScope, reportId: number, tagIds: readonly number[]): Promise<boolean> {
  const valid = await tx.query<{ id: number }>("select id from tags where company_id = $1 and id = any($2::int[])", [scope.companyId, tagIds]);
  if (valid.length !== new Set(tagIds).size) return false;
  await tx.query("delete from report_attention_tags where company_id = $1 and report_id = $2", [scope.companyId, reportId]);
  await tx.query("insert into report_attention_tags (company_id, report_id, tag_id) select $1, $2, unnest($3::int[])", [
    scope.companyId,
    reportId,
    valid.map((v) => v.id),
  ]);
  return true;
}

/** Sets the attention's substatus (null clears); false (nothing changed) when it is not a live
 * substatus of the company. */
export async function setSubstatus(tx: Tx, scope: TenantScope, reportId: number, substatusId: number | null): Promise<boolean> {
  const rows = await tx.query(
    `update report_attentions set substatus_id = $3 where company_id = $1 and report_id = $2
        and ($3::int is null or exists (select 1 from company_substatuses s where s.company_id = $1 and s.id = $3 and s.deleted_at is null))
      returning 1`,
    [scope.companyId, reportId, substatusId],
  );
  return rows.length > 0;
}

/** Whether the user is a member of the company with one of the roles. */
export async function isMemberWithRole(tx: Tx, scope: TenantScope, userId: number, roles: readonly CompanyRole[]): Promise<boolean> {
  const rows = await tx.query("select 1 from memberships where company_id = $1 and user_id = $2 and role = any($3::text[])", [
    scope.companyId,
    userId,
    roles,
  ]);
  return rows.length > 0;
}

/** Whether the team belongs to the company and is not deleted (a deleted team keeps its reports, takes no new ones). */
export async function isCompanyTeam(tx: Tx, scope: TenantScope, teamId: number): Promise<boolean> {
  return (await tx.query("select 1 from teams where company_id = $1 and id = $2 and deleted_at is null", [scope.companyId, teamId])).length > 0;
}

/** Sets the given assignees (undefined keeps, null clears). */
export async function assignAttention(
  tx: Tx,
  scope: TenantScope,
  reportId: number,
  a: { userId?: number | null; teamId?: number | null; patrolId?: number | null },
): Promise<void> {
  await tx.query(
    `update report_attentions set
        assigned_user_id = case when $3 then $4 else assigned_user_id end,
        assigned_team_id = case when $5 then $6 else assigned_team_id end,
        assigned_patrol_id = case when $7 then $8 else assigned_patrol_id end
      where company_id = $1 and report_id = $2`,
    [scope.companyId, reportId, a.userId !== undefined, a.userId ?? null, a.teamId !== undefined, a.teamId ?? null, a.patrolId !== undefined, a.patrolId ?? null],
  );
}

/** One entry of a company's activity log of a report. */
export type ActivityRow = Pick<Tables["activity_log"], "id" | "action" | "data" | "created_at"> & {
  data: Record<string, unknown>;
  actor: { id: number; name: string } | null;
};

/** The company's activity log of a report, oldest first. */
export function listActivity(db: Tx, scope: TenantScope, reportId: number): Promise<ActivityRow[]> {
  return db.query<ActivityRow>(
    `select l.id::int as id, l.action, l.data, l.created_at,
            case when u.id is null then null else json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) end as actor
       from activity_log l left join users u on u.id = l.actor_user_id
      where l.company_id = $1 and l.report_id = $2 order by l.id`,
    [scope.companyId, reportId],
  );
}
