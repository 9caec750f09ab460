import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import type { FormComponent } from "./forms.js";

// The report's remaining life (issue 17): review of reports from new or flagged reporters (SPEC §4
// "pending review, approved"), information gathering (SPEC §3 AI gathering per report: isActive,
// isCompleted, startedAt, completedAt), the reporter's rating (SPEC §3 Rating: points, body,
// reportUuid, reportId, reportType) and the company's substatuses (SPEC §3 substatus).

const NO_CONTROL = /^[^\p{Cc}]*$/u;
/** A trimmed text without control characters (new lines allowed where `multiline`). */
const text = (max: number, multiline = false) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(multiline ? /^(?:[^\p{Cc}]|[\n\t])*$/u : NO_CONTROL, { message: "invalidText" });
const id = () => z.number().int().positive().max(MAX_ID);


// ---------------------------------------------------------------------------------------------------
// Review (SPEC §4).

export const REVIEW_STATES = ["pending", "approved", "discarded"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
/** Why a report waits: its reporter's account is younger than the configured days, or flagged. */
export const REVIEW_REASONS = ["newReporter", "flagged"] as const;
export const MAX_REVIEW_DAYS = 3650;
export const MAX_REVIEW_ABUSE_THRESHOLD = 10_000;

/** The company's review settings: on or off, how young an account is "new", how many complaints
 * against a reporter flag them. */
export const reviewSettingsSchema = z.object({
  enabled: z.boolean(),
  newReporterDays: z.number().int().min(0).max(MAX_REVIEW_DAYS),
  abuseThreshold: z.number().int().min(1).max(MAX_REVIEW_ABUSE_THRESHOLD),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
export const reviewSettingsResponseSchema = z.object({ success: z.literal(true), review: reviewSettingsSchema });

/** One report waiting for (or past) a company admin's decision. */
export const reviewItemSchema = z.object({
  reportId: z.number(),
  uuid: z.string(),
  type: z.number(),
  description: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  createdAt: z.string(),
  state: z.enum(REVIEW_STATES),
  reason: z.enum(REVIEW_REASONS),
  /** The reporter as the queue shows them: the account's age and the complaints that decide. */
  reporter: z
    .object({ id: z.number(), name: z.string(), accountCreatedAt: z.string(), complaints: z.number() })
    .nullable(),
  decidedAt: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewListQuerySchema = z.object({
  state: z.enum(REVIEW_STATES).default("pending"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const reviewListResponseSchema = z.object({ success: z.literal(true), reviews: z.array(reviewItemSchema), total: z.number() });

export const REVIEW_DECISIONS = ["approve", "discard"] as const;
export const reviewDecisionSchema = z.object({ decision: z.enum(REVIEW_DECISIONS) });
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;
export const reviewDecisionResponseSchema = z.object({ success: z.literal(true), review: reviewItemSchema });

// ---------------------------------------------------------------------------------------------------
// Information gathering (SPEC §3 AI gathering per report).

export const MAX_GATHERING_QUESTIONS = 20;
export const gatheringQuestionSchema = z.object({
  text: text(300).min(1),
  required: z.boolean().default(false),
});
export type GatheringQuestion = z.infer<typeof gatheringQuestionSchema>;

/** POST …/reports/{id}/gathering: free questions, or one of the company's form templates
 * (`formTemplateId`) whose questions the reporter answers; one or the other, never both. */
export const startGatheringSchema = z
  .object({
    questions: z.array(gatheringQuestionSchema).max(MAX_GATHERING_QUESTIONS).default([]),
    formTemplateId: id().nullable().optional(),
  })
  .superRefine((b, ctx) => {
    const form = b.formTemplateId != null;
    if (form === (b.questions.length > 0)) ctx.addIssue({ code: "custom", message: "gatheringQuestionsOrForm", path: ["questions"] });
  });
export type StartGathering = z.infer<typeof startGatheringSchema>;

/** The form a gathering asks, as it was when the operator chose it: a later edit or deletion of the
 * template changes neither the questions nor how the answers read. `selectors` are the items of the
 * company's selector lists its predefined lists use. Its components are typed, not re-checked: they are
 * a copy of a template the server validated when it was saved, and this schema travels with every
 * report (the events panel's), which must not carry the forms' validation code (forms.ts). */
export const gatheringFormSchema = z.object({
  id: z.number(),
  title: z.string(),
  version: z.number(),
  components: z.array(z.custom<FormComponent>()),
  selectors: z.array(z.object({ id: z.number(), items: z.array(z.string()) })),
});
export type GatheringForm = z.infer<typeof gatheringFormSchema>;

/** A report's gathering as the company sees it (on the report, so it travels with its events). */
export const gatheringSchema = z.object({
  id: z.number(),
  isActive: z.boolean(),
  isCompleted: z.boolean(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  formTemplateId: z.number().nullable(),
  questions: z.array(z.object({ text: z.string(), required: z.boolean() })),
  /** The reporter's answers, one per question, once completed. */
  answers: z.array(z.string()).nullable(),
  /** A form gathering's form (then `questions` is empty), and the reporter's values once completed. */
  form: gatheringFormSchema.nullable(),
  formValues: z.object({ values: z.record(z.string(), z.unknown()), extras: z.record(z.string(), z.string()) }).nullable(),
});
export type Gathering = z.infer<typeof gatheringSchema>;

/** The reporter app's view of the gatherings of their report (one per organisation asking). */
export const appGatheringSchema = gatheringSchema.extend({ companyName: z.string() });
export const appGatheringResponseSchema = z.object({ success: z.literal(true), gatherings: z.array(appGatheringSchema) });
/** POST /api/app/reports/{uuid}/gathering's answer: the gathering, completed. */
export const answerGatheringResponseSchema = z.object({ success: z.literal(true), gathering: appGatheringSchema });

// POST /api/app/reports/{uuid}/gathering's body (`answerGatheringSchema`) is in gathering-answer.ts: it
// checks a form's values with forms.ts's schemas, which the portal's report screens do not need.

// ---------------------------------------------------------------------------------------------------
// Rating (SPEC §3 Rating: points, body, reportUuid, reportId, reportType).

export const MIN_RATING_POINTS = 1;
export const MAX_RATING_POINTS = 5;
export const rateReportSchema = z.object({
  points: z.number().int().min(MIN_RATING_POINTS).max(MAX_RATING_POINTS),
  body: text(1000, true).optional(),
});
export type RateReport = z.infer<typeof rateReportSchema>;
export const ratingSchema = z.object({
  points: z.number(),
  body: z.string().nullable(),
  reportUuid: z.string(),
  reportId: z.number(),
  reportType: z.number(),
});
export type Rating = z.infer<typeof ratingSchema>;
export const ratingResponseSchema = z.object({ success: z.literal(true), rating: ratingSchema });

// ---------------------------------------------------------------------------------------------------
// Substatuses (SPEC §3: the company's list; a taken report carries one).

export const MAX_SUBSTATUSES = 50;
export const substatusSchema = z.object({ id: z.number(), name: z.string(), position: z.number() });
export type Substatus = z.infer<typeof substatusSchema>;
export const substatusBodySchema = z.object({
  name: text(60).min(1),
  position: z.number().int().min(0).max(1000).optional(),
});
export type SubstatusBody = z.infer<typeof substatusBodySchema>;
export const substatusListResponseSchema = z.object({ success: z.literal(true), substatuses: z.array(substatusSchema) });
export const substatusResponseSchema = z.object({ success: z.literal(true), substatus: substatusSchema });
export const substatusParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});

// ---------------------------------------------------------------------------------------------------
// The report's fields of this feature (in reportSchema).

/** Substatus, review state, gathering and rating as a report carries them. */
export const reportLifeFields = {
  /** SPEC §3 substatus: the company's substatus set on the taken report. */
  substatus: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** SPEC §3 reviews: approved when the report waited for review; null when it never did. */
  review: z.enum(REVIEW_STATES).nullable(),
  gathering: gatheringSchema.nullable(),
  /** SPEC §3 ratingPoints: the reporter's rating after closing (1-5), with its text. */
  ratingPoints: z.number().nullable(),
  ratingBody: z.string().nullable(),
};
