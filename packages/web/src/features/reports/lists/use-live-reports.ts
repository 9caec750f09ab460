import { useEffect, useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { fetchIncomingComments, fetchReportPage, fetchReportsAfter } from "../report-api";
import { useConnectionState, useRealtimeClient } from "../../realtime";
import { useSettings } from "../../settings";
import { firstPollDelayMs, pollOnce, pollingIntervalMs } from "./polling";
import type { ViewerScope } from "./report-list-state";
import { ReportSync, registerReportSync } from "./report-sync";

/** The operator's list scope from the settings (SPEC §6 zones, report types, only-assigned setting). */
export function useViewerScope(): ViewerScope {
  const { settings } = useSettings();
  const { company, user } = settings;
  const onlyAssigned = user.settings.onlyAssignedReports;
  const zonesKey = user.zones.join(",");
  const typesKey = user.reportTypes.join(",");
  return useMemo(
    () => ({
      companyId: company.id,
      userId: user.id,
      zones: zonesKey === "" ? [] : zonesKey.split(",").map(Number),
      reportTypes: typesKey === "" ? [] : typesKey.split(",").map(Number),
      onlyAssigned,
    }),
    [company.id, user.id, zonesKey, typesKey, onlyAssigned],
  );
}

/**
 * Runs the live side of the report lists for the signed-in organisation: one ReportSync fed by the
 * real-time channel, and the polling fallback (SPEC §7/§9) while the socket is down. Mounted once in
 * the shell (by the alarm provider) so lists and alarm stay live on every screen.
 */
export function useLiveReports(): ReportSync {
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const { connected } = useConnectionState();
  const { settings } = useSettings();
  const scope = useViewerScope();
  const sync = useMemo(
    () =>
      new ReportSync(queryClient, scope, {
        fetchCounters: async () =>
          (await fetchReportPage(scope.companyId, { status: "pending", sort: "newest", offset: 0, limit: 1 })).counters,
      }),
    [queryClient, scope],
  );

  // The drawer of incoming comments starts from the server's latest, not empty after a reload.
  useEffect(() => {
    const controller = new AbortController();
    fetchIncomingComments(scope.companyId, controller.signal).then(
      (comments) => sync.seedComments(comments),
      () => undefined, // live comments still arrive; the drawer is a convenience
    );
    return () => controller.abort();
  }, [sync, scope.companyId]);

  useEffect(() => {
    sync.start();
    const unregister = registerReportSync(sync);
    const unsubscribe = client?.subscribe((message) => sync.handle(message));
    return () => {
      unsubscribe?.();
      unregister();
      sync.stop();
    };
  }, [sync, client]);

  const intervalMs = pollingIntervalMs(settings.config);
  const companyId = scope.companyId;
  useEffect(() => {
    if (connected) return undefined;
    const controller = new AbortController();
    const deps = {
      fetchAfter: (cursor: number, offset: number, signal?: AbortSignal) => fetchReportsAfter(companyId, cursor, offset, signal),
      fetchCursor: (signal?: AbortSignal) => fetchReportPage(companyId, { status: "pending", sort: "newest", offset: 0, limit: 1 }, signal),
    };
    const poll = () => void pollOnce(sync, companyId, deps, controller.signal).catch(() => undefined);
    // A first poll soon after the socket is lost, so a blocked socket does not hide new reports for a
    // whole interval; spread over seconds so that a server restart is not met by every browser at once.
    const first = setTimeout(poll, firstPollDelayMs());
    const timer = setInterval(poll, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      controller.abort();
    };
  }, [connected, sync, companyId, intervalMs]);

  return sync;
}
