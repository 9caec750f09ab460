import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  appAssetParamsSchema,
  assetBodySchema,
  assetQrQuerySchema,
  assetListQuerySchema,
  assetParamsSchema,
  assetReportBodySchema,
  assetReportResponseSchema,
  assetResponseSchema,
  assetSheetQuerySchema,
  assetsResponseSchema,
  companyIdParamSchema,
  errorBodySchema,
  publicAssetResponseSchema,
  successSchema,
} from "@atalaya/shared";
import { actorOrNull } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { readBodyWithFile, uploadLimitsOf } from "../files/index.js";
import { pickLanguage } from "../http/messages.js";
import { limits } from "../http/rate-limit.js";
import * as service from "./asset.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const ok = { success: true as const };

/** Assets with QR codes (issue 17): the company's list, form, QR files and printable sheet under
 * /api/companies/{companyId}/assets, and the public page's asset and report door under /api/app/assets. */
export async function assetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/assets";

  r.get(base, {
    schema: { params: companyIdParamSchema, querystring: assetListQuerySchema, response: { 200: assetsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, ...(await service.companyAssets(ctx, scopeOf(req), req.query)), page: req.query.page, pageSize: req.query.pageSize }));

  r.post(base, {
    schema: { params: companyIdParamSchema, body: assetBodySchema, response: { 200: assetResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, asset: await service.createAsset(ctx, scopeOf(req), req.body) }));

  // The sheet before /:id, so "sheet.pdf" is never read as an id.
  r.get(`${base}/sheet.pdf`, {
    schema: { params: companyIdParamSchema, querystring: assetSheetQuerySchema, response: { 200: z.unknown().describe("application/pdf"), ...errors } },
  }, async (req, reply) => {
    const pdf = await service.assetSheet(ctx, scopeOf(req), req.query.ids, pickLanguage(req.headers["accept-language"]));
    return reply.type("application/pdf").header("content-disposition", 'inline; filename="assets-qr.pdf"').header("cache-control", "private, no-store").send(pdf);
  });

  r.get(`${base}/:id`, {
    schema: { params: assetParamsSchema, response: { 200: assetResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, asset: await service.companyAsset(ctx, scopeOf(req), req.params.id) }));

  r.put(`${base}/:id`, {
    schema: { params: assetParamsSchema, body: assetBodySchema, response: { 200: assetResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, asset: await service.editAsset(ctx, scopeOf(req), req.params.id, req.body) }));

  r.delete(`${base}/:id`, {
    schema: { params: assetParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeAsset(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  for (const format of ["png", "svg"] as const) {
    r.get(`${base}/:id/qr.${format}`, {
      schema: { params: assetParamsSchema, querystring: assetQrQuerySchema, response: { 200: z.unknown().describe(format === "png" ? "image/png" : "image/svg+xml"), ...errors } },
    }, async (req, reply) => {
      const { filename, body } = await service.assetQr(ctx, scopeOf(req), req.params.id, format);
      const disposition = req.query.download ? "attachment" : "inline";
      return reply
        .type(format === "png" ? "image/png" : "image/svg+xml")
        .header("content-disposition", `${disposition}; filename="${filename}"`)
        .header("cache-control", "private, max-age=300")
        .send(body);
    });
  }

  // The public page /a/{uuid}: no session; the report door is limited per address like every public door.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: ctx.config.maxUploadBytes, files: 1 } });
    const p = scope.withTypeProvider<ZodTypeProvider>();
    const uploads = uploadLimitsOf(ctx.config);
    const lim = ctx.config.appReportLimits;
    p.get("/api/app/assets/:uuid", {
      schema: { params: appAssetParamsSchema, response: { 200: publicAssetResponseSchema, ...errors } },
    }, async (req) => ({ ...ok, asset: await service.publicAsset(ctx, req.params.uuid, pickLanguage(req.headers["accept-language"])) }));

    p.post("/api/app/assets/:uuid/reports", {
      preHandler: limits(scope, [{ name: "asset-reports-address", max: lim.perAddress, windowMs: lim.addressWindowMs, key: (req) => req.ip }]),
      schema: {
        params: appAssetParamsSchema,
        response: { 200: assetReportResponseSchema, ...errors, 429: errorBodySchema },
      },
    }, async (req) => ({
      ...ok,
      report: await service.reportAboutAsset(ctx, actorOrNull(req), req.params.uuid, () => readBodyWithFile(req, assetReportBodySchema, uploads)),
    }));
  });
}
