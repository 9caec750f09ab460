import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { assetReportBodySchema, routes } from "@atalaya/shared";
import { actorOrNull } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { readBodyWithFile, uploadLimitsOf } from "../files/index.js";
import { pickLanguage } from "../http/messages.js";
import { limits } from "../http/rate-limit.js";
import { at } from "../http/route.js";
import * as service from "./asset.service.js";

const ok = { success: true as const };

/** Assets with QR codes (issue 17): the company's list, form, QR files and printable sheet under
 * /api/companies/{companyId}/assets, and the public page's asset and report door under /api/app/assets. */
export async function assetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdAssets),
    handler: async (req) => ({ ...ok, ...(await service.companyAssets(ctx, scopeOf(req), req.query)), page: req.query.page, pageSize: req.query.pageSize }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdAssets),
    handler: async (req) => ({ ...ok, asset: await service.createAsset(ctx, scopeOf(req), req.body) }),
  });

  // The sheet before /:id, so "sheet.pdf" is never read as an id.
  r.route({
    ...at(routes.getCompaniesByCompanyIdAssetsSheetPdf),
    handler: async (req, reply) => {
      const pdf = await service.assetSheet(ctx, scopeOf(req), req.query.ids, pickLanguage(req.headers["accept-language"]));
      return reply.type(routes.getCompaniesByCompanyIdAssetsSheetPdf.answer.file).header("content-disposition", 'inline; filename="assets-qr.pdf"').header("cache-control", "private, no-store").send(pdf);
    },
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdAssetsById),
    handler: async (req) => ({ ...ok, asset: await service.companyAsset(ctx, scopeOf(req), req.params.id) }),
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdAssetsById),
    handler: async (req) => ({ ...ok, asset: await service.editAsset(ctx, scopeOf(req), req.params.id, req.body) }),
  });

  r.route({
    ...at(routes.deleteCompaniesByCompanyIdAssetsById),
    handler: async (req) => {
      await service.removeAsset(ctx, scopeOf(req), req.params.id);
      return ok;
    },
  });

  for (const [format, entry] of [["png", routes.getCompaniesByCompanyIdAssetsByIdQrPng], ["svg", routes.getCompaniesByCompanyIdAssetsByIdQrSvg]] as const) {
    r.route({
      ...at(entry),
      handler: async (req, reply) => {
        const { filename, body } = await service.assetQr(ctx, scopeOf(req), req.params.id, format);
        const disposition = req.query.download ? "attachment" : "inline";
        return reply
          .type(format === "png" ? "image/png" : "image/svg+xml")
          .header("content-disposition", `${disposition}; filename="${filename}"`)
          .header("cache-control", "private, max-age=300")
          .send(body);
      },
    });
  }

  // The public page /a/{uuid}: no session; the report door is limited per address like every public door.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: ctx.config.maxUploadBytes, files: 1 } });
    const p = scope.withTypeProvider<ZodTypeProvider>();
    const uploads = uploadLimitsOf(ctx.config);
    const lim = ctx.config.appReportLimits;
    p.route({
      ...at(routes.getAppAssetsByUuid),
      handler: async (req) => ({ ...ok, asset: await service.publicAsset(ctx, req.params.uuid, pickLanguage(req.headers["accept-language"])) }),
    });

    p.route({
      ...at(routes.postAppAssetsByUuidReports),
      preHandler: limits(scope, [{ name: "asset-reports-address", max: lim.perAddress, windowMs: lim.addressWindowMs, key: (req) => req.ip }]),
      handler: async (req) => ({
        ...ok,
        report: await service.reportAboutAsset(ctx, actorOrNull(req), req.params.uuid, () => readBodyWithFile(req, assetReportBodySchema, uploads)),
      }),
    });
  });
}
