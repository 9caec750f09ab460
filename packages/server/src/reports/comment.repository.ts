import type { Media } from "@atalaya/shared";
import { one, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

// A report's comments as the report domain writes them: the closing comment of a closure (commands.ts)
// and the interactions domain's comments alike go through these.

/** A comment with what presenting it needs. */
export type CommentRow = Pick<
  Tables["comments"],
  "id" | "uuid" | "report_id" | "body" | "media" | "hidden" | "user_id" | "company_id" | "created_at" | "edited_at"
> & {
  media: Media[];
  report_uuid: Tables["reports"]["uuid"];
  user_name: string | null;
  /** The company it was written for (left join: null for a community comment). */
  company_name: Tables["companies"]["name"] | null;
  is_author: boolean;
  /** The report hides its author (anonymous for the community or for an attending company). */
  report_anonymous: boolean;
};

/** The select of a comment with its report, author and company (aliases c, r, u, co), plus any extra
 * columns a caller reads over the same joins. */
export function commentSelect(extraColumns = ""): string {
  return `
select c.id, c.uuid::text as uuid, c.report_id, r.uuid::text as report_uuid, c.body, c.media, c.hidden,
       c.user_id, case when u.id is null then null else trim(u.first_name || ' ' || u.last_name) end as user_name,
       c.company_id, co.name as company_name,
       coalesce(c.company_id is null and c.user_id = r.user_id, false) as is_author,
       (r.is_anonymous or exists (select 1 from report_attentions a where a.report_id = r.id and a.is_anonymous)) as report_anonymous,
       c.created_at, c.edited_at${extraColumns ? `, ${extraColumns}` : ""}
  from comments c
  join reports r on r.id = c.report_id
  left join users u on u.id = c.user_id
  left join companies co on co.id = c.company_id`;
}

const COMMENT_SELECT = commentSelect();

/** One comment by id. */
export function findComment(db: Tx, commentId: number): Promise<CommentRow | undefined> {
  return one<CommentRow>(db, `${COMMENT_SELECT} where c.id = $1`, [commentId]);
}

/** Adds a comment unless the same author already wrote the same text on the report (unique index of
 * migration 002): then the existing one comes back with created=false, also under concurrency. */
export async function insertComment(
  tx: Tx,
  c: { reportId: number; userId: number; companyId: number | null; body: string; media: Media[] },
): Promise<{ id: number; created: boolean }> {
  const inserted = await one<{ id: number }>(
    tx,
    // The same comment already there is left out before the insert (no speculative insertion, so no
    // dead row in comments and its GIN index per repeat); the conflict clause still covers two
    // identical comments sent at the same moment.
    `insert into comments (report_id, user_id, company_id, body, media)
     select $1::int, $2::int, $3::int, $4::text, $5::jsonb
      where not exists (select 1 from comments c where c.report_id = $1 and coalesce(c.user_id, 0) = coalesce($2::int, 0)
                          and coalesce(c.company_id, 0) = coalesce($3::int, 0) and md5(c.body) = md5($4::text))
     on conflict (report_id, (coalesce(user_id, 0)), (coalesce(company_id, 0)), (md5(body))) do nothing
     returning id`,
    [c.reportId, c.userId, c.companyId, c.body, JSON.stringify(c.media)],
  );
  if (inserted) return { id: inserted.id, created: true };
  const existing = await one<{ id: number }>(
    tx,
    `select id from comments where report_id = $1 and coalesce(user_id, 0) = $2 and coalesce(company_id, 0) = coalesce($3::int, 0)
        and md5(body) = md5($4)`,
    [c.reportId, c.userId, c.companyId, c.body],
  );
  return { id: existing!.id, created: false };
}

/** Locks the shared report row for the rest of the transaction and says whether its author deleted it.
 * "share" lets other writers of comments through but waits for a deletion; "update" serialises. */
export async function lockReport(tx: Tx, reportId: number, mode: "share" | "update"): Promise<{ deleted: boolean; commentsOff: boolean } | undefined> {
  const row = await one<{ deleted: boolean; commentsOff: boolean }>(
    tx,
    `select deleted_at is not null as deleted, turn_off_comments as "commentsOff" from reports where id = $1 for ${mode === "share" ? "share" : "update"}`,
    [reportId],
  );
  return row;
}
