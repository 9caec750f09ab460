import type { QueryClient } from "@tanstack/react-query";
import { localStore } from "../../../lib/storage";
import { getSession } from "../../session";
import { getSelectedCompanyId, settingsQuery } from "../../settings";
import { readPanelSort, readPanelTab } from "./panel-preferences";
import { reportListQuery } from "../lists/use-report-list";

/**
 * Starts what the events panel shows first — the settings and the first page of the remembered tab —
 * while the panel's scripts still download (the route's loader calls it), instead of once they have run
 * and rendered the frame: on a phone's network that was two round trips after seconds of scripts. The
 * screens then find the answers in the cache, or join the requests in flight. The organisation is the
 * one chosen last; without one, its page starts when the settings name the user's default.
 */
export function prefetchPanel(queryClient: QueryClient): void {
  if (getSession() === null) return;
  const firstPage = (companyId: number) => {
    const tab = readPanelTab(localStore());
    void queryClient.prefetchInfiniteQuery(reportListQuery(queryClient, companyId, tab, readPanelSort(localStore(), tab)));
  };
  const selected = getSelectedCompanyId();
  if (selected !== null) firstPage(selected);
  queryClient.fetchQuery(settingsQuery(selected)).then(
    (settings) => {
      if (settings.company.id !== selected) firstPage(settings.company.id);
    },
    // The frame asks again and shows what went wrong (app-layout.tsx).
    () => undefined,
  );
}
