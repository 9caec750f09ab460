import type { AppReport, Comment, GalleryItem, Media, Note } from "@atalaya/shared";
import type { NoteRow, PublicReportRow } from "./interaction.repository.js";
export { presentComment, type CommentAudience } from "../reports/index.js";

const iso = (d: Date) => new Date(d).toISOString();

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
