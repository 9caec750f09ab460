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
    schema: { params: companyIdParamSchema, response: { 200: reviewSettingsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, review: await reviewSettings(ctx, scopeOf(req)) }));
  r.put(`${base}/review-settings`, {
    schema: { params: companyIdParamSchema, body: reviewSettingsSchema, response: { 200: reviewSettingsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, review: await saveReviewSettings(ctx, scopeOf(req), req.body) }));
  r.get(`${base}/reviews`, {
    schema: { params: companyIdParamSchema, querystring: reviewListQuerySchema, response: { 200: reviewListResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, ...(await reviewQueue(ctx, scopeOf(req), req.query)) }));
  r.post(`${base}/reports/:id/review`, {
    // Like every report route, a report the company did not hold answers 404 before the role's 403.
    schema: { params: reportParamsSchema, body: reviewDecisionSchema, response: { 200: reviewDecisionResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, review: await decide(ctx, scopeOf(req), req.params.id, req.body) }));

  // Information gathering
  r.post(`${base}/reports/:id/gathering`, {
    schema: { params: reportParamsSchema, body: startGatheringSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, report: await startGathering(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/reports/:id/gathering`, {
    schema: { params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, report: await clearGathering(ctx, scopeOf(req), req.params.id) }));

  // Substatuses
  r.get(`${base}/substatuses`, {
    schema: { params: companyIdParamSchema, response: { 200: substatusListResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, substatuses: await companySubstatuses(ctx, scopeOf(req)) }));
  r.post(`${base}/substatuses`, {
    schema: { params: companyIdParamSchema, body: substatusBodySchema, response: { 200: substatusResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, substatus: await createSubstatus(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/substatuses/:id`, {
    schema: { params: substatusParamsSchema, body: substatusBodySchema, response: { 200: substatusResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, substatus: await editSubstatus(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/substatuses/:id`, {
    schema: { params: substatusParamsSchema, response: { 200: okResponseSchema, ...errors } },
  }, async (req) => {
    await removeSubstatus(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  // Reporter app
  const own = "/api/app/reports/:uuid";
  r.get(`${own}/gathering`, {
    schema: { params: appReportParamsSchema, response: { 200: appGatheringResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, gatherings: await appGatherings(ctx, actorOf(req), req.params.uuid) }));
  r.post(`${own}/gathering`, {
    schema: { params: appReportParamsSchema, body: answerGatheringSchema, response: { 200: z.object({ success: z.literal(true), gathering: appGatheringSchema }), ...errors } },
  }, async (req) => ({ ...ok, gathering: await answerGathering(ctx, actorOf(req), req.params.uuid, req.body) }));
  r.post(`${own}/rating`, {
    schema: { params: appReportParamsSchema, body: rateReportSchema, response: { 200: ratingResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, rating: await rateReport(ctx, actorOf(req), req.params.uuid, req.body) }));
}
