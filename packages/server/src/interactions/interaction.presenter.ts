import type { AppReport, Comment, GalleryItem, Media, Note } from "@atalaya/shared";
import type { CommentRow, NoteRow, PublicReportRow } from "./interaction.repository.js";

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

/** The API shape of a note. */
export function presentNote(row: NoteRow): Note {
  return {
    id: row.id,
    uuid: row.uuid,
    report_id: row.report_id,
    body: row.body,
    user: row.user,
    file: row.file,
    created_at: iso(row.created_at),
    edited: row.edited_at !== null,
    editedAt: row.edited_at ? iso(row.edited_at) : null,
  };
}

/** A gallery entry: a comment's file with the comment it came from. */
export function presentGalleryItem(row: Media & { commentId: number; hidden: boolean; created_at: Date }): GalleryItem {
  const { originalName, ...rest } = row;
  return { ...rest, ...(originalName ? { originalName } : {}), created_at: iso(row.created_at) };
}

/** The community app's view of a report: shared facts and visible comments, nothing of any company's work. */
export function presentAppReport(
  row: PublicReportRow,
  comments: Comment[],
  me: { userId: number | null; vote: 1 | -1 | null; following: boolean },
): AppReport {
  return {
    id: row.id,
    uuid: row.uuid,
    type: row.type_id,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    address: row.address,
    filesMedia: row.media,
    likes: row.likes_count,
    dislikes: row.dislikes_count,
    isOpen: row.is_open,
    isAnonymous: row.is_anonymous,
    user: row.is_anonymous || !row.author_uuid ? null : { uuid: row.author_uuid, firstName: row.author_first_name ?? "" },
    createdAt: iso(row.created_at),
    comments,
    isMine: me.userId !== null && me.userId === row.user_id,
    vote: me.vote,
    following: me.following,
    turnOffComments: row.turn_off_comments,
  };
}
