import { restrictionWhere, type TenantScope } from "../auth/access.js";
import { one, type Db } from "../db/db.js";
import type { Tables } from "../db/tables.js";
import { commentSelect, type CommentRow } from "./interaction.repository.js";

/** A community comment of the replies inbox, with its report and whether the company answered it. */
export type ReplyRow = CommentRow & {
  report_title: Tables["reports"]["title"];
  report_type: Tables["reports"]["type_id"];
  report_status: Tables["report_attentions"]["status"];
  answered: boolean;
};

// Community comments: written from the app (no company) by someone who is not a member of the company,
// on a report the company attends (not deleted for it) within the scope's restrictions.
const COMMUNITY = `
  join report_attentions a on a.report_id = c.report_id and a.company_id = $1 and a.deleted_at is null
 where c.company_id is null and not c.hidden
   and not exists (select 1 from memberships mm where mm.company_id = $1 and mm.user_id = c.user_id)`;
// Answered: a later comment on the report by the company (an operator writes on its behalf) or one of its members.
const ANSWERED = `exists (select 1 from comments c2 where c2.report_id = c.report_id and c2.id > c.id
   and (c2.company_id = $1 or exists (select 1 from memberships m2 where m2.company_id = $1 and m2.user_id = c2.user_id)))`;

/** A page of the community's comments on the company's reports, newest first (only unanswered ones when
 * asked), with the total of the page's filter and how many are unanswered. */
export async function listReplies(
  db: Db,
  scope: TenantScope,
  q: { unansweredOnly: boolean; limit: number; offset: number },
): Promise<{ rows: ReplyRow[]; total: number; unanswered: number }> {
  const params: unknown[] = [scope.companyId];
  const where = `${COMMUNITY}${restrictionWhere(scope.restrictions, params)}`;
  const filter = q.unansweredOnly ? ` and not ${ANSWERED}` : "";
  const [rows, counts] = await Promise.all([
    db.query<ReplyRow>(
      `${commentSelect(`r.title as report_title, r.type_id as report_type, a.status as report_status, ${ANSWERED} as answered`)}
       ${where}${filter} order by c.id desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, q.limit, q.offset],
    ),
    one<{ total: number; unanswered: number }>(
      db,
      `select count(*)::int as total, count(*) filter (where not ${ANSWERED})::int as unanswered
         from comments c join reports r on r.id = c.report_id ${where}`,
      params,
    ),
  ]);
  return { rows, total: q.unansweredOnly ? (counts?.unanswered ?? 0) : (counts?.total ?? 0), unanswered: counts?.unanswered ?? 0 };
}
