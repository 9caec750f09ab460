import {
  historyRouteTable as routes,
  type ActivityFeedResponse,
  type ReportHistoryFilter,
  type ReportHistoryResponse,
} from "@atalaya/shared";
import { call } from "../../lib/call";
import type { ActivityFilter } from "./history-filters";

/** TanStack Query keys of the history and the activity feed of one organisation. */
export const historyKeys = {
  reports: (companyId: number, filter: ReportHistoryFilter) => ["history", companyId, filter] as const,
  activity: (companyId: number, filter: ActivityFilter) => ["activity", companyId, filter] as const,
};

/** `POST /api/companies/{companyId}/reports/history`: a page of reports of the window, newest first. */
export async function fetchHistory(companyId: number, filter: ReportHistoryFilter, signal?: AbortSignal): Promise<ReportHistoryResponse> {
  return call(routes.postCompaniesByCompanyIdReportsHistory, { params: { companyId }, body: filter, signal });
}

/** `GET /api/companies/{companyId}/activity`: a page of what operators did, newest first. */
export async function fetchActivityFeed(companyId: number, filter: ActivityFilter, signal?: AbortSignal): Promise<ActivityFeedResponse> {
  const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as Record<string, string | number>;
  return call(routes.getCompaniesByCompanyIdActivity, { params: { companyId }, query, signal });
}
