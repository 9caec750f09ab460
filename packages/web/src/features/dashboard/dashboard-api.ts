import {
  dashboardAppsResponseSchema,
  dashboardOperatorsResponseSchema,
  dashboardReportsResponseSchema,
  dashboardSummaryResponseSchema,
  dashboardUsersResponseSchema,
  type DashboardApps,
  type DashboardOperators,
  type DashboardReports,
  type DashboardSummary,
  type DashboardUsers,
} from "@atalaya/shared";
import type { ZodType } from "zod";
import { api } from "../../lib/api";

/** What each tab of `GET /api/companies/{companyId}/dashboard/{tab}` answers. */
export interface DashboardTabData {
  summary: DashboardSummary;
  reports: DashboardReports;
  operators: DashboardOperators;
  users: DashboardUsers;
  apps: DashboardApps;
}
export type DashboardEndpoint = keyof DashboardTabData;

const schemas: { [K in DashboardEndpoint]: ZodType<DashboardTabData[K]> } = {
  summary: dashboardSummaryResponseSchema,
  reports: dashboardReportsResponseSchema,
  operators: dashboardOperatorsResponseSchema,
  users: dashboardUsersResponseSchema,
  apps: dashboardAppsResponseSchema,
};

/** TanStack Query keys of the dashboard: one per company, tab and query. */
export const dashboardKeys = {
  all: (companyId: number) => ["dashboard", companyId] as const,
  tab: (companyId: number, tab: DashboardEndpoint, query: Record<string, string>) => ["dashboard", companyId, tab, query] as const,
};

/** `GET …/dashboard/{tab}` with the SPEC §3 dashboard filter as its query (see `dashboardQuery`). */
export function fetchDashboard<K extends DashboardEndpoint>(
  companyId: number,
  tab: K,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<DashboardTabData[K]> {
  return api.get(`/companies/${companyId}/dashboard/${tab}`, { query, schema: schemas[tab], signal });
}
