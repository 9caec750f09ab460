import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { issueToken } from "../auth/auth.repository.js";
import { actorOrNull } from "../auth/authenticate.js";
import { loginClientOf, setDeviceCookie } from "../auth/device-cookie.js";
import { appLogin } from "../auth/login.service.js";
import type { AppContext } from "../context.js";
import { groupCommit } from "../db/group-commit.js";
import { limits } from "../http/rate-limit.js";
import { at } from "../http/route.js";
import { createAppReports, requireActiveType, type AppReportRequest } from "./report.service.js";

const reporterKey = (actor: { user: { id: number } } | null) => (actor ? `user:${actor.user.id}` : null);

/** The reporter API the community mobile app calls (sign-in, reports). */
export async function appRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Reports arriving together are written together: one transaction and one commit per batch.
  const intake = groupCommit((batch: AppReportRequest[]) => createAppReports(ctx, batch));
  app.addHook("onClose", () => intake.drained());

  r.route({
    ...at(routes.postAppLogin),
    handler: async (req, reply) => {
      const { user, deviceSecret } = await appLogin(ctx.db, ctx.config.passwordCost, req.body, loginClientOf(req));
      setDeviceCookie(req, reply, deviceSecret);
      return { success: true as const, user: { id: user.id, uuid: user.uuid, access_token: await issueToken(ctx.db, user.id, req.ip) } };
    },
  });

  // The anonymous door rings every operator's alarm: limited per address and per signed-in reporter.
  const lim = ctx.config.appReportLimits;
  r.route({
    ...at(routes.postAppReports),
    preHandler: limits(app, [
      { name: "app-reports-address", max: lim.perAddress, windowMs: lim.addressWindowMs, key: (req) => req.ip },
      { name: "app-reports-reporter", max: lim.perReporter, windowMs: lim.reporterWindowMs, key: (req) => reporterKey(actorOrNull(req)) },
    ]),
    handler: async (req) => {
      requireActiveType(req.body.type); // checked first, so a bad report never fails a batch
      const result = await intake.submit({ actor: actorOrNull(req), body: req.body });
      return { success: true as const, report: { id: result.id, uuid: result.uuid }, companies: result.companies };
    },
  });
}
