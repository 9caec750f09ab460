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

/** Teams, tags, sources, form selector lists and custom dashboards under /api/companies/{companyId}/:
 * every member reads them; company admins create, replace and delete them. */
export async function organisationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId";

  // Teams
  r.get(`${base}/teams`, {
    config: { permission: "company.read" },
    schema: { tags: ["organisation"], summary: "Teams of the organisation with their members (includeDeleted=true adds deleted ones, marked, to name them in history)", params: companyIdParamSchema, querystring: teamListQuerySchema, response: { 200: teamsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, teams: await service.companyTeams(ctx, scopeOf(req), req.query.includeDeleted === "true") }));
  r.post(`${base}/teams`, {
    config: { permission: "teams.manage", module: "teams" },
    schema: { tags: ["organisation"], summary: "Create a team: name without spaces, unique (409 teamNameTaken); members of the company; colour", params: companyIdParamSchema, body: teamBodySchema, response: { 200: teamResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, team: await service.createTeam(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/teams/:id`, {
    config: { permission: "teams.manage", module: "teams" },
    schema: { tags: ["organisation"], summary: "Replace a team's name, members and colour", params: organisationParamsSchema, body: teamBodySchema, response: { 200: teamResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, team: await service.editTeam(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/teams/:id`, {
    config: { permission: "teams.manage", module: "teams" },
    schema: { tags: ["organisation"], summary: "Delete a team: reports assigned to it keep its name; it can no longer be assigned", params: organisationParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeTeam(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  // Tags (assigning them to a report is PUT …/reports/{id} with tagIds)
  r.get(`${base}/tags`, {
    config: { permission: "company.read" },
    schema: { tags: ["organisation"], summary: "Tags of the organisation: all, or a page (page, pageSize ≤ 100, default 10) with the total; q filters by name", params: companyIdParamSchema, querystring: tagListQuerySchema, response: { 200: tagsResponseSchema, ...errors } },
  }, async (req) => {
    const { tags, total } = await service.companyTags(ctx, scopeOf(req), req.query);
    return { ...ok, tags, total, ...(req.query.page === undefined ? {} : { page: req.query.page, pageSize: req.query.pageSize }) };
  });
  r.post(`${base}/tags`, {
    config: { permission: "tags.manage", module: "tags" },
    schema: { tags: ["organisation"], summary: "Create a tag (company admins only): name (409 tagNameTaken), colour, language, translations es/en/fr/pt", params: companyIdParamSchema, body: tagBodySchema, response: { 200: tagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, tag: await service.createTag(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/tags/:id`, {
    config: { permission: "tags.manage", module: "tags" },
    schema: { tags: ["organisation"], summary: "Replace a tag (company admins only)", params: organisationParamsSchema, body: tagBodySchema, response: { 200: tagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, tag: await service.editTag(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/tags/:id`, {
    config: { permission: "tags.manage", module: "tags" },
    schema: { tags: ["organisation"], summary: "Delete a tag (company admins only): reports that carried it lose it", params: organisationParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeTag(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  // Sources
  r.get(`${base}/sources`, {
    config: { permission: "company.read" },
    schema: { tags: ["organisation"], summary: "Sources of the organisation's reports", params: companyIdParamSchema, response: { 200: sourcesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, sources: await service.companySources(ctx, scopeOf(req)) }));
  r.post(`${base}/sources`, {
    config: { permission: "sources.manage" },
    schema: { tags: ["organisation"], summary: "Create a source: a name, not empty and not a duplicate (409 sourceNameTaken)", params: companyIdParamSchema, body: sourceBodySchema, response: { 200: sourceResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, source: await service.createSource(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/sources/:id`, {
    config: { permission: "sources.manage" },
    schema: { tags: ["organisation"], summary: "Rename a source", params: organisationParamsSchema, body: sourceBodySchema, response: { 200: sourceResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, source: await service.editSource(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/sources/:id`, {
    config: { permission: "sources.manage" },
    schema: { tags: ["organisation"], summary: "Delete a source", params: organisationParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeSource(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  // Form selector lists
  r.get(`${base}/selectors`, {
    config: { permission: "company.read" },
    schema: { tags: ["organisation"], summary: "Form selector lists of the organisation", params: companyIdParamSchema, response: { 200: selectorsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, selectors: await service.companySelectors(ctx, scopeOf(req)) }));
  r.post(`${base}/selectors`, {
    config: { permission: "selectors.manage" },
    schema: { tags: ["organisation"], summary: "Create a form selector list: name, group, items with unique names", params: companyIdParamSchema, body: selectorBodySchema, response: { 200: selectorResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, selector: await service.createSelector(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/selectors/:id`, {
    config: { permission: "selectors.manage" },
    schema: { tags: ["organisation"], summary: "Replace a form selector list", params: organisationParamsSchema, body: selectorBodySchema, response: { 200: selectorResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, selector: await service.editSelector(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/selectors/:id`, {
    config: { permission: "selectors.manage" },
    schema: { tags: ["organisation"], summary: "Delete a form selector list", params: organisationParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeSelector(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  // Custom dashboards
  r.get(`${base}/dashboards`, {
    config: { permission: "company.read", module: "custom_dashboards" },
    schema: { tags: ["organisation"], summary: "Custom dashboards of the organisation (menu entries shown embedded)", params: companyIdParamSchema, response: { 200: customDashboardsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, dashboards: await service.companyDashboards(ctx, scopeOf(req)) }));
  r.post(`${base}/dashboards`, {
    config: { permission: "dashboards.manage", module: "custom_dashboards" },
    schema: { tags: ["organisation"], summary: "Add a custom dashboard: name and a valid http(s) link (else dashboardUrlInvalid); the portal frames its origin", params: companyIdParamSchema, body: customDashboardBodySchema, response: { 200: customDashboardResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, dashboard: await service.createDashboard(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/dashboards/:id`, {
    config: { permission: "dashboards.manage", module: "custom_dashboards" },
    schema: { tags: ["organisation"], summary: "Replace a custom dashboard", params: organisationParamsSchema, body: customDashboardBodySchema, response: { 200: customDashboardResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, dashboard: await service.editDashboard(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/dashboards/:id`, {
    config: { permission: "dashboards.manage", module: "custom_dashboards" },
    schema: { tags: ["organisation"], summary: "Delete a custom dashboard", params: organisationParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeDashboard(ctx, scopeOf(req), req.params.id);
    return ok;
  });
  r.post(`${base}/dashboards/:id/frame`, {
    config: { permission: "company.read", module: "custom_dashboards" },
    schema: {
      tags: ["organisation"],
      summary: "A single-use address (valid a minute) of the dashboard's frame page, which the portal's iframe opens: its CSP frames this dashboard's origin alone",
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
