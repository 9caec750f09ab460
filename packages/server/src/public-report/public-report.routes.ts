import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorBodySchema, publicReportParamsSchema, publicReportResponseSchema, sharedUrlHostsResponseSchema } from "@atalaya/shared";
import type { AppContext } from "../context.js";
import { getPublicReport } from "./public-report.service.js";

/** The public side of a share link: no session, only what is public. */
export async function publicReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/public/reports/:uuid", {
    config: { public: true },
    schema: {
      tags: ["public"],
      summary: "A shared report's public page: type, time, approximate place, public description and status (counts the share); 404 when private, deleted or unknown",
      params: publicReportParamsSchema,
      response: { 200: publicReportResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
    },
  }, async (req) => ({ success: true as const, report: await getPublicReport(ctx, req.params.uuid) }));

  r.get("/api/public/shared-url-hosts", {
    config: { public: true },
    schema: {
      tags: ["public"],
      summary: "Hosts besides the portal's own that a share link's sharedUrl may lead to (SHARED_URL_HOSTS)",
      response: { 200: sharedUrlHostsResponseSchema },
    },
  }, async () => ({ success: true as const, hosts: ctx.config.sharedUrlHosts }));
}
