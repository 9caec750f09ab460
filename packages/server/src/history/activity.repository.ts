import { restrictionWhere, type TenantScope } from "../auth/access.js";
import type { Db } from "../db/db.js";
import type { Tables } from "../db/tables.js";

/** One entry of the company's activity feed, with the report it was done to. */
export type ActivityFeedRow = Pick<Tables["activity_log"], "id" | "action" | "data" | "created_at"> & {
  data: Record<string, unknown>;
  actor: { id: number; name: string } | null;
  report: { id: number; uuid: string; type: number };
};

/** A page of what the company's members did to its reports, newest first, only on reports the scope may
 * see. The system's entries (routing, hidden comments) and the community's (likes, follows, comments from
 * the app) are the report's own activity, not the operations room's: they stay in the detail. */
export async function listActivityFeed(
  db: Db,
  scope: TenantScope,
  f: { operatorId?: number; action?: string; from?: Date; to?: Date; limit: number; offset: number },
): Promise<{ rows: ActivityFeedRow[]; total: number }> {
  const params: unknown[] = [scope.companyId];
  const add = (value: unknown) => `$${params.push(value)}`;
  let where = " where l.company_id = $1 and exists (select 1 from memberships m where m.company_id = l.company_id and m.user_id = l.actor_user_id)";
  if (f.operatorId !== undefined) where += ` and l.actor_user_id = ${add(f.operatorId)}`;
  if (f.action !== undefined) where += ` and l.action = ${add(f.action)}`;
  if (f.from) where += ` and l.created_at >= ${add(f.from.toISOString())}::timestamptz`;
  if (f.to) where += ` and l.created_at < ${add(f.to.toISOString())}::timestamptz`;
  where += restrictionWhere(scope.restrictions, params);
  const from = " from activity_log l join report_attentions a on a.company_id = l.company_id and a.report_id = l.report_id join reports r on r.id = a.report_id";
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n${from}${where}`, params);
  const rows = await db.query<ActivityFeedRow>(
    `select l.id::int as id, l.action, l.data, l.created_at,
            case when u.id is null then null else json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) end as actor,
            json_build_object('id', r.id, 'uuid', r.uuid::text, 'type', r.type_id) as report
       ${from} left join users u on u.id = l.actor_user_id${where}
      order by l.created_at desc, l.id desc limit ${add(f.limit)} offset ${add(f.offset)}`,
    params,
  );
  return { rows, total: count?.n ?? 0 };
}
