import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { appCreateReportSchema, errorBodySchema, loginBodySchema } from "@atalaya/shared";
import { issueToken } from "../auth/auth.repository.js";
import { actorOrNull } from "../auth/authenticate.js";
import { loginClientOf, setDeviceCookie } from "../auth/device-cookie.js";
import { appLogin } from "../auth/login.service.js";
import type { AppContext } from "../context.js";
import { groupCommit } from "../db/group-commit.js";
import { limits } from "../http/rate-limit.js";
import { createAppReports, requireActiveType, type AppReportRequest } from "./report.service.js";

const reporterKey = (actor: { user: { id: number } } | null) => (actor ? `user:${actor.user.id}` : null);

/** The reporter API the community mobile app calls (sign-in, reports). */
export async function appRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Reports arriving together are written together: one transaction and one commit per batch.
  const intake = groupCommit((batch: AppReportRequest[]) => createAppReports(ctx, batch));
  app.addHook("onClose", () => intake.drained());

  r.post("/api/app/login", {
    schema: { body: loginBodySchema, response: { 200: z.object({ success: z.literal(true), user: z.object({ id: z.number(), uuid: z.string(), access_token: z.string() }) }), 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema } },
  }, async (req, reply) => {
    const { user, deviceSecret } = await appLogin(ctx.db, ctx.config.passwordCost, req.body, loginClientOf(req));
    setDeviceCookie(req, reply, deviceSecret);
    return { success: true as const, user: { id: user.id, uuid: user.uuid, access_token: await issueToken(ctx.db, user.id, req.ip) } };
  });

  // The anonymous door rings every operator's alarm: limited per address and per signed-in reporter.
  const lim = ctx.config.appReportLimits;
  r.post("/api/app/reports", {
    preHandler: limits(app, [
      { name: "app-reports-address", max: lim.perAddress, windowMs: lim.addressWindowMs, key: (req) => req.ip },
      { name: "app-reports-reporter", max: lim.perReporter, windowMs: lim.reporterWindowMs, key: (req) => reporterKey(actorOrNull(req)) },
    ]),
    schema: {
      body: appCreateReportSchema,
      response: { 200: z.object({ success: z.literal(true), report: z.object({ id: z.number(), uuid: z.string() }), companies: z.array(z.number()) }), 400: errorBodySchema, 429: errorBodySchema },
    },
  }, async (req) => {
    requireActiveType(req.body.type); // checked first, so a bad report never fails a batch
    const result = await intake.submit({ actor: actorOrNull(req), body: req.body });
    return { success: true as const, report: { id: result.id, uuid: result.uuid }, companies: result.companies };
  });
}
