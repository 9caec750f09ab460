import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { pickLanguage } from "../http/messages.js";
import { limits } from "../http/rate-limit.js";
import { at } from "../http/route.js";
import * as service from "./safetag.service.js";

const ok = { success: true as const };
/** A finder may write about one tag this many times an hour (besides the per-address limit). */
export const FINDER_MESSAGES_PER_TAG_HOUR = 10;

/** Safe tags (issue 17): batches and their codes under /api/companies/{companyId}/, the owner's link,
 * unlink and inbox under /api/app/safetags, and the finder's page's tag and message door. */
export async function safetagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdSafetagBatches),
    handler: async (req) => ({ ...ok, batches: await service.companyBatches(ctx, scopeOf(req)) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdSafetagBatches),
    handler: async (req) => ({ ...ok, batch: await service.createBatch(ctx, scopeOf(req), req.body) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdSafetagBatchesById),
    handler: async (req) => ({ ...ok, ...(await service.batchTags(ctx, scopeOf(req), req.params.id, req.query.state)) }),
  });

  for (const [format, entry] of [
    ["xlsx", routes.getCompaniesByCompanyIdSafetagBatchesByIdExportXlsx],
    ["pdf", routes.getCompaniesByCompanyIdSafetagBatchesByIdExportPdf],
  ] as const) {
    const type = entry.answer.file;
    r.route({
      ...at(entry),
      handler: async (req, reply) => {
        const { filename, body } = await service.exportBatch(ctx, scopeOf(req), req.params.id, format, pickLanguage(req.headers["accept-language"]));
        return reply.type(type).header("content-disposition", `${format === "pdf" ? "inline" : "attachment"}; filename="${filename}"`).header("cache-control", "private, no-store").send(body);
      },
    });
  }

  r.route({
    ...at(routes.postCompaniesByCompanyIdSafetagsByIdUnlink),
    handler: async (req) => ({ ...ok, safetag: await service.unlinkTag(ctx, scopeOf(req), req.params.id) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdSafetagsByIdDisable),
    handler: async (req) => ({ ...ok, safetag: await service.disableTag(ctx, scopeOf(req), req.params.id) }),
  });

  // The reporter app (signed-in community users).
  r.route({
    ...at(routes.getAppSafetags),
    handler: async (req) => ({ ...ok, safetags: await service.myTags(ctx, actorOf(req)) }),
  });

  r.route({
    ...at(routes.getAppSafetagsMessages),
    handler: async (req) => ({ ...ok, messages: await service.myMessages(ctx, actorOf(req)) }),
  });

  r.route({
    ...at(routes.postAppSafetagsByCodeLink),
    handler: async (req) => ({ ...ok, safetag: await service.linkOwnTag(ctx, actorOf(req), req.params.code, req.body?.name) }),
  });

  r.route({
    ...at(routes.postAppSafetagsByCodeUnlink),
    handler: async (req) => ({ ...ok, safetag: await service.unlinkMine(ctx, actorOf(req), req.params.code) }),
  });

  // The finder's page /t/{code}: no session.
  r.route({
    ...at(routes.getAppSafetagsByCode),
    handler: async (req) => ({ ...ok, safetag: await service.publicTag(ctx, req.params.code) }),
  });

  const lim = ctx.config.appReportLimits;
  r.route({
    ...at(routes.postAppSafetagsByCodeMessages),
    preHandler: limits(app, [
      { name: "finder-messages-address", max: lim.perAddress, windowMs: lim.addressWindowMs, key: (req) => req.ip },
      { name: "finder-messages-tag", max: FINDER_MESSAGES_PER_TAG_HOUR, windowMs: 3600_000, key: (req) => String((req.params as { code?: string }).code ?? "").toUpperCase() },
    ]),
    handler: async (req) => {
      await service.sendFinderMessage(ctx, req.params.code, req.body);
      return { ...ok, delivered: true as const };
    },
  });
}
