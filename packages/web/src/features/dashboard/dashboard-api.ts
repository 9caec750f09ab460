import {
  dashboardRouteTable as dashboard,
  type DashboardApps,
  type DashboardOperators,
  type DashboardReports,
  type DashboardSummary,
  type DashboardUsers,
} from "@atalaya/shared";
import { call } from "../../lib/call";

/** The route of each tab of `GET /api/companies/{companyId}/dashboard/{tab}`. */
const tabRoutes = {
  summary: dashboard.getCompaniesByCompanyIdDashboardSummary,
  reports: dashboard.getCompaniesByCompanyIdDashboardReports,
  operators: dashboard.getCompaniesByCompanyIdDashboardOperators,
  users: dashboard.getCompaniesByCompanyIdDashboardUsers,
  apps: dashboard.getCompaniesByCompanyIdDashboardApps,
};
export type DashboardEndpoint = keyof typeof tabRoutes;

/** What each tab answers (named per tab, so a screen generic over the tab reads their common fields). */
export interface DashboardTabData {
  summary: DashboardSummary;
  reports: DashboardReports;
  operators: DashboardOperators;
  users: DashboardUsers;
  apps: DashboardApps;
}

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
  // The tabs share params and query; only the answer differs, which DashboardTabData[K] names.
  return call(tabRoutes[tab] as typeof tabRoutes.summary, { params: { companyId }, query, signal }) as Promise<DashboardTabData[K]>;
}
