import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { pickLanguage } from "../http/messages.js";
import { at } from "../http/route.js";
import { exportReportPdf } from "./report-pdf.service.js";
import { EXPORT_JOB, reportSheetJobFile, reportSheetJobHandler, reportSheetJobStatus, startReportSheetJob, streamReportSheet } from "./report-sheet.service.js";

/** Files made from the organisation's reports: the PDF of one report. */
export async function exportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsByIdPdf),
    handler: async (req, reply) => {
      const { filename, pdf } = await exportReportPdf(ctx, scopeOf(req), req.params.id, pickLanguage(req.headers["accept-language"]));
      return reply
        .type(routes.getCompaniesByCompanyIdReportsByIdPdf.answer.file)
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "no-store")
        .send(pdf);
    },
  });
}

/** The spreadsheet export (SPEC §7): streamed at once, or written by a background job to follow and
 * download. */
export async function reportSheetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.jobs.handle(EXPORT_JOB, reportSheetJobHandler(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const attachment = (filename: string) => `attachment; filename="${filename}"`;

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsExport),
    handler: async (req, reply) => {
      const { filename, stream } = await streamReportSheet(ctx, scopeOf(req), req.query, pickLanguage(req.headers["accept-language"]));
      return reply.type(routes.getCompaniesByCompanyIdReportsExport.answer.file).header("content-disposition", attachment(filename)).header("cache-control", "no-store").send(stream);
    },
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsExports),
    handler: async (req) => ({ jobId: await startReportSheetJob(ctx, scopeOf(req), req.body, pickLanguage(req.headers["accept-language"])) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsExportsByJobId),
    handler: async (req) => reportSheetJobStatus(ctx, scopeOf(req), req.params.jobId),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsExportsByJobIdFile),
    handler: async (req, reply) => {
      const file = await reportSheetJobFile(ctx, scopeOf(req), req.params.jobId);
      return reply.type(routes.getCompaniesByCompanyIdReportsExportsByJobIdFile.answer.file).header("content-disposition", attachment(file.filename)).header("content-length", file.size).header("cache-control", "no-store").send(file.stream);
    },
  });
}
