import { INCOMING_COMMENTS_KEPT, type Comment } from "@atalaya/shared";

/** A community comment shown in the "incoming comments" drawer. */
export interface IncomingComment {
  id: number;
  reportId: number;
  reportUuid: string;
  body: string;
  authorId: number | null;
  authorName: string | null;
  createdAt: string;
}

/** The drawer's entry for a comment event. */
export function toIncomingComment(reportId: number, comment: Comment): IncomingComment {
  return {
    id: comment.id,
    reportId,
    reportUuid: comment.report_uuid,
    body: comment.body,
    authorId: comment.user?.id ?? null,
    authorName: comment.user?.name ?? null,
    createdAt: comment.created_at,
  };
}

function sameAuthor(a: IncomingComment, b: IncomingComment): boolean {
  return a.authorId !== null || b.authorId !== null ? a.authorId === b.authorId : a.authorName === b.authorName;
}

/** True when the list already holds this comment: same id, or same body and author on the same report (SPEC §4). */
export function isDuplicateComment(list: readonly IncomingComment[], comment: IncomingComment): boolean {
  return list.some(
    (item) =>
      item.id === comment.id ||
      (item.reportId === comment.reportId && item.body.trim() === comment.body.trim() && sameAuthor(item, comment)),
  );
}

/**
 * Adds a comment on top (newest first), keeping at most 100 (SPEC §9: the oldest are dropped); a
 * duplicate leaves the list unchanged (same array returned).
 */
export function addIncomingComment(
  list: readonly IncomingComment[],
  comment: IncomingComment,
  limit: number = INCOMING_COMMENTS_KEPT,
): readonly IncomingComment[] {
  if (isDuplicateComment(list, comment)) return list;
  return [comment, ...list].slice(0, limit);
}
