import { queryOptions } from "@tanstack/react-query";
import { usersRouteTable as routes, type SettingsResponse } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { call } from "../../lib/call";
import { setSelectedCompanyId } from "./company-selection";

/** TanStack Query key of the settings of one selected company (null = the user's default). */
export function settingsQueryKey(companyId: number | null): readonly ["settings", number | null] {
  return ["settings", companyId] as const;
}

/** The settings query of the signed-in frame (app-layout.tsx), which the events panel's prefetch also
 * starts: the same key, fetch and freshness. */
export function settingsQuery(companyId: number | null) {
  return queryOptions({
    queryKey: settingsQueryKey(companyId),
    queryFn: ({ signal }) => fetchSettings(companyId, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/**
 * `GET /api/settings?companyId=`. A stored organisation the user no longer belongs to is forgotten and
 * the user's default organisation is loaded instead, so a stale choice never locks anyone out.
 */
export async function fetchSettings(
  companyId: number | null,
  signal?: AbortSignal,
  { fallbackToDefault = true }: { fallbackToDefault?: boolean } = {},
): Promise<SettingsResponse> {
  try {
    return await call(routes.getSettings, { query: { companyId: companyId ?? undefined }, signal });
  } catch (error) {
    if (fallbackToDefault && companyId !== null && isApiError(error) && [400, 403, 404].includes(error.status)) {
      setSelectedCompanyId(null);
      return call(routes.getSettings, { signal });
    }
    throw error;
  }
}
