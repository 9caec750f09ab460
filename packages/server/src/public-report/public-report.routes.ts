import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { getPublicReport } from "./public-report.service.js";

/** The public side of a share link: no session, only what is public. */
export async function publicReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getPublicReportsByUuid),
    handler: async (req) => ({ success: true as const, report: await getPublicReport(ctx, req.params.uuid) }),
  });

  r.route({
    ...at(routes.getPublicSharedUrlHosts),
    handler: async () => ({ success: true as const, hosts: ctx.config.sharedUrlHosts }),
  });
}
