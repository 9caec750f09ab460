import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { reportSchema } from "./reports.js";

/** Defaults of the duplicate suggestion (issue 18) when the company has not set the type's own. */
export const DUPLICATE_DEFAULTS = {
  radiusMeters: 250,
  windowMinutes: 120,
  /** The city-issue category (SPEC §3 category 3): a pothole is reported for a day from a wider area. */
  cityRadiusMeters: 1000,
  cityWindowMinutes: 24 * 60,
} as const;
export const CITY_ISSUES_CATEGORY_ID = 3;
/** Bounds of a company's own radius and window (the migration checks the same). */
export const DUPLICATE_RADIUS_RANGE = [10, 10_000] as const;
export const DUPLICATE_WINDOW_RANGE = [5, 7 * 24 * 60] as const;
/** At most this many suggestions per report, the nearest first. */
export const MAX_DUPLICATE_SUGGESTIONS = 10;

/** One open report the new one may repeat: how far and how long before it. */
export const duplicateSuggestionSchema = z.object({
  report: reportSchema,
  distanceMeters: z.number(),
  minutesBefore: z.number(),
});
export type DuplicateSuggestion = z.infer<typeof duplicateSuggestionSchema>;
export const duplicateSuggestionsResponseSchema = z.object({
  success: z.literal(true),
  suggestions: z.array(duplicateSuggestionSchema),
});

/** POST …/reports/{id}/merge: closes the report as repeated of the original with this closing comment
 * (the portal sends its default text in the operator's language) or automatic answer. */
export const mergeDuplicateBodySchema = z
  .object({
    originalId: z.number().int().positive().max(MAX_ID),
    comment: z.string().trim().max(4000).optional(),
    automaticAnswerId: z.number().int().positive().max(MAX_ID).optional(),
  })
  .strict();
export type MergeDuplicateBody = z.infer<typeof mergeDuplicateBodySchema>;

/** POST …/reports/{id}/duplicates/dismiss: never suggest this original on the report again. */
export const dismissDuplicateBodySchema = z.object({ originalId: z.number().int().positive().max(MAX_ID) }).strict();

/** GET …/duplicates?ids=1,2,3: how many suggestions each listed report has (the panel's badge). */
export const duplicateCountsQuerySchema = z.object({
  ids: z
    .string()
    .max(2000)
    .regex(/^\d{1,9}(,\d{1,9}){0,199}$/, { message: "ids" })
    .transform((s) => [...new Set(s.split(",").map(Number))]),
});
export const duplicateCountsResponseSchema = z.object({
  success: z.literal(true),
  counts: z.array(z.object({ reportId: z.number(), count: z.number() })),
});
export type DuplicateCounts = z.infer<typeof duplicateCountsResponseSchema>["counts"];
