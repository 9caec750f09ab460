import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRealtimeEvents } from "../../realtime";
import { fetchReviews, lifeKeys } from "./report-life-api";

/** How many reports wait for the company's review (the menu row's badge, for those who decide them): the
 * review queue's own query, so a decision there or a held report told live (the bell refreshes the queue
 * on a reviewWaiting notification) moves it; read again when the channel reconnects and each minute. */
export function usePendingReviews(companyId: number, enabled: boolean): number {
  const queryClient = useQueryClient();
  const pending = useQuery({
    queryKey: lifeKeys.reviews(companyId, "pending"),
    queryFn: ({ signal }) => fetchReviews(companyId, "pending", signal),
    enabled,
    refetchInterval: 60_000,
  });
  useRealtimeEvents((message) => {
    if (enabled && message.type === "hello") void queryClient.invalidateQueries({ queryKey: lifeKeys.reviewQueue(companyId) });
  });
  return pending.data?.total ?? 0;
}
