import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { answerGathering, appGatherings, clearGathering, startGathering } from "./gathering.service.js";
import { rateReport } from "./rating.service.js";
import { decide, reviewQueue, reviewSettings, saveReviewSettings } from "./review.service.js";
import { companySubstatuses, createSubstatus, editSubstatus, removeSubstatus } from "./substatus.service.js";

const ok = { success: true as const };

/** Issue 17 under /api/companies/{companyId}/ (review settings and queue, a report's review decision
 * and gathering, substatuses) and the reporter app's gathering and rating under /api/app/reports/{uuid}/. */
export async function reportLifeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Review
  r.route({
    ...at(routes.getCompaniesByCompanyIdReviewSettings),
    handler: async (req) => ({ ...ok, review: await reviewSettings(ctx, scopeOf(req)) }),
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdReviewSettings),
    handler: async (req) => ({ ...ok, review: await saveReviewSettings(ctx, scopeOf(req), req.body) }),
  });
  r.route({
    ...at(routes.getCompaniesByCompanyIdReviews),
    handler: async (req) => ({ ...ok, ...(await reviewQueue(ctx, scopeOf(req), req.query)) }),
  });
  r.route({
    // Like every report route, a report the company did not hold answers 404 before the role's 403.
    ...at(routes.postCompaniesByCompanyIdReportsByIdReview),
    handler: async (req) => ({ ...ok, review: await decide(ctx, scopeOf(req), req.params.id, req.body) }),
  });

  // Information gathering
  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdGathering),
    handler: async (req) => ({ ...ok, report: await startGathering(ctx, scopeOf(req), req.params.id, req.body) }),
  });
  r.route({
    ...at(routes.deleteCompaniesByCompanyIdReportsByIdGathering),
    handler: async (req) => ({ ...ok, report: await clearGathering(ctx, scopeOf(req), req.params.id) }),
  });

  // Substatuses
  r.route({
    ...at(routes.getCompaniesByCompanyIdSubstatuses),
    handler: async (req) => ({ ...ok, substatuses: await companySubstatuses(ctx, scopeOf(req)) }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdSubstatuses),
    handler: async (req) => ({ ...ok, substatus: await createSubstatus(ctx, scopeOf(req), req.body) }),
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdSubstatusesById),
    handler: async (req) => ({ ...ok, substatus: await editSubstatus(ctx, scopeOf(req), req.params.id, req.body) }),
  });
  r.route({
    ...at(routes.deleteCompaniesByCompanyIdSubstatusesById),
    handler: async (req) => {
      await removeSubstatus(ctx, scopeOf(req), req.params.id);
      return ok;
    },
  });

  // Reporter app
  r.route({
    ...at(routes.getAppReportsByUuidGathering),
    handler: async (req) => ({ ...ok, gatherings: await appGatherings(ctx, actorOf(req), req.params.uuid) }),
  });
  r.route({
    ...at(routes.postAppReportsByUuidGathering),
    handler: async (req) => ({ ...ok, gathering: await answerGathering(ctx, actorOf(req), req.params.uuid, req.body) }),
  });
  r.route({
    ...at(routes.postAppReportsByUuidRating),
    handler: async (req) => ({ ...ok, rating: await rateReport(ctx, actorOf(req), req.params.uuid, req.body) }),
  });
}
