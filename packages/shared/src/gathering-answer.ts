import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { formExtrasSchema, formValuesSchema } from "./forms.js";
import { MAX_GATHERING_QUESTIONS } from "./report-life.js";

// The reporter's answer to an information gathering (issue 17), apart from report-life.ts because a
// form's values are checked with forms.ts's schemas: only the server reads this body, while
// report-life.ts's schemas travel with every report into the portal's events panel (issue 19).

/** One answer: trimmed, new lines and tabs allowed, no other control characters. */
const answer = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(?:[^\p{Cc}]|[\n\t])*$/u, { message: "invalidText" });

/** POST /api/app/reports/{uuid}/gathering: the answers, one per question in order; for a form
 * gathering its `values` (and `extras`) instead, checked against the form as a submission is. */
export const answerGatheringSchema = z.object({
  gatheringId: z.number().int().positive().max(MAX_ID),
  answers: z.array(answer).max(MAX_GATHERING_QUESTIONS).default([]),
  values: formValuesSchema.optional(),
  extras: formExtrasSchema.optional(),
});
export type AnswerGathering = z.infer<typeof answerGatheringSchema>;
