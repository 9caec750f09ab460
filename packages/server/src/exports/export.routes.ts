import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema, exportJobCreatedSchema, exportJobParamsSchema, exportJobStatusSchema, reportExportFilterSchema, reportParamsSchema } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { pickLanguage } from "../http/messages.js";
import { exportReportPdf } from "./report-pdf.service.js";
import { EXPORT_JOB, reportSheetJobFile, reportSheetJobHandler, reportSheetJobStatus, startReportSheetJob, streamReportSheet } from "./report-sheet.service.js";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Files made from the organisation's reports: the PDF of one report. */
export async function exportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/companies/:companyId/reports/:id/pdf", {
    schema: { params: reportParamsSchema, response: { 200: z.unknown().describe("application/pdf attachment"), ...errors } },
  }, async (req, reply) => {
    const { filename, pdf } = await exportReportPdf(ctx, scopeOf(req), req.params.id, pickLanguage(req.headers["accept-language"]));
    return reply
      .type("application/pdf")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .header("cache-control", "no-store")
      .send(pdf);
  });
}

const sheetErrors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };

/** The spreadsheet export (SPEC §7): streamed at once, or written by a background job to follow and
 * download. */
export async function reportSheetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.jobs.handle(EXPORT_JOB, reportSheetJobHandler(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const companyParams = z.object({ companyId: exportJobParamsSchema.shape.companyId });
  const attachment = (filename: string) => `attachment; filename="${filename}"`;

  r.get("/api/companies/:companyId/reports/export", {
    schema: {
      params: companyParams, querystring: reportExportFilterSchema,
      response: { 200: z.unknown().describe("XLSX attachment"), ...sheetErrors },
    },
  }, async (req, reply) => {
    const { filename, stream } = await streamReportSheet(ctx, scopeOf(req), req.query, pickLanguage(req.headers["accept-language"]));
    return reply.type(XLSX).header("content-disposition", attachment(filename)).header("cache-control", "no-store").send(stream);
  });

  r.post("/api/companies/:companyId/reports/exports", {
    schema: { params: companyParams, body: reportExportFilterSchema, response: { 200: exportJobCreatedSchema, ...sheetErrors } },
  }, async (req) => ({ jobId: await startReportSheetJob(ctx, scopeOf(req), req.body, pickLanguage(req.headers["accept-language"])) }));

  r.get("/api/companies/:companyId/reports/exports/:jobId", {
    schema: { params: exportJobParamsSchema, response: { 200: exportJobStatusSchema, ...sheetErrors } },
  }, async (req) => reportSheetJobStatus(ctx, scopeOf(req), req.params.jobId));

  r.get("/api/companies/:companyId/reports/exports/:jobId/file", {
    schema: { params: exportJobParamsSchema, response: { 200: z.unknown().describe("XLSX attachment"), ...sheetErrors } },
  }, async (req, reply) => {
    const file = await reportSheetJobFile(ctx, scopeOf(req), req.params.jobId);
    return reply.type(XLSX).header("content-disposition", attachment(file.filename)).header("content-length", file.size).header("cache-control", "no-store").send(file.stream);
  });
}
