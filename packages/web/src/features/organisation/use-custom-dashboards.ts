import { useQuery } from "@tanstack/react-query";
import type { CustomDashboard } from "@atalaya/shared";
import { useSettings } from "../settings";
import { fetchDashboards, organisationKeys } from "./organisation-api";

/** The route of a custom dashboard shown embedded in the portal. */
export const customDashboardPath = (id: number): string => `/v3/custom-dashboards/${id}`;

/** The current organisation's custom dashboards (empty while loading or on failure): the menu shows
 * one entry per dashboard. */
export function useCustomDashboards(enabled = true): CustomDashboard[] {
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const query = useQuery({ queryKey: organisationKeys.all("dashboards", companyId), queryFn: ({ signal }) => fetchDashboards(companyId, signal), staleTime: 60_000, enabled });
  return query.data ?? [];
}

/** Menu entries of the custom dashboards: key (the route), label and test id, in the side nav's item shape. */
export function useCustomDashboardMenuItems(enabled = true): { key: string; label: string; "data-testid": string }[] {
  return useCustomDashboards(enabled).map((d) => ({ key: customDashboardPath(d.id), label: d.name, "data-testid": "nav-custom-dashboard" }));
}
