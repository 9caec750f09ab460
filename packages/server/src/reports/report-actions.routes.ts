import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { pickLanguage } from "../http/messages.js";
import { at } from "../http/route.js";
import { executeReportCommand } from "./commands.js";
import { cancelNeighboursNotification, changeReportAddress, notifyNeighbours, shareLink } from "./report-actions.service.js";

/** Report tools of the detail screen: privacy, neighbours, address, share link. */
export async function reportActionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdPrivate),
    handler: async (req) => ({ success: true as const, report: await executeReportCommand(ctx, scopeOf(req), req.params.id, { kind: "makePrivate" }) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdNotifyNeighbours),
    handler: async (req) => ({ success: true as const, ...(await notifyNeighbours(ctx, scopeOf(req), req.params.id)) }),
  });

  r.route({
    ...at(routes.deleteCompaniesByCompanyIdReportsByIdNotifyNeighbours),
    handler: async (req) => ({ success: true as const, report: await cancelNeighboursNotification(ctx, scopeOf(req), req.params.id) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdAddress),
    handler: async (req) => ({
      success: true as const,
      report: await changeReportAddress(ctx, scopeOf(req), req.params.id, req.body.address, pickLanguage(req.headers["accept-language"])),
    }),
  });

  r.route({
    ...at(routes.getReportsShareById),
    handler: async (req) => ({ success: true as const, share_url: await shareLink(ctx, actorOf(req), req.params.id) }),
  });
}
