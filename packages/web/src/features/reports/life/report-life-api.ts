import {
  reportLifeRouteTable as life,
  reportsRouteTable as reports,
  type GatheringQuestion,
  type Report,
  type ReviewDecision,
  type ReviewItem,
  type ReviewSettings,
  type ReviewState,
  type Substatus,
  type SubstatusBody,
} from "@atalaya/shared";
import { call } from "../../../lib/call";

// Calls of issue 17's screens, by their route-table entries (@atalaya/shared routes/report-life.ts).

/** TanStack Query keys; under ["reports"] so a company switch forgets them with the reports. */
export const lifeKeys = {
  reviewQueue: (companyId: number) => ["reports", "review-queue", companyId] as const,
  reviews: (companyId: number, state: ReviewState) => [...lifeKeys.reviewQueue(companyId), state] as const,
  reviewSettings: (companyId: number) => ["reports", "review-settings", companyId] as const,
  substatuses: (companyId: number) => ["reports", "substatuses", companyId] as const,
};

/** `GET …/reviews?state=`: held (pending) or decided reports. */
export function fetchReviews(companyId: number, state: ReviewState, signal?: AbortSignal): Promise<{ reviews: ReviewItem[]; total: number }> {
  return call(life.getCompaniesByCompanyIdReviews, { params: { companyId }, query: { state, limit: 200 }, signal });
}

/** `POST …/reports/{id}/review`: approve (it enters the panel as new) or discard. */
export async function decideReview(companyId: number, reportId: number, decision: ReviewDecision["decision"]): Promise<ReviewItem> {
  return (await call(life.postCompaniesByCompanyIdReportsByIdReview, { params: { companyId, id: reportId }, body: { decision } })).review;
}

/** `GET/PUT …/review-settings`. */
export async function fetchReviewSettings(companyId: number, signal?: AbortSignal): Promise<ReviewSettings> {
  return (await call(life.getCompaniesByCompanyIdReviewSettings, { params: { companyId }, signal })).review;
}
export async function saveReviewSettings(companyId: number, body: ReviewSettings): Promise<ReviewSettings> {
  return (await call(life.putCompaniesByCompanyIdReviewSettings, { params: { companyId }, body })).review;
}

/** `GET/POST/PUT/DELETE …/substatuses`. */
export async function fetchSubstatuses(companyId: number, signal?: AbortSignal): Promise<Substatus[]> {
  return (await call(life.getCompaniesByCompanyIdSubstatuses, { params: { companyId }, signal })).substatuses;
}
export async function createSubstatus(companyId: number, body: SubstatusBody): Promise<Substatus> {
  return (await call(life.postCompaniesByCompanyIdSubstatuses, { params: { companyId }, body })).substatus;
}
export async function renameSubstatus(companyId: number, id: number, body: SubstatusBody): Promise<Substatus> {
  return (await call(life.putCompaniesByCompanyIdSubstatusesById, { params: { companyId, id }, body })).substatus;
}
export function deleteSubstatus(companyId: number, id: number): Promise<unknown> {
  return call(life.deleteCompaniesByCompanyIdSubstatusesById, { params: { companyId, id } });
}

/** `PUT …/reports/{id}` with the substatus alone. */
export async function setReportSubstatus(companyId: number, reportId: number, substatusId: number | null): Promise<Report> {
  return (await call(reports.putCompaniesByCompanyIdReportsById, { params: { companyId, id: reportId }, body: { substatusId } })).report;
}

/** `POST/DELETE …/reports/{id}/gathering`: free questions, or one of the company's forms. */
export async function startGathering(companyId: number, reportId: number, ask: { questions: GatheringQuestion[] } | { formTemplateId: number }): Promise<Report> {
  return (await call(life.postCompaniesByCompanyIdReportsByIdGathering, { params: { companyId, id: reportId }, body: ask })).report;
}
export async function clearGathering(companyId: number, reportId: number): Promise<Report> {
  return (await call(life.deleteCompaniesByCompanyIdReportsByIdGathering, { params: { companyId, id: reportId } })).report;
}
