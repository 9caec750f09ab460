import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { PRIORITIES } from "./enums.js";

/** Most reports one bulk action may name (issue 18): one transaction stays short. */
export const BULK_MAX_IDS = 200;

const id = z.number().int().positive().max(MAX_ID);
const ids = z
  .array(id)
  .min(1)
  .max(BULK_MAX_IDS)
  .refine((list) => new Set(list).size === list.length, { message: "duplicate_ids" });

/** The actions a selection of the panel may get, each with what it needs. */
export const BULK_ACTIONS = ["take", "assign", "tag", "priority", "close"] as const;
export type BulkActionName = (typeof BULK_ACTIONS)[number];

/** POST /api/companies/{companyId}/reports/bulk: one action over up to BULK_MAX_IDS reports, in one
 * transaction, each report done or skipped with why. */
export const bulkActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("take"), ids }),
  z.object({
    action: z.literal("assign"),
    ids,
    userId: id.nullable().optional(),
    teamId: id.nullable().optional(),
  }).refine((v) => v.userId !== undefined || v.teamId !== undefined, { message: "nothing to assign" }),
  /** Adds the tag to each report, keeping the tags it has. */
  z.object({ action: z.literal("tag"), ids, tagId: id }),
  z.object({ action: z.literal("priority"), ids, priority: z.enum(PRIORITIES) }),
  /** Solved or not applicable (repeated names one original per report: the detail's close). */
  z.object({
    action: z.literal("close"),
    ids,
    kind: z.enum(["solved", "false"]),
    automaticAnswerId: id.optional(),
    comment: z.string().trim().max(4000).optional(),
  }),
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/** One report's outcome: done, or skipped with a code (a CONFLICT_REASONS reason, notFound, validation)
 * and its text in the caller's language. */
export const bulkResultSchema = z.object({
  id: z.number(),
  outcome: z.enum(["done", "skipped"]),
  code: z.string().optional(),
  reason: z.string().optional(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const bulkResponseSchema = z.object({
  success: z.literal(true),
  action: z.enum(BULK_ACTIONS),
  done: z.number(),
  skipped: z.number(),
  results: z.array(bulkResultSchema),
});
export type BulkResponse = z.infer<typeof bulkResponseSchema>;
