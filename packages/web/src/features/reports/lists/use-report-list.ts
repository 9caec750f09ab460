import { useMemo, useSyncExternalStore } from "react";
import { infiniteQueryOptions, useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ReportCounters, ReportListItem, ReportStatus, SortOption } from "@atalaya/shared";
import { fetchReportPage, reportCountersKey, reportListKey } from "../report-api";
import { flattenList, nextPageOffset, type ListPage } from "./report-list-state";
import { getReportSync, subscribeReportSyncs, type ReportSync } from "./report-sync";

/** Lists stay in the cache this long without a refetch: the real-time sync keeps them current. */
const LIST_STALE_MS = 5 * 60_000;

/** The query of one tab's reports in one sort order, loaded 100 at a time by offset: the panel's list
 * and the prefetch that starts it with the page's scripts (events/prefetch-panel.ts) share it. Each page also
 * updates the tab counters and, once it runs, the organisation's ReportSync. */
export function reportListQuery(queryClient: QueryClient, companyId: number, status: ReportStatus, sort: SortOption, favorites = false) {
  return infiniteQueryOptions({
    queryKey: reportListKey(companyId, status, sort, favorites),
    queryFn: async ({ pageParam, signal }): Promise<ListPage> => {
      const page = await fetchReportPage(companyId, { status, sort, offset: pageParam, favorites }, signal);
      getReportSync(companyId)?.rememberPage(page);
      queryClient.setQueryData<ReportCounters>(reportCountersKey(companyId), page.counters);
      return { reports: page.reports, total: page.total, hasMore: pageParam + page.reports.length < page.total, lastFollowupId: page.lastFollowupId };
    },
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    staleTime: LIST_STALE_MS,
    // The sync replaces one report at a time; deep-comparing thousands of reports per event costs more than it saves.
    structuralSharing: false,
  });
}

/** One tab's reports in one sort order, live through the ReportSync. */
export function useReportList(companyId: number, status: ReportStatus, sort: SortOption, favorites = false) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(reportListQuery(queryClient, companyId, status, sort, favorites));
  const reports: ReportListItem[] = useMemo(() => flattenList(query.data), [query.data]);
  return { ...query, reports };
}

/** The live counters of every tab (filled by list fetches, kept current by the real-time sync). */
export function useReportCounters(companyId: number): ReportCounters | undefined {
  const { data } = useQuery<ReportCounters>({
    queryKey: reportCountersKey(companyId),
    queryFn: async ({ signal }) => (await fetchReportPage(companyId, { status: "pending", sort: "newest", offset: 0, limit: 1 }, signal)).counters,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: false,
  });
  return data;
}

/** The running ReportSync of an organisation (started by the shell), re-rendering when it changes. */
export function useReportSync(companyId: number): ReportSync | undefined {
  return useSyncExternalStore(
    subscribeReportSyncs,
    () => getReportSync(companyId),
    () => undefined,
  );
}
