import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes, type ProviderCompany } from "@atalaya/shared";
import { requireProviderAdmin, resolveScopeOrDefault } from "../auth/access.js";
import { actorOf } from "../auth/authenticate.js";
import { writeFlags, writeModules } from "../company-settings/index.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/db.js";
import { invalidField, notFound } from "../http/errors.js";
import { at } from "../http/route.js";
import { notify, type NewNotification } from "../notifications/index.js";
import { closeUpgradeRequest, companyAdminIds, findProviderCompany, listProviderCompanies, openUpgradeRequest } from "./provider.repository.js";

/** Closes the company's open request and says who hears the answer: its company admins and whoever
 * asked (notify keeps only those still members). Undefined when no request was open. */
async function answerUpgradeRequest(tx: Tx, companyId: number, providerId: number, accepted: boolean): Promise<NewNotification[] | undefined> {
  const closed = await closeUpgradeRequest(tx, companyId, providerId);
  if (!closed) return undefined;
  const recipients = new Set(await companyAdminIds(tx, companyId));
  if (closed.requestedBy !== null) recipients.add(closed.requestedBy);
  return [...recipients].map((userId) => ({ userId, companyId, actorUserId: providerId, kind: "upgradeAnswered" as const, data: { accepted } }));
}

/** Changes one organisation in a transaction (404 when there is none) and answers it as it then is;
 * after the commit, whoever the change names hears of it in their notification centre, live. */
async function changeOrganisation(ctx: AppContext, companyId: number, change: (tx: Tx) => Promise<NewNotification[]>): Promise<ProviderCompany> {
  const { company, told } = await ctx.db.transaction(async (tx) => {
    if (!(await findProviderCompany(tx, companyId))) throw notFound();
    const told = await change(tx);
    return { company: (await findProviderCompany(tx, companyId))!, told };
  });
  if (told.length > 0) await notify(ctx, told);
  return company;
}

/** The freemium upgrade request (SPEC §7) and the provider's organisations screen: `/api/admin/…`
 * lives outside the company scope, each route checking the provider administrator itself. */
export async function providerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.postAppCompaniesFreemiumUpgradeRequest),
    handler: async (req, reply) => {
      const actor = actorOf(req);
      const scope = await resolveScopeOrDefault(ctx.db, actor, req.query.companyId, "company.read");
      if (!scope.company.isFreemium) throw invalidField("companyId", "not_freemium");
      const { request, created } = await openUpgradeRequest(ctx.db, scope, actor.user.id);
      return reply.code(created ? 201 : 200).send({ success: true as const, request, created });
    },
  });

  r.route({
    ...at(routes.getAdminCompanies),
    handler: async (req) => {
      requireProviderAdmin(actorOf(req));
      return { success: true as const, companies: await listProviderCompanies(ctx.db) };
    },
  });

  r.route({
    ...at(routes.putAdminCompaniesByIdModules),
    handler: async (req) => {
      requireProviderAdmin(actorOf(req));
      if (!(await writeModules(ctx.db, req.params.id, req.body.modules))) throw notFound();
      return { success: true as const, company: (await findProviderCompany(ctx.db, req.params.id))! };
    },
  });

  r.route({
    ...at(routes.putAdminCompaniesByIdFlags),
    handler: async (req) => {
      const actor = actorOf(req);
      requireProviderAdmin(actor);
      const company = await changeOrganisation(ctx, req.params.id, async (tx) => {
        await writeFlags(tx, req.params.id, req.body);
        return req.body.is_freemium === false ? ((await answerUpgradeRequest(tx, req.params.id, actor.user.id, true)) ?? []) : [];
      });
      return { success: true as const, company };
    },
  });

  r.route({
    ...at(routes.postAdminCompaniesByIdUpgradeRequestDecline),
    handler: async (req) => {
      const actor = actorOf(req);
      requireProviderAdmin(actor);
      const company = await changeOrganisation(ctx, req.params.id, async (tx) => {
        const told = await answerUpgradeRequest(tx, req.params.id, actor.user.id, false);
        // Nothing open to decline answers 404 too (the request was answered meanwhile).
        if (!told) throw notFound();
        return told;
      });
      return { success: true as const, company };
    },
  });
}
