import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRealtimeEvents } from "../realtime";
import { collaboratorKeys, fetchCollaboratorUnread } from "./collaborator-messages-api";

/** The signed-in user's unread collaborator messages in the company (the menu row's badge): read again
 * when a message arrives live or the channel reconnects, and each minute in case a message was missed. */
export function useCollaboratorUnread(companyId: number, enabled: boolean): number {
  const queryClient = useQueryClient();
  const unread = useQuery({
    queryKey: collaboratorKeys.unread(companyId),
    queryFn: ({ signal }) => fetchCollaboratorUnread(companyId, signal),
    enabled,
    refetchInterval: 60_000,
  });
  useRealtimeEvents((message) => {
    if (!enabled) return;
    if (message.type === "hello" || (message.type === "collaboratorMessage" && message.companyId === companyId))
      void queryClient.invalidateQueries({ queryKey: collaboratorKeys.all(companyId) });
  });
  return unread.data ?? 0;
}
