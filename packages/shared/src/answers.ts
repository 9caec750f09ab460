import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";

/** Where an automatic answer may be picked (SPEC §3): while managing a report, or when closing it. */
export const ANSWER_USAGES = ["management", "closure"] as const;
export type AnswerUsage = (typeof ANSWER_USAGES)[number];

const required = (max: number) => z.string().trim().min(1).max(max);

/** A saved reply of one organisation (SPEC §3 Automatic answer). */
export const automaticAnswerSchema = z.object({
  id: z.number(),
  title: z.string(),
  answer: z.string(),
  answerType: z.string(),
  /** The report type it is meant for; null = any type. */
  reportType: z.number().nullable(),
  usableInManagement: z.boolean(),
  usableInClosure: z.boolean(),
  createdAt: z.string(),
});
export type AutomaticAnswer = z.infer<typeof automaticAnswerSchema>;

/** Body of POST and PUT /api/companies/{companyId}/automatic-answers: every required field filled (SPEC §5). */
export const automaticAnswerBodySchema = z.object({
  title: required(200),
  answer: required(4000),
  answerType: required(50),
  reportType: z.number().int().min(0).max(MAX_ID).nullable().optional(),
  usableInManagement: z.boolean(),
  usableInClosure: z.boolean(),
});
export type AutomaticAnswerBody = z.infer<typeof automaticAnswerBodySchema>;

/** Filters of the list: usage, and a report type (answers for that type plus those for any type). */
export const automaticAnswerListQuerySchema = z.object({
  usage: z.enum(ANSWER_USAGES).optional(),
  type: z.coerce.number().int().min(0).max(MAX_ID).optional(),
});
export type AutomaticAnswerListQuery = z.infer<typeof automaticAnswerListQuerySchema>;

export const automaticAnswerParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});

export const automaticAnswerResponseSchema = z.object({ success: z.literal(true), answer: automaticAnswerSchema });
export const automaticAnswerListResponseSchema = z.object({ success: z.literal(true), answers: z.array(automaticAnswerSchema) });
