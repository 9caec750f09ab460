import type { ComplaintReason } from "@atalaya/shared";
import { restrictionWhere, type TenantScope } from "../auth/access.js";
import { isRestricted } from "../auth/restrictions.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

export type TargetKind = "report" | "comment" | "user";

export type ComplaintRow = Pick<Tables["user_complaints"], "id" | "target_kind" | "target_id" | "target_user_id" | "reason" | "body" | "created_at"> & {
  target_kind: TargetKind;
  reason: ComplaintReason;
};

const COMPLAINT_COLUMNS = "id, target_kind, target_id, target_user_id, reason, body, created_at";

/** The complaint this complainant already filed about this item, if any. */
export function findComplaint(db: Tx, complainantId: number, kind: TargetKind, targetId: number): Promise<ComplaintRow | undefined> {
  return one<ComplaintRow>(
    db,
    `select ${COMPLAINT_COLUMNS} from user_complaints where complainant_id = $1 and target_kind = $2 and target_id = $3`,
    [complainantId, kind, targetId],
  );
}

/** Files a complaint once per (complainant, item): a new one adds to the user's complaint count and, for a
 * report, to its abuseCounter; a concurrent repeat gets the first back with created=false. */
export async function insertComplaint(
  tx: Tx,
  c: {
    complainantId: number; targetUserId: number; kind: TargetKind; targetId: number;
    reportId: number | null; commentId: number | null; companyId: number | null; reason: ComplaintReason; body: string;
  },
): Promise<{ complaint: ComplaintRow; created: boolean }> {
  const inserted = await one<ComplaintRow>(
    tx,
    `insert into user_complaints (complainant_id, target_user_id, target_kind, target_id, report_id, comment_id, company_id, reason, body)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (complainant_id, target_kind, target_id) do nothing
     returning ${COMPLAINT_COLUMNS}`,
    [c.complainantId, c.targetUserId, c.kind, c.targetId, c.reportId, c.commentId, c.companyId, c.reason, c.body],
  );
  if (!inserted) return { complaint: (await findComplaint(tx, c.complainantId, c.kind, c.targetId))!, created: false };
  await tx.query("update users set complaint_count = complaint_count + 1 where id = $1", [c.targetUserId]);
  if (c.kind === "report") await tx.query("update reports set abuse_counter = abuse_counter + 1 where id = $1", [c.targetId]);
  return { complaint: inserted, created: true };
}

/** Who wrote a report and whether a company made it (then it has no community author). */
export function findReportAuthor(db: Db, reportId: number): Promise<{ user_id: number | null; by_company: boolean } | undefined> {
  return one(db, "select user_id, created_by_company_id is not null as by_company from reports where id = $1", [reportId]);
}

/** Who wrote a comment, on which report, whether on behalf of a company, and whether it is hidden. */
export function findCommentAuthor(
  db: Db,
  commentId: number,
): Promise<{ report_id: number; user_id: number | null; by_company: boolean; hidden: boolean } | undefined> {
  return one(db, "select report_id, user_id, company_id is not null as by_company, hidden from comments where id = $1", [commentId]);
}

/** True for an existing user who belongs to no company: a community user of the app. */
export async function isCommunityUser(db: Db, userId: number): Promise<boolean> {
  const row = await one<{ ok: boolean }>(
    db,
    "select not exists (select 1 from memberships where user_id = $1) as ok from users where id = $1",
    [userId],
  );
  return row?.ok === true;
}

// A report attention `a` of the scope's company with its report `r`, inside the scope's restrictions.
function attended(scope: TenantScope, params: unknown[]): string {
  params.push(scope.companyId);
  return `a.company_id = $${params.length}${restrictionWhere(scope.restrictions, params)}`;
}

/** A page of the community users with complaints the scope may see: about their (not anonymous) reports
 * or their comments on reports the company attends within the restrictions, plus — for an unrestricted
 * scope — complaints about the user its operators filed; with each user's reports the scope may see. */
export async function listReportedUsers(
  db: Db,
  scope: TenantScope,
  page: { limit: number; offset: number },
): Promise<{ rows: { id: number; name: string; complaints: number; reports: number; locked: boolean; last_complaint_at: Date }[]; total: number }> {
  const params: unknown[] = [];
  const aboutReports = `select c.target_user_id, c.created_at from user_complaints c
      join report_attentions a on a.report_id = c.report_id join reports r on r.id = a.report_id
     where (c.target_kind = 'comment' or not r.is_anonymous) and ${attended(scope, params)}`;
  let aboutUsers = "";
  if (!isRestricted(scope.restrictions)) {
    params.push(scope.companyId);
    aboutUsers = ` union all select c.target_user_id, c.created_at from user_complaints c where c.report_id is null and c.company_id = $${params.length}`;
  }
  const reportsOf = `(select count(*)::int from reports r join report_attentions a on a.report_id = r.id
      where r.user_id = u.id and not r.is_anonymous and ${attended(scope, params)})`;
  params.push(page.limit, page.offset);
  const rows = await db.query<{ id: number; name: string; complaints: number; reports: number; locked: boolean; last_complaint_at: Date; total: number }>(
    `with seen as (${aboutReports}${aboutUsers}),
          per_user as (select target_user_id, count(*)::int as complaints, max(created_at) as last_complaint_at from seen group by target_user_id)
     select u.id, trim(u.first_name || ' ' || u.last_name) as name, p.complaints, ${reportsOf} as reports, u.locked,
            p.last_complaint_at, (count(*) over ())::int as total
       from per_user p join users u on u.id = p.target_user_id
      order by p.complaints desc, p.last_complaint_at desc, u.id
      limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows: rows.map(({ total: _total, ...r }) => r), total: rows[0]?.total ?? 0 };
}

/** Whether the user wrote a report or a comment on a report the scope may see. */
export async function userSeenInScope(db: Db, scope: TenantScope, userId: number): Promise<boolean> {
  const params: unknown[] = [userId];
  const row = await one<{ ok: boolean }>(
    db,
    `select exists (
       select 1 from reports r join report_attentions a on a.report_id = r.id
        where r.user_id = $1 and not r.is_anonymous and ${attended(scope, params)}
       union all
       select 1 from comments cm join report_attentions a on a.report_id = cm.report_id join reports r on r.id = a.report_id
        where cm.user_id = $1 and cm.company_id is null and ${attended(scope, params)}) as ok`,
    params,
  );
  return row?.ok === true;
}

/** What the user's reports amounted to, over the reports the scopes may see (a report seen by several
 * companies counts once; attended = taken beyond pending by one of them). Null when the scopes see
 * neither a report nor a comment of the user. */
export async function userImpact(
  db: Db,
  scopes: readonly TenantScope[],
  userId: number,
): Promise<{ reports: number; attended: number; solved: number; false: number; likes: number } | null> {
  if (scopes.length === 0) return null;
  const params: unknown[] = [userId];
  const anyScope = () => `(${scopes.map((s) => `(${attended(s, params)})`).join(" or ")})`;
  const row = await one<{ reports: number; attended: number; solved: number; false: number; likes: number; commented: boolean }>(
    db,
    `select count(*)::int as reports, (count(*) filter (where attended))::int as attended,
            (count(*) filter (where solved))::int as solved, (count(*) filter (where is_false))::int as "false",
            coalesce(sum(likes_count), 0)::int as likes,
            exists (select 1 from comments cm join report_attentions a on a.report_id = cm.report_id join reports r on r.id = a.report_id
                     where cm.user_id = $1 and cm.company_id is null and ${anyScope()}) as commented
       from (select r.id, r.likes_count, bool_or(a.status <> 'pending') as attended,
                    bool_or(a.status = 'solved') as solved, bool_or(a.status = 'false') as is_false
               from reports r join report_attentions a on a.report_id = r.id
              where r.user_id = $1 and not r.is_anonymous and ${anyScope()}
              group by r.id, r.likes_count) x`,
    params,
  );
  if (!row || (row.reports === 0 && !row.commented)) return null;
  const { commented: _c, ...impact } = row;
  return impact;
}
