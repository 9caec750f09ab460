import {
  reportResponseSchema,
  reviewDecisionResponseSchema,
  reviewListResponseSchema,
  reviewSettingsResponseSchema,
  substatusListResponseSchema,
  substatusResponseSchema,
  type GatheringQuestion,
  type Report,
  type ReviewDecision,
  type ReviewItem,
  type ReviewSettings,
  type ReviewState,
  type Substatus,
  type SubstatusBody,
} from "@atalaya/shared";
import { z } from "zod";
import { api } from "../../lib/api";

// Calls of issue 17's screens. Paths follow packages/server/src/report-life/report-life.routes.ts.

const base = (companyId: number) => `/companies/${companyId}`;
const reportBody = reportResponseSchema.transform((b) => b.report);

/** TanStack Query keys; under ["reports"] so a company switch forgets them with the reports. */
export const lifeKeys = {
  reviewQueue: (companyId: number) => ["reports", "review-queue", companyId] as const,
  reviews: (companyId: number, state: ReviewState) => [...lifeKeys.reviewQueue(companyId), state] as const,
  reviewSettings: (companyId: number) => ["reports", "review-settings", companyId] as const,
  substatuses: (companyId: number) => ["reports", "substatuses", companyId] as const,
};

/** `GET …/reviews?state=`: held (pending) or decided reports. */
export function fetchReviews(companyId: number, state: ReviewState, signal?: AbortSignal): Promise<{ reviews: ReviewItem[]; total: number }> {
  return api.get(`${base(companyId)}/reviews`, { query: { state, limit: 200 }, schema: reviewListResponseSchema, signal });
}

/** `POST …/reports/{id}/review`: approve (it enters the panel as new) or discard. */
export function decideReview(companyId: number, reportId: number, decision: ReviewDecision["decision"]): Promise<ReviewItem> {
  return api.post(`${base(companyId)}/reports/${reportId}/review`, { decision }, { schema: reviewDecisionResponseSchema.transform((b) => b.review) });
}

/** `GET/PUT …/review-settings`. */
export function fetchReviewSettings(companyId: number, signal?: AbortSignal): Promise<ReviewSettings> {
  return api.get(`${base(companyId)}/review-settings`, { schema: reviewSettingsResponseSchema.transform((b) => b.review), signal });
}
export function saveReviewSettings(companyId: number, body: ReviewSettings): Promise<ReviewSettings> {
  return api.put(`${base(companyId)}/review-settings`, body, { schema: reviewSettingsResponseSchema.transform((b) => b.review) });
}

/** `GET/POST/PUT/DELETE …/substatuses`. */
export function fetchSubstatuses(companyId: number, signal?: AbortSignal): Promise<Substatus[]> {
  return api.get(`${base(companyId)}/substatuses`, { schema: substatusListResponseSchema.transform((b) => b.substatuses), signal });
}
export function createSubstatus(companyId: number, body: SubstatusBody): Promise<Substatus> {
  return api.post(`${base(companyId)}/substatuses`, body, { schema: substatusResponseSchema.transform((b) => b.substatus) });
}
export function renameSubstatus(companyId: number, id: number, body: SubstatusBody): Promise<Substatus> {
  return api.put(`${base(companyId)}/substatuses/${id}`, body, { schema: substatusResponseSchema.transform((b) => b.substatus) });
}
export function deleteSubstatus(companyId: number, id: number): Promise<unknown> {
  return api.delete(`${base(companyId)}/substatuses/${id}`, { schema: z.object({ success: z.literal(true) }) });
}

/** `PUT …/reports/{id}` with the substatus alone. */
export function setReportSubstatus(companyId: number, reportId: number, substatusId: number | null): Promise<Report> {
  return api.put(`${base(companyId)}/reports/${reportId}`, { substatusId }, { schema: reportBody });
}

/** `POST/DELETE …/reports/{id}/gathering`: free questions, or one of the company's forms. */
export function startGathering(companyId: number, reportId: number, ask: { questions: GatheringQuestion[] } | { formTemplateId: number }): Promise<Report> {
  return api.post(`${base(companyId)}/reports/${reportId}/gathering`, ask, { schema: reportBody });
}
export function clearGathering(companyId: number, reportId: number): Promise<Report> {
  return api.delete(`${base(companyId)}/reports/${reportId}/gathering`, { schema: reportBody });
}
