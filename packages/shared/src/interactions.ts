import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { commentBodySchema, commentSchema, mediaSchema, noteSchema, personSchema } from "./reports.js";
import { INCOMING_COMMENTS_KEPT } from "./constants.js";

/** Media upload types of SPEC §5, by the name the SPEC gives them. */
export const MEDIA_KINDS = [
  "jpeg", "png", "mp4", "xlsx", "xls", "csv", "pdf", "ppt", "pptx", "doc", "docx", "odt", "ods", "odp", "txt",
  "ogg", "m4a", "mp3", "flac", "aiff", "wav", "zip", "rar",
] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const AUDIO_MEDIA_KINDS = ["ogg", "m4a", "mp3", "flac", "aiff", "wav"] as const satisfies readonly MediaKind[];
/** Comment attachments are limited to pdf, txt and audio (SPEC §5). */
export const COMMENT_ATTACHMENT_KINDS = ["pdf", "txt", ...AUDIO_MEDIA_KINDS] as const satisfies readonly MediaKind[];

/** Where a screen asks for images only (SPEC §5): JPEG or PNG. */
export const IMAGE_KINDS = ["jpeg", "png"] as const satisfies readonly MediaKind[];

/** Upload size limit when MAX_UPLOAD_MB is unset. */
export const DEFAULT_MAX_UPLOAD_MB = 10;
/** Images a report may hold (its photos field, SPEC §5 "maximum count configurable") when MAX_REPORT_IMAGES is unset. */
export const DEFAULT_MAX_REPORT_IMAGES = 5;
/** Distinct community reporters after which a comment is hidden. */
export const COMMENT_FLAGS_TO_HIDE = 3;
/** Media files one report may hold. */
export const MAX_REPORT_MEDIA = 20;

/** A note's body: the same text rules as a comment's. */
export const noteBodySchema = commentBodySchema;
export type CommentBody = z.infer<typeof commentBodySchema>;

export const commentParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const appReportParamsSchema = z.object({ uuid: z.uuid() });
export const fileParamsSchema = z.object({ name: z.string().max(100) });

/** The upload limits the portal shows beside its file fields (MAX_UPLOAD_MB, MAX_REPORT_IMAGES). */
export const uploadLimitsSchema = z.object({ maxMb: z.number(), maxReportImages: z.number() });
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

/** Whether a stored file counts as one of the report's images (its photos field). */
export const isImageMedia = (m: { mime: string }): boolean => m.mime === "image/jpeg" || m.mime === "image/png";

/** Why a picked file cannot go in an images-only field, or null (the server checks its content again). */
export function imageUploadProblem(file: { name: string; type: string; size: number }, maxMb: number): "invalidFileType" | "fileTooLarge" | null {
  const byName = /\.(jpe?g|png)$/i.test(file.name.trim());
  const byType = file.type === "" || file.type === "image/jpeg" || file.type === "image/png";
  if (!byName || !byType) return "invalidFileType";
  if (file.size > maxMb * 1024 * 1024) return "fileTooLarge";
  return null;
}

/** POST …/reports/{id}/images: the report's media after the images were added. */
export const reportImagesResponseSchema = z.object({ success: z.literal(true), media: z.array(mediaSchema) });

/** A comment answer; created is false when the same author already wrote the same text (idempotent). */
export const commentResponseSchema = z.object({ success: z.literal(true), comment: commentSchema, created: z.boolean() });
export const commentListResponseSchema = z.object({ success: z.literal(true), comments: z.array(commentSchema) });

/** `GET /api/companies/{companyId}/comments/incoming?limit=`: the drawer keeps 100 (SPEC §9). */
export const incomingCommentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(INCOMING_COMMENTS_KEPT).default(INCOMING_COMMENTS_KEPT),
});
export const noteResponseSchema = z.object({ success: z.literal(true), note: noteSchema, created: z.boolean() });
/** PUT …/comments/{itemId} and …/notes/{itemId} (issue 17): the edited comment or note. */
export const editedCommentResponseSchema = z.object({ success: z.literal(true), comment: commentSchema });
export const editedNoteResponseSchema = z.object({ success: z.literal(true), note: noteSchema });
export const noteListResponseSchema = z.object({ success: z.literal(true), notes: z.array(noteSchema) });

/** The caller's vote after a like: sending the same value again withdraws it (vote null). */
export const likeResponseSchema = z.object({
  success: z.literal(true),
  likes: z.number(),
  dislikes: z.number(),
  vote: z.union([z.literal(1), z.literal(-1)]).nullable(),
});

/** Operators of the organisation who follow the report, and how many community users do. */
export const followersResponseSchema = z.object({
  success: z.literal(true),
  following: z.boolean(),
  followers: z.array(personSchema),
  communityFollowers: z.number(),
});
export const appFollowResponseSchema = z.object({ success: z.literal(true), following: z.boolean() });

/** Gallery of a report: every file attached to its comments, newest first. */
export const galleryItemSchema = mediaSchema.extend({ commentId: z.number(), hidden: z.boolean(), created_at: z.string() });
export type GalleryItem = z.infer<typeof galleryItemSchema>;
export const galleryResponseSchema = z.object({ success: z.literal(true), media: z.array(galleryItemSchema) });

export const reportMediaResponseSchema = z.object({ success: z.literal(true), media: z.array(mediaSchema) });
export const okResponseSchema = z.object({ success: z.literal(true) });

/** A report as the community app shows it: the shared report without any organisation's private work. */
export const appReportSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  type: z.number(),
  description: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
  filesMedia: z.array(mediaSchema),
  likes: z.number(),
  dislikes: z.number(),
  /** False once every attending organisation closed it. */
  isOpen: z.boolean(),
  isAnonymous: z.boolean(),
  user: z.object({ uuid: z.string(), firstName: z.string() }).nullable(),
  createdAt: z.string(),
  comments: z.array(commentSchema),
  /** About the signed-in caller: their report, their vote, whether they follow it. */
  isMine: z.boolean(),
  vote: z.union([z.literal(1), z.literal(-1)]).nullable(),
  following: z.boolean(),
  /** An operator closed the report to new community comments: the app hides its comment box. */
  turnOffComments: z.boolean(),
});
export type AppReport = z.infer<typeof appReportSchema>;
export const appReportResponseSchema = z.object({ success: z.literal(true), report: appReportSchema });

/** Data of the real-time events of this domain (SPEC §4). */
export const commentEventSchema = z.object({ reportId: z.number(), comment: commentSchema });
export const noteEventSchema = z.object({ reportId: z.number(), note: noteSchema });
export const likeEventSchema = z.object({ reportId: z.number(), likes: z.number(), dislikes: z.number() });
export const mediaStatusEventSchema = z.object({ reportId: z.number(), media: z.array(mediaSchema) });
