import {
  commentListResponseSchema,
  reportListResponseSchema,
  reportResponseSchema,
  reportSchema,
  type Comment,
  type CreateCompanyReport,
  type Report,
  type ReportStatus,
  type SortOption,
} from "@atalaya/shared";
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

/** Reports fetched per page of a panel tab (SPEC §2 events panel, infinite scroll by offset). */
export const REPORT_PAGE_SIZE = 100;

/** One page of a status tab as the list endpoint answers it. */
export type ReportPage = Omit<z.infer<typeof reportListResponseSchema>, "success">;

/** Prefix of every report list of a company in the query cache (all tabs, all sorts). */
export function reportListPrefix(companyId: number): readonly unknown[] {
  return ["reports", "list", companyId] as const;
}

/** Query key of one tab's infinite list in one sort order. */
export function reportListKey(companyId: number, status: ReportStatus, sort: SortOption, favorites = false): readonly unknown[] {
  return favorites ? (["reports", "list", companyId, status, sort, "favorites"] as const) : (["reports", "list", companyId, status, sort] as const);
}

/** Query key of the per-tab counters, kept live by the real-time sync. */
export function reportCountersKey(companyId: number): readonly unknown[] {
  return ["reports", "counters", companyId] as const;
}

const pageSchema = reportListResponseSchema.transform(({ success: _success, ...page }) => page);

/** `GET /api/companies/{companyId}/reports?status=&sort=&limit=&offset=` → one page with counters. */
export function fetchReportPage(
  companyId: number,
  query: { status: ReportStatus; sort: SortOption; offset: number; limit?: number; favorites?: boolean },
  signal?: AbortSignal,
): Promise<ReportPage> {
  return api.get(`/companies/${companyId}/reports`, {
    query: { status: query.status, sort: query.sort, offset: query.offset, limit: query.limit ?? REPORT_PAGE_SIZE, ...(query.favorites ? { favorite: "true" } : {}) },
    schema: pageSchema,
    signal,
  });
}

/** `GET /api/companies/{companyId}/comments/incoming`: the community's latest comments, newest first. */
export function fetchIncomingComments(companyId: number, signal?: AbortSignal): Promise<Comment[]> {
  return api.get(`/companies/${companyId}/comments/incoming`, { schema: commentListResponseSchema.transform((b) => b.comments), signal });
}

/** Polling fallback: `GET …/reports?reportFollowupId={last}` → reports newer than the cursor, oldest first. */
export function fetchReportsAfter(companyId: number, reportFollowupId: number, offset = 0, signal?: AbortSignal): Promise<ReportPage> {
  return api.get(`/companies/${companyId}/reports`, {
    query: { reportFollowupId, sort: "oldest", offset, limit: REPORT_PAGE_SIZE },
    schema: pageSchema,
    signal,
  });
}

const fullReportSchema = reportResponseSchema.transform((body) => body.report);

/** `POST /api/companies/{companyId}/reports` → the created report (field errors arrive as ApiError.fields). */
export function createCompanyReport(companyId: number, body: CreateCompanyReport): Promise<Report> {
  return api.post(`/companies/${companyId}/reports`, body, { schema: fullReportSchema });
}

/** `POST …/reports/{id}/take` → the taken report; a colleague's earlier take answers 409 `alreadyTaken`. */
export function takeReport(companyId: number, reportId: number): Promise<Report> {
  return api.post(`/companies/${companyId}/reports/${reportId}/take`, undefined, { schema: fullReportSchema });
}

/** `GET /api/companies/{companyId}/reports/{id}` → the report with this organisation's attention. */
export function fetchReport(companyId: number, reportId: number, signal?: AbortSignal): Promise<Report> {
  return api.get(`/companies/${companyId}/reports/${reportId}`, { schema: fullReportSchema, signal });
}
