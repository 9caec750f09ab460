import {
  interactionsRouteTable as interactions,
  reportsRouteTable as reports,
  type Comment,
  type CreateCompanyReport,
  type Report,
  type ReportStatus,
  type SortOption,
} from "@atalaya/shared";
import { call, type AnswerOf } from "../../lib/call";

// The events panel's calls, by their route-table entries (@atalaya/shared routes/reports.ts, interactions.ts).

/** Reports fetched per page of a panel tab (SPEC §2 events panel, infinite scroll by offset). */
export const REPORT_PAGE_SIZE = 100;

/** A page of whole reports as the list endpoint answers it (the polling fallback's). */
export type ReportPage = Omit<AnswerOf<typeof reports.getCompaniesByCompanyIdReports>, "success">;

/** One page of a status tab as the panel lists it: each report's row fields (the rows endpoint). */
export type ReportRowPage = Omit<AnswerOf<typeof reports.getCompaniesByCompanyIdReportsRows>, "success">;

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

/** The page without the success flag. */
function pageOf<Page extends { success: true }>({ success: _success, ...page }: Page): Omit<Page, "success"> {
  return page;
}

/** `GET /api/companies/{companyId}/reports/rows?status=&sort=&limit=&offset=` → one page of rows with counters. */
export async function fetchReportPage(
  companyId: number,
  query: { status: ReportStatus; sort: SortOption; offset: number; limit?: number; favorites?: boolean },
  signal?: AbortSignal,
): Promise<ReportRowPage> {
  const { status, sort, offset, limit = REPORT_PAGE_SIZE, favorites } = query;
  return pageOf(await call(reports.getCompaniesByCompanyIdReportsRows, { params: { companyId }, query: { status, sort, offset, limit, ...(favorites ? { favorite: "true" } : {}) }, signal }));
}

/** `GET /api/companies/{companyId}/comments/incoming`: the community's latest comments, newest first. */
export async function fetchIncomingComments(companyId: number, signal?: AbortSignal): Promise<Comment[]> {
  return (await call(interactions.getCompaniesByCompanyIdCommentsIncoming, { params: { companyId }, signal })).comments;
}

/** Polling fallback: `GET …/reports?reportFollowupId={last}` → reports newer than the cursor, oldest first. */
export async function fetchReportsAfter(companyId: number, reportFollowupId: number, offset = 0, signal?: AbortSignal): Promise<ReportPage> {
  return pageOf(await call(reports.getCompaniesByCompanyIdReports, { params: { companyId }, query: { reportFollowupId, sort: "oldest", offset, limit: REPORT_PAGE_SIZE }, signal }));
}

/** `POST /api/companies/{companyId}/reports` → the created report (field errors arrive as ApiError.fields). */
export async function createCompanyReport(companyId: number, body: CreateCompanyReport): Promise<Report> {
  return (await call(reports.postCompaniesByCompanyIdReports, { params: { companyId }, body })).report;
}

/** `POST …/reports/{id}/take` → the taken report; a colleague's earlier take answers 409 `alreadyTaken`. */
export async function takeReport(companyId: number, reportId: number): Promise<Report> {
  return (await call(reports.postCompaniesByCompanyIdReportsByIdTake, { params: { companyId, id: reportId } })).report;
}

/** `GET /api/companies/{companyId}/reports/{id}` → the report with this organisation's attention. */
export async function fetchReport(companyId: number, reportId: number, signal?: AbortSignal): Promise<Report> {
  return (await call(reports.getCompaniesByCompanyIdReportsById, { params: { companyId, id: reportId }, signal })).report;
}
