import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dashboardFrameParamsSchema, routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { pickLanguage } from "../http/messages.js";
import { at } from "../http/route.js";
import * as service from "./organisation.service.js";

const ok = { success: true as const };

/** Teams, sources, form selector lists and custom dashboards under /api/companies/{companyId}/:
 * every member reads them; company admins create, replace and delete them. */
export async function organisationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Teams
  r.route({
    ...at(routes.getCompaniesByCompanyIdTeams),
    handler: async (req) => ({ ...ok, teams: await service.companyTeams(ctx, scopeOf(req), req.query.includeDeleted === "true") }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdTeams),
    handler: async (req) => ({ ...ok, team: await service.createTeam(ctx, scopeOf(req), req.body) }),
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdTeamsById),
    handler: async (req) => ({ ...ok, team: await service.editTeam(ctx, scopeOf(req), req.params.id, req.body) }),
  });
  r.route({
    ...at(routes.deleteCompaniesByCompanyIdTeamsById),
    handler: async (req) => {
      await service.removeTeam(ctx, scopeOf(req), req.params.id);
      return ok;
    },
  });

  // Tags (assigning them to a report is PUT …/reports/{id} with tagIds)
  r.route({
    ...at(routes.getCompaniesByCompanyIdTags),
    handler: async (req) => {
      const { tags, total } = await service.companyTags(ctx, scopeOf(req), req.query);
      return { ...ok, tags, total, ...(req.query.page === undefined ? {} : { page: req.query.page, pageSize: req.query.pageSize }) };
    },
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdTags),
    handler: async (req) => ({ ...ok, tag: await service.createTag(ctx, scopeOf(req), req.body) }),
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdTagsById),
    handler: async (req) => ({ ...ok, tag: await service.editTag(ctx, scopeOf(req), req.params.id, req.body) }),
  });
  r.route({
    ...at(routes.deleteCompaniesByCompanyIdTagsById),
    handler: async (req) => {
      await service.removeTag(ctx, scopeOf(req), req.params.id);
      return ok;
    },
  });

  // Sources
  r.route({
    ...at(routes.getCompaniesByCompanyIdSources),
    handler: async (req) => ({ ...ok, sources: await service.companySources(ctx, scopeOf(req)) }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdSources),
    handler: async (req) => ({ ...ok, source: await service.createSource(ctx, scopeOf(req), req.body) }),
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdSourcesById),
    handler: async (req) => ({ ...ok, source: await service.editSource(ctx, scopeOf(req), req.params.id, req.body) }),
  });
  r.route({
    ...at(routes.deleteCompaniesByCompanyIdSourcesById),
    handler: async (req) => {
      await service.removeSource(ctx, scopeOf(req), req.params.id);
      return ok;
    },
  });

  // Form selector lists
  r.route({
    ...at(routes.getCompaniesByCompanyIdSelectors),
    handler: async (req) => ({ ...ok, selectors: await service.companySelectors(ctx, scopeOf(req)) }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdSelectors),
    handler: async (req) => ({ ...ok, selector: await service.createSelector(ctx, scopeOf(req), req.body) }),
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdSelectorsById),
    handler: async (req) => ({ ...ok, selector: await service.editSelector(ctx, scopeOf(req), req.params.id, req.body) }),
  });
  r.route({
    ...at(routes.deleteCompaniesByCompanyIdSelectorsById),
    handler: async (req) => {
      await service.removeSelector(ctx, scopeOf(req), req.params.id);
      return ok;
    },
  });

  // Custom dashboards
  r.route({
    ...at(routes.getCompaniesByCompanyIdDashboards),
    handler: async (req) => ({ ...ok, dashboards: await service.companyDashboards(ctx, scopeOf(req)) }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdDashboards),
    handler: async (req) => ({ ...ok, dashboard: await service.createDashboard(ctx, scopeOf(req), req.body) }),
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdDashboardsById),
    handler: async (req) => ({ ...ok, dashboard: await service.editDashboard(ctx, scopeOf(req), req.params.id, req.body) }),
  });
  r.route({
    ...at(routes.deleteCompaniesByCompanyIdDashboardsById),
    handler: async (req) => {
      await service.removeDashboard(ctx, scopeOf(req), req.params.id);
      return ok;
    },
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdDashboardsByIdFrame),
    handler: async (req) => ({ ...ok, url: await service.dashboardFrameUrl(ctx, scopeOf(req), req.params.id) }),
  });
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
