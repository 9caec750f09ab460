import {
  editedCommentResponseSchema,
  editedNoteResponseSchema,
  favoriteResponseSchema,
  reportResponseSchema,
  seenResponseSchema,
  type Comment,
  type Note,
  type Report,
} from "@atalaya/shared";
import { api } from "../../lib/api";

const base = (companyId: number, reportId: number) => `/companies/${companyId}/reports/${reportId}`;
const reportBody = reportResponseSchema.transform((body) => body.report);

/** `PUT …/highlight`: pins (or unpins) the report at the top of its tab for the whole organisation. */
export function setHighlighted(companyId: number, reportId: number, highlighted: boolean): Promise<Report> {
  return api.put(`${base(companyId, reportId)}/highlight`, { highlighted }, { schema: reportBody });
}

/** `PUT …/turn-off-comments`: closes (or reopens) the report to new community comments. */
export function setTurnOffComments(companyId: number, reportId: number, turnOffComments: boolean): Promise<Report> {
  return api.put(`${base(companyId, reportId)}/turn-off-comments`, { turnOffComments }, { schema: reportBody });
}

/** `PUT …/favorite`: the operator's own star. */
export function setFavorite(companyId: number, reportId: number, isFavorite: boolean): Promise<boolean> {
  return api.put(`${base(companyId, reportId)}/favorite`, { isFavorite }, { schema: favoriteResponseSchema.transform((b) => b.isFavorite) });
}

/** `POST …/seen`: the operator opened the report. */
export function markSeen(companyId: number, reportId: number): Promise<void> {
  return api.post(`${base(companyId, reportId)}/seen`, undefined, { schema: seenResponseSchema.transform(() => undefined) });
}

/** `PUT …/comments/{id}`: the author's edit of their comment. */
export function editComment(companyId: number, reportId: number, commentId: number, body: string): Promise<Comment> {
  return api.put(`${base(companyId, reportId)}/comments/${commentId}`, { body }, { schema: editedCommentResponseSchema.transform((b) => b.comment) });
}

/** `PUT …/notes/{id}`: the author's edit of their note. */
export function editNote(companyId: number, reportId: number, noteId: number, body: string): Promise<Note> {
  return api.put(`${base(companyId, reportId)}/notes/${noteId}`, { body }, { schema: editedNoteResponseSchema.transform((b) => b.note) });
}
