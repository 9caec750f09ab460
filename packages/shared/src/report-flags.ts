import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";

/** SPEC §3 user.subscription plans a reporter may hold (users.subscription, migration 036). */
export const SUBSCRIPTION_PLANS = ["premium"] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

/** A reporter's subscription as an organisation in the subscription_badges gate sees it. */
export const subscriptionSchema = z.object({
  plan: z.enum(SUBSCRIPTION_PLANS),
  /** When it ends; null for no end. */
  until: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The report fields of issue 17's second half, spread into reportSchema (SPEC §3 names). */
export const reportFlagsShape = {
  /** Pinned by an operator to the top of its tab for everyone of the organisation. */
  highlighted: z.boolean(),
  /** The caller's own star. Per viewer: present where the report is read for a user (lists, detail,
   * the caller's own changes), absent in real-time events, which every operator receives. */
  isFavorite: z.boolean().optional(),
  /** Whether the caller has opened the report (per user; absent in events like isFavorite). */
  seen: z.boolean().optional(),
  /** An operator closed the report to new community comments. */
  turnOffComments: z.boolean(),
  /** Seconds left to the due time when the server presented the report (negative: late; null: no due
   * time or closed). The portal ticks from dueDate; this is for clients without a clock of their own. */
  countdown: z.number().int().nullable(),
  /** A comment or note of the report was edited after posting. */
  edited: z.boolean(),
  /** SPEC §3 premium-user marker: the reporter is a subscriber and the organisation is in the SPEC §6
   * premium_alert gate (the distinct alarm and banner). */
  premiumUser: z.boolean(),
  /** The reporter's subscription, for organisations in the subscription_badges gate; else null. */
  subscription: subscriptionSchema.nullable(),
};

/** Fields of a comment or note about its editing (SPEC §3 edited). */
export const commentEditShape = {
  edited: z.boolean(),
  editedAt: z.string().nullable(),
};

/** PUT …/reports/{id}/highlight */
export const highlightBodySchema = z.object({ highlighted: z.boolean() }).strict();
/** PUT …/reports/{id}/favorite */
export const favoriteBodySchema = z.object({ isFavorite: z.boolean() }).strict();
export const favoriteResponseSchema = z.object({ success: z.literal(true), reportId: z.number(), isFavorite: z.boolean() });
/** POST …/reports/{id}/seen */
export const seenResponseSchema = z.object({ success: z.literal(true), reportId: z.number(), seen: z.literal(true) });
/** PUT …/reports/{id}/turn-off-comments */
export const turnOffCommentsBodySchema = z.object({ turnOffComments: z.boolean() }).strict();

/** Params of one comment or note of a report. */
export const reportItemParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
  itemId: z.coerce.number().int().positive().max(MAX_ID),
});

/** Whole seconds from now to a due time (negative once late); null without one. */
export function countdownSeconds(dueDate: string | Date | null, now: number): number | null {
  if (dueDate === null) return null;
  return Math.round((new Date(dueDate).getTime() - now) / 1000);
}
