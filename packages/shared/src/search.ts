import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { REPORT_STATUSES } from "./enums.js";
import { reportSchema } from "./reports.js";


/** Longest search text the portal accepts. */
export const SEARCH_MAX_LENGTH = 100;

/** `GET /api/companies/{companyId}/search`: q is 1..100 characters without control characters. A missing
 * or blank q is refused by the server once the company is resolved (400 required; another company's id
 * answers 404 first). */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH, { message: "too_long" })
    .regex(/^[^\p{Cc}]*$/u, { message: "invalid_text" })
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A piece of a matched text; `mark` pieces are what the search matched. Plain text, never HTML. */
export const highlightSegmentSchema = z.object({ text: z.string(), mark: z.boolean() });
export type HighlightSegment = z.infer<typeof highlightSegmentSchema>;

/** Which field of a report matched, with the fragment of it around the match. */
export const searchHighlightSchema = z.object({
  field: z.enum(["title", "description", "address", "reporter", "id"]),
  segments: z.array(highlightSegmentSchema),
});
export type SearchHighlight = z.infer<typeof searchHighlightSchema>;

export const reportSearchHitSchema = z.object({
  report: reportSchema,
  score: z.number(),
  highlights: z.array(searchHighlightSchema),
});
export type ReportSearchHit = z.infer<typeof reportSearchHitSchema>;

export const commentSearchHitSchema = z.object({
  id: z.number().int().max(MAX_ID),
  uuid: z.string(),
  createdAt: z.string(),
  author: z.string().nullable(),
  score: z.number(),
  segments: z.array(highlightSegmentSchema),
  report: z.object({ id: z.number(), uuid: z.string(), type: z.number(), title: z.string().nullable(), status: z.enum(REPORT_STATUSES) }),
});
export type CommentSearchHit = z.infer<typeof commentSearchHitSchema>;

export const searchResponseSchema = z.object({
  success: z.literal(true),
  reports: z.array(reportSearchHitSchema),
  comments: z.array(commentSearchHitSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
