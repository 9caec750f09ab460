import { reportResponseSchema, reportSchema } from "@atalaya/shared";
import type { z } from "zod";
import { api } from "../../lib/api";

/**
 * The fields this screen shows, picked from the shared report schema: the rest of a report is not
 * needed until the full detail screen, and must not fail this one while it evolves.
 */
const reportSummarySchema = reportSchema
  .pick({ id: true, uuid: true, status: true, displayStatus: true, type: true, description: true, address: true, createdAt: true })
  .partial({ displayStatus: true });

export type ReportSummary = z.infer<typeof reportSummarySchema>;

const responseSchema = reportResponseSchema.extend({ report: reportSummarySchema }).transform((body) => body.report);

/** TanStack Query key of a report looked up by uuid. */
export function reportByUuidKey(companyId: number, uuid: string): readonly unknown[] {
  return ["reports", "by-uuid", companyId, uuid] as const;
}

/** `GET /api/companies/{companyId}/reports/by-uuid/{uuid}` → the report's summary. */
export function fetchReportByUuid(companyId: number, uuid: string, signal?: AbortSignal): Promise<ReportSummary> {
  return api.get(`/companies/${companyId}/reports/by-uuid/${encodeURIComponent(uuid)}`, {
    schema: responseSchema,
    signal,
  });
}
