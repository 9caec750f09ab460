import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  modulesBodySchema,
  providerCompaniesResponseSchema,
  providerCompanyParamsSchema,
  providerCompanyResponseSchema,
  providerFlagsBodySchema,
  upgradeRequestQuerySchema,
  upgradeRequestResponseSchema,
} from "@atalaya/shared";
import { requireProviderAdmin, resolveScopeOrDefault } from "../auth/access.js";
import { actorOf } from "../auth/authenticate.js";
import { writeFlags, writeModules } from "../company-settings/index.js";
import type { AppContext } from "../context.js";
import { invalidField, notFound } from "../http/errors.js";
import { closeUpgradeRequest, findProviderCompany, listProviderCompanies, openUpgradeRequest } from "./provider.repository.js";

/** The freemium upgrade request (SPEC §7) and the provider's organisations screen: `/api/admin/…`
 * lives outside the company scope, each route checking the provider administrator itself. */
export async function providerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

  r.post("/api/app-companies/freemium/upgrade-request", {
    schema: {
      tags: ["freemium"],
      summary: "A freemium organisation asks to lift its limits: one open request per organisation (asking again answers it, created false)",
      querystring: upgradeRequestQuerySchema,
      response: { 200: upgradeRequestResponseSchema, 201: upgradeRequestResponseSchema, ...errors },
    },
  }, async (req, reply) => {
    const actor = actorOf(req);
    const scope = await resolveScopeOrDefault(ctx.db, actor, req.query.companyId, "company.read");
    if (!scope.company.isFreemium) throw invalidField("companyId", "not_freemium");
    const { request, created } = await openUpgradeRequest(ctx.db, scope, actor.user.id);
    return reply.code(created ? 201 : 200).send({ success: true as const, request, created });
  });

  r.get("/api/admin/companies", {
    schema: { tags: ["provider"], summary: "Every organisation with its modules, freemium flag and pending upgrade request (provider administrators)", response: { 200: providerCompaniesResponseSchema, ...errors } },
  }, async (req) => {
    requireProviderAdmin(actorOf(req));
    return { success: true as const, companies: await listProviderCompanies(ctx.db) };
  });

  r.put("/api/admin/companies/:id/modules", {
    schema: { tags: ["provider"], summary: "Replace an organisation's modules (provider administrators)", params: providerCompanyParamsSchema, body: modulesBodySchema, response: { 200: providerCompanyResponseSchema, ...errors } },
  }, async (req) => {
    requireProviderAdmin(actorOf(req));
    if (!(await writeModules(ctx.db, req.params.id, req.body.modules))) throw notFound();
    return { success: true as const, company: (await findProviderCompany(ctx.db, req.params.id))! };
  });

  r.put("/api/admin/companies/:id/flags", {
    schema: {
      tags: ["provider"],
      summary: "Set an organisation's provider flags; lifting is_freemium closes its open upgrade request (provider administrators)",
      params: providerCompanyParamsSchema,
      body: providerFlagsBodySchema,
      response: { 200: providerCompanyResponseSchema, ...errors },
    },
  }, async (req) => {
    const actor = actorOf(req);
    requireProviderAdmin(actor);
    const company = await ctx.db.transaction(async (tx) => {
      if (!(await findProviderCompany(tx, req.params.id))) throw notFound();
      await writeFlags(tx, req.params.id, req.body);
      if (req.body.is_freemium === false) await closeUpgradeRequest(tx, req.params.id, actor.user.id);
      return (await findProviderCompany(tx, req.params.id))!;
    });
    return { success: true as const, company };
  });
}
