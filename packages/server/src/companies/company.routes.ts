import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyIdParamSchema, errorBodySchema, tagsResponseSchema, teamsResponseSchema } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { listTags, listTeams } from "./company.repository.js";

/** Lists of the organisation the report screens pick from: teams and tags. */
export async function companyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorBodySchema, 404: errorBodySchema };

  r.get("/api/companies/:companyId/teams", {
    config: { permission: "company.read" },
    schema: { tags: ["companies"], summary: "Teams of the organisation with their members", params: companyIdParamSchema, response: { 200: teamsResponseSchema, ...errors } },
  }, async (req) => {
    return { success: true as const, teams: await listTeams(ctx.db, scopeOf(req)) };
  });

  r.get("/api/companies/:companyId/tags", {
    config: { permission: "company.read" },
    schema: { tags: ["companies"], summary: "Tags of the organisation", params: companyIdParamSchema, response: { 200: tagsResponseSchema, ...errors } },
  }, async (req) => {
    return { success: true as const, tags: await listTags(ctx.db, scopeOf(req)) };
  });
}
