import type { Comment } from "@atalaya/shared";
import type { CommentRow } from "./comment.repository.js";

const iso = (d: Date) => new Date(d).toISOString();

/** Who reads a comment: operators of one company, or the community app. */
export type CommentAudience = { companyId: number } | "app";

/** The API shape of a comment. The community never learns an operator's name (only the organisation's),
 * and nobody learns the name of an anonymous report's author through their comments. */
export function presentComment(row: CommentRow, audience: CommentAudience): Comment {
  const hideUser = row.user_id === null || (row.is_author && row.report_anonymous) || (audience === "app" && row.company_id !== null);
  return {
    id: row.id,
    uuid: row.uuid,
    report_id: row.report_id,
    report_uuid: row.report_uuid,
    body: row.body,
    user: hideUser ? null : { id: row.user_id!, name: row.user_name ?? "" },
    company_id: row.company_id,
    media: row.media,
    hidden: row.hidden,
    isOperator: audience === "app" ? row.company_id !== null : row.company_id === audience.companyId,
    isAuthor: row.is_author,
    companyName: row.company_name,
    created_at: iso(row.created_at),
    edited: row.edited_at !== null,
    editedAt: row.edited_at ? iso(row.edited_at) : null,
  };
}
