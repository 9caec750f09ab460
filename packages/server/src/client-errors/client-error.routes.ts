import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CLIENT_ERROR_LIMITS, routeOf, routes, scrubText } from "@atalaya/shared";
import { isProviderAdmin, requireProviderAdmin } from "../auth/access.js";
import { findUserByToken } from "../auth/auth.repository.js";
import { actorOf, tokenOf } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { limits } from "../http/rate-limit.js";
import { at } from "../http/route.js";
import { findClientErrorGroup, insertClientErrors, isMember, listClientErrorGroups, listClientErrorReleases } from "./client-error.repository.js";

/** The largest batch body: 20 errors at their longest, with room for JSON's quoting. */
const BODY_LIMIT = 128 * 1024;

/** `POST /api/client-errors` (anyone, signed in or not: the login page fails too) and the provider's
 * grouped listing under `/api/admin/client-errors`, each checking the provider administrator itself. */
export async function clientErrorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A stale or revoked token must not lose the report (nor send the page to the login): the route is
  // public and a valid token only says who saw the error.
  const identify = async (req: FastifyRequest) => {
    const token = tokenOf(req);
    const user = token ? await findUserByToken(ctx.db, token) : undefined;
    if (token && user && !user.locked) req.actor = { user, token };
  };
  const lim = ctx.config.clientErrorLimits;
  r.route({
    ...at(routes.postClientErrors),
    bodyLimit: BODY_LIMIT,
    preHandler: [
      identify,
      limits(app, [
        { name: "client-errors-address", max: lim.perAddress, windowMs: lim.windowMs, key: (req) => req.ip },
        { name: "client-errors-user", max: lim.perUser, windowMs: lim.windowMs, key: (req) => (req.actor ? `user:${req.actor.user.id}` : null) },
      ]),
    ],
    handler: async (req) => {
      const user = req.actor?.user ?? null;
      const { companyId, release } = req.body;
      // The company is the caller's word: kept only for a member (or a provider administrator).
      const company = user && companyId != null && (isProviderAdmin(req.actor!) || (await isMember(ctx.db, user.id, companyId))) ? companyId : null;
      const userAgent = req.headers["user-agent"] ? scrubText(req.headers["user-agent"], 300) || null : null;
      const stored = await insertClientErrors(ctx.db, req.body.errors.map((e) => ({
        release,
        kind: e.kind,
        // Scrubbed again here: the client's scrubbing is a courtesy, this one is the rule.
        message: scrubText(e.message, CLIENT_ERROR_LIMITS.message) || "(empty)",
        stack: e.stack ? scrubText(e.stack, CLIENT_ERROR_LIMITS.stack, true) || null : null,
        route: routeOf(e.route),
        status: e.status ?? null,
        method: e.method ?? null,
        count: e.count,
        userId: user?.id ?? null,
        companyId: company,
        userAgent,
      })));
      return { success: true as const, stored };
    },
  });

  r.route({
    ...at(routes.getAdminClientErrors),
    handler: async (req) => {
      requireProviderAdmin(actorOf(req));
      const { release, page, pageSize } = req.query;
      const { groups, total } = await listClientErrorGroups(ctx.db, { release, limit: pageSize, offset: (page - 1) * pageSize });
      return { success: true as const, groups, total, releases: await listClientErrorReleases(ctx.db) };
    },
  });

  r.route({
    ...at(routes.getAdminClientErrorsById),
    handler: async (req) => {
      requireProviderAdmin(actorOf(req));
      const found = /^[0-9a-f]{32}$/.test(req.params.id) ? await findClientErrorGroup(ctx.db, req.params.id) : undefined;
      if (!found) throw notFound();
      return { success: true as const, ...found };
    },
  });
}
