import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema, reportParamsSchema } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { pickLanguage } from "../http/messages.js";
import { exportReportPdf } from "./report-pdf.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Files made from the organisation's reports: the PDF of one report. */
export async function exportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/companies/:companyId/reports/:id/pdf", {
    config: { permission: "report.read" },
    schema: { tags: ["reports"], summary: "The report as a PDF (data, map position, comments, notes, activity log)", params: reportParamsSchema, response: { 200: z.unknown().describe("application/pdf attachment"), ...errors } },
  }, async (req, reply) => {
    const { filename, pdf } = await exportReportPdf(ctx, scopeOf(req), req.params.id, pickLanguage(req.headers["accept-language"]));
    return reply
      .type("application/pdf")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .header("cache-control", "no-store")
      .send(pdf);
  });
}
