import { z } from "zod";
import { api } from "../../lib/api";

/**
 * The few report fields this screen shows. `@atalaya/shared` has no report schema yet (it arrives with
 * the workflow issue); until then this loose view accepts the fields under both spellings of SPEC §3
 * and ignores the rest. Replace it with the shared schema when that lands.
 */
const reportSummarySchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  uuid: z.string().optional(),
  status: z.string().nullish(),
  type: z.unknown().optional(),
  description: z.string().nullish(),
  address: z.unknown().optional(),
  created_at: z.string().nullish(),
  createdAt: z.string().nullish(),
});

export type ReportSummary = z.infer<typeof reportSummarySchema>;

const responseSchema = z.union([
  z.looseObject({ report: reportSummarySchema }).transform((body) => body.report),
  reportSummarySchema,
]);

/** TanStack Query key of a report looked up by uuid. */
export function reportByUuidKey(companyId: number, uuid: string): readonly unknown[] {
  return ["reports", "by-uuid", companyId, uuid] as const;
}

/** `GET /api/companies/{companyId}/reports/by-uuid/{uuid}`. */
export function fetchReportByUuid(companyId: number, uuid: string, signal?: AbortSignal): Promise<ReportSummary> {
  return api.get(`/companies/${companyId}/reports/by-uuid/${encodeURIComponent(uuid)}`, {
    schema: responseSchema,
    signal,
  });
}
