import {
  activityFeedResponseSchema,
  reportHistoryResponseSchema,
  type ActivityFeedResponse,
  type ReportHistoryFilter,
  type ReportHistoryResponse,
} from "@atalaya/shared";
import { api } from "../../lib/api";
import type { ActivityFilter } from "./history-filters";

/** TanStack Query keys of the history and the activity feed of one organisation. */
export const historyKeys = {
  reports: (companyId: number, filter: ReportHistoryFilter) => ["history", companyId, filter] as const,
  activity: (companyId: number, filter: ActivityFilter) => ["activity", companyId, filter] as const,
};

/** `POST /api/companies/{companyId}/reports/history`: a page of reports of the window, newest first. */
export function fetchHistory(companyId: number, filter: ReportHistoryFilter, signal?: AbortSignal): Promise<ReportHistoryResponse> {
  return api.post(`/companies/${companyId}/reports/history`, filter, { schema: reportHistoryResponseSchema, signal });
}

/** `GET /api/companies/{companyId}/activity`: a page of what operators did, newest first. */
export function fetchActivityFeed(companyId: number, filter: ActivityFilter, signal?: AbortSignal): Promise<ActivityFeedResponse> {
  const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as Record<string, string | number>;
  return api.get(`/companies/${companyId}/activity`, { query, schema: activityFeedResponseSchema, signal });
}
