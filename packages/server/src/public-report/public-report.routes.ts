import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorBodySchema, publicReportParamsSchema, publicReportResponseSchema, sharedUrlHostsResponseSchema } from "@atalaya/shared";
import type { AppContext } from "../context.js";
import { getPublicReport } from "./public-report.service.js";

/** The public side of a share link: no session, only what is public. */
export async function publicReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/public/reports/:uuid", {
    schema: {
      params: publicReportParamsSchema,
      response: { 200: publicReportResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
    },
  }, async (req) => ({ success: true as const, report: await getPublicReport(ctx, req.params.uuid) }));

  r.get("/api/public/shared-url-hosts", {
    schema: {
      response: { 200: sharedUrlHostsResponseSchema },
    },
  }, async () => ({ success: true as const, hosts: ctx.config.sharedUrlHosts }));
}
