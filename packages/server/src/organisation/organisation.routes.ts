import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  companyIdParamSchema,
  customDashboardBodySchema,
  customDashboardResponseSchema,
  customDashboardsResponseSchema,
  dashboardFrameParamsSchema,
  dashboardFrameResponseSchema,
  errorBodySchema,
  organisationParamsSchema,
  selectorBodySchema,
  selectorResponseSchema,
  selectorsResponseSchema,
  sourceBodySchema,
  sourceResponseSchema,
  sourcesResponseSchema,
  successSchema,
  tagBodySchema,
  tagListQuerySchema,
  tagResponseSchema,
  tagsResponseSchema,
  teamBodySchema,
  teamListQuerySchema,
  teamResponseSchema,
  teamsResponseSchema,
} from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { pickLanguage } from "../http/messages.js";
import * as service from "./organisation.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const ok = { success: true as const };

/** Teams, sources, form selector lists and custom dashboards under /api/companies/{companyId}/:
 * every member reads them; company admins create, replace and delete them. */
export async function organisationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId";

  // Teams
  r.get(`${base}/teams`, {
    schema: { params: companyIdParamSchema, querystring: teamListQuerySchema, response: { 200: teamsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, teams: await service.companyTeams(ctx, scopeOf(req), req.query.includeDeleted === "true") }));
  r.post(`${base}/teams`, {
    schema: { params: companyIdParamSchema, body: teamBodySchema, response: { 200: teamResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, team: await service.createTeam(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/teams/:id`, {
    schema: { params: organisationParamsSchema, body: teamBodySchema, response: { 200: teamResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, team: await service.editTeam(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/teams/:id`, {
    schema: { params: organisationParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeTeam(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  // Tags (assigning them to a report is PUT …/reports/{id} with tagIds)
  r.get(`${base}/tags`, {
    schema: { params: companyIdParamSchema, querystring: tagListQuerySchema, response: { 200: tagsResponseSchema, ...errors } },
  }, async (req) => {
    const { tags, total } = await service.companyTags(ctx, scopeOf(req), req.query);
    return { ...ok, tags, total, ...(req.query.page === undefined ? {} : { page: req.query.page, pageSize: req.query.pageSize }) };
  });
  r.post(`${base}/tags`, {
    schema: { params: companyIdParamSchema, body: tagBodySchema, response: { 200: tagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, tag: await service.createTag(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/tags/:id`, {
    schema: { params: organisationParamsSchema, body: tagBodySchema, response: { 200: tagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, tag: await service.editTag(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/tags/:id`, {
    schema: { params: organisationParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeTag(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  // Sources
  r.get(`${base}/sources`, {
    schema: { params: companyIdParamSchema, response: { 200: sourcesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, sources: await service.companySources(ctx, scopeOf(req)) }));
  r.post(`${base}/sources`, {
    schema: { params: companyIdParamSchema, body: sourceBodySchema, response: { 200: sourceResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, source: await service.createSource(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/sources/:id`, {
    schema: { params: organisationParamsSchema, body: sourceBodySchema, response: { 200: sourceResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, source: await service.editSource(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/sources/:id`, {
    schema: { params: organisationParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeSource(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  // Form selector lists
  r.get(`${base}/selectors`, {
    schema: { params: companyIdParamSchema, response: { 200: selectorsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, selectors: await service.companySelectors(ctx, scopeOf(req)) }));
  r.post(`${base}/selectors`, {
    schema: { params: companyIdParamSchema, body: selectorBodySchema, response: { 200: selectorResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, selector: await service.createSelector(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/selectors/:id`, {
    schema: { params: organisationParamsSchema, body: selectorBodySchema, response: { 200: selectorResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, selector: await service.editSelector(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/selectors/:id`, {
    schema: { params: organisationParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeSelector(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  // Custom dashboards
  r.get(`${base}/dashboards`, {
    schema: { params: companyIdParamSchema, response: { 200: customDashboardsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, dashboards: await service.companyDashboards(ctx, scopeOf(req)) }));
  r.post(`${base}/dashboards`, {
    schema: { params: companyIdParamSchema, body: customDashboardBodySchema, response: { 200: customDashboardResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, dashboard: await service.createDashboard(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/dashboards/:id`, {
    schema: { params: organisationParamsSchema, body: customDashboardBodySchema, response: { 200: customDashboardResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, dashboard: await service.editDashboard(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/dashboards/:id`, {
    schema: { params: organisationParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeDashboard(ctx, scopeOf(req), req.params.id);
    return ok;
  });
  r.post(`${base}/dashboards/:id/frame`, {
    schema: {
      params: organisationParamsSchema,
      response: { 200: dashboardFrameResponseSchema, ...errors },
    },
  }, async (req) => ({ ...ok, url: await service.dashboardFrameUrl(ctx, scopeOf(req), req.params.id) }));
  // Opened by the portal's iframe, which sends no access token: the ticket is the credential.
  r.get("/api/dashboard-frames/:ticket", {
    config: { public: true },
    schema: { hide: true, params: dashboardFrameParamsSchema },
  }, async (req, reply) => {
    const page = await service.openDashboardFrame(ctx, req.params.ticket, pickLanguage(req.headers["accept-language"]));
    return reply
      .header("content-security-policy", page.csp)
      .header("x-frame-options", "SAMEORIGIN")
      .header("cache-control", "no-store")
      .header("referrer-policy", "no-referrer")
      .type("text/html; charset=utf-8")
      .send(page.html);
  });
}
