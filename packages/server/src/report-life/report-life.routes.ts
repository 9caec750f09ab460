import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  answerGatheringSchema,
  appGatheringResponseSchema,
  appGatheringSchema,
  appReportParamsSchema,
  companyIdParamSchema,
  errorBodySchema,
  okResponseSchema,
  rateReportSchema,
  ratingResponseSchema,
  reportParamsSchema,
  reportResponseSchema,
  reviewDecisionResponseSchema,
  reviewDecisionSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewSettingsResponseSchema,
  reviewSettingsSchema,
  startGatheringSchema,
  substatusBodySchema,
  substatusListResponseSchema,
  substatusParamsSchema,
  substatusResponseSchema,
} from "@atalaya/shared";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { answerGathering, appGatherings, clearGathering, startGathering } from "./gathering.service.js";
import { rateReport } from "./rating.service.js";
import { decide, reviewQueue, reviewSettings, saveReviewSettings } from "./review.service.js";
import { companySubstatuses, createSubstatus, editSubstatus, removeSubstatus } from "./substatus.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const ok = { success: true as const };

/** Issue 17 under /api/companies/{companyId}/ (review settings and queue, a report's review decision
 * and gathering, substatuses) and the reporter app's gathering and rating under /api/app/reports/{uuid}/. */
export async function reportLifeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId";

  // Review
  r.get(`${base}/review-settings`, {
    config: { permission: "company.read" },
    schema: { tags: ["review"], summary: "Whether the company holds reports of new (account younger than newReporterDays) or flagged (complaints ≥ abuseThreshold) reporters for review", params: companyIdParamSchema, response: { 200: reviewSettingsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, review: await reviewSettings(ctx, scopeOf(req)) }));
  r.put(`${base}/review-settings`, {
    config: { permission: "settings.manage" },
    schema: { tags: ["review"], summary: "Turn review on or off and set its thresholds (company admins)", params: companyIdParamSchema, body: reviewSettingsSchema, response: { 200: reviewSettingsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, review: await saveReviewSettings(ctx, scopeOf(req), req.body) }));
  r.get(`${base}/reviews`, {
    config: { permission: "reports.review" },
    schema: { tags: ["review"], summary: "Reports held for review (state=pending, oldest first) or decided ones (approved, discarded); company admins", params: companyIdParamSchema, querystring: reviewListQuerySchema, response: { 200: reviewListResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, ...(await reviewQueue(ctx, scopeOf(req), req.query)) }));
  r.post(`${base}/reports/:id/review`, {
    // Like every report route, a report the company did not hold answers 404 before the role's 403.
    config: { permission: "report.read" },
    schema: { tags: ["review"], summary: "Approve (the report enters the panel as new, with the alarm) or discard a held report; 409 alreadyReviewed", params: reportParamsSchema, body: reviewDecisionSchema, response: { 200: reviewDecisionResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, review: await decide(ctx, scopeOf(req), req.params.id, req.body) }));

  // Information gathering
  r.post(`${base}/reports/:id/gathering`, {
    config: { permission: "report.work" },
    schema: { tags: ["reports"], summary: "Ask the reporter free questions, or one of the company's forms (formTemplateId: live, without images; 400 otherwise), on a taken report; 409 gatheringActive while unanswered", params: reportParamsSchema, body: startGatheringSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, report: await startGathering(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/reports/:id/gathering`, {
    config: { permission: "report.work" },
    schema: { tags: ["reports"], summary: "Clear the report's gathering (waiting or answered)", params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, report: await clearGathering(ctx, scopeOf(req), req.params.id) }));

  // Substatuses
  r.get(`${base}/substatuses`, {
    config: { permission: "company.read" },
    schema: { tags: ["settings"], summary: "The company's substatuses in order", params: companyIdParamSchema, response: { 200: substatusListResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, substatuses: await companySubstatuses(ctx, scopeOf(req)) }));
  r.post(`${base}/substatuses`, {
    config: { permission: "settings.manage" },
    schema: { tags: ["settings"], summary: "Add a substatus (company admins); 409 substatusNameTaken", params: companyIdParamSchema, body: substatusBodySchema, response: { 200: substatusResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, substatus: await createSubstatus(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/substatuses/:id`, {
    config: { permission: "settings.manage" },
    schema: { tags: ["settings"], summary: "Rename or move a substatus (company admins)", params: substatusParamsSchema, body: substatusBodySchema, response: { 200: substatusResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, substatus: await editSubstatus(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/substatuses/:id`, {
    config: { permission: "settings.manage" },
    schema: { tags: ["settings"], summary: "Delete a substatus from the list (reports carrying it keep its name)", params: substatusParamsSchema, response: { 200: okResponseSchema, ...errors } },
  }, async (req) => {
    await removeSubstatus(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  // Reporter app
  const own = "/api/app/reports/:uuid";
  r.get(`${own}/gathering`, {
    schema: { tags: ["app"], summary: "The questions (or form, as asked) organisations sent about the caller's report, and the answers given", params: appReportParamsSchema, response: { 200: appGatheringResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, gatherings: await appGatherings(ctx, actorOf(req), req.params.uuid) }));
  r.post(`${own}/gathering`, {
    schema: { tags: ["app"], summary: "Answer a gathering once (one answer per question, or a form's values checked against it): it becomes completed", params: appReportParamsSchema, body: answerGatheringSchema, response: { 200: z.object({ success: z.literal(true), gathering: appGatheringSchema }), ...errors } },
  }, async (req) => ({ ...ok, gathering: await answerGathering(ctx, actorOf(req), req.params.uuid, req.body) }));
  r.post(`${own}/rating`, {
    schema: { tags: ["app"], summary: "Rate the attention of the caller's closed report once (points 1-5, optional text)", params: appReportParamsSchema, body: rateReportSchema, response: { 200: ratingResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, rating: await rateReport(ctx, actorOf(req), req.params.uuid, req.body) }));
}
