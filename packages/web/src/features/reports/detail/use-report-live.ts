import { useQueryClient } from "@tanstack/react-query";
import type { Comment, Note, Report } from "@atalaya/shared";
import { mergeLiveQueryData } from "../../../lib/live-query";
import { useRealtimeEvents } from "../../realtime";
import { detailKeys } from "./detail-api";
import { addComment, addNote, applyLikes, applyMediaStatus, detailEventOf, mergeLiveReport } from "./live-updates";

/**
 * Applies the real-time events of one report to the detail's caches: report changes (a colleague's
 * take shows at once, then the exact abilities are refetched), comments, notes, likes, media status
 * (presence is usePresence's). `onRemoved` runs when the report leaves this organisation's lists.
 * A part merged while a read of the same list is on its way reads the list again (mergeLiveQueryData):
 * that read may have been answered before the change.
 */
export function useReportLive(companyId: number, uuid: string, reportId: number | null, onRemoved: () => void): void {
  const queryClient = useQueryClient();
  useRealtimeEvents((message) => {
    if (reportId === null || message.companyId !== companyId) return;
    const event = detailEventOf(message, reportId);
    if (!event) return;
    const reportKey = detailKeys.report(companyId, uuid);
    const sub = (part: string) => detailKeys.sub(companyId, reportId, part);
    switch (event.kind) {
      case "report":
        queryClient.setQueryData<Report>(reportKey, (current) => mergeLiveReport(current, event.report));
        void queryClient.invalidateQueries({ queryKey: reportKey, exact: true });
        void queryClient.invalidateQueries({ queryKey: sub("activity") });
        void queryClient.invalidateQueries({ queryKey: sub("followers") });
        return;
      case "comment":
        void mergeLiveQueryData<Comment[]>(queryClient, sub("comments"), (list) => addComment(list, event.comment));
        if (event.comment.media.length > 0) void queryClient.invalidateQueries({ queryKey: sub("gallery") });
        void queryClient.invalidateQueries({ queryKey: sub("activity") });
        return;
      case "note":
        void mergeLiveQueryData<Note[]>(queryClient, sub("notes"), (list) => addNote(list, event.note));
        void queryClient.invalidateQueries({ queryKey: sub("activity") });
        return;
      case "likes":
        void mergeLiveQueryData<Report>(queryClient, reportKey, (current) => applyLikes(current, event.likes, event.dislikes));
        return;
      case "media":
        void mergeLiveQueryData<Report>(queryClient, reportKey, (current) => applyMediaStatus(current, event.media));
        void queryClient.invalidateQueries({ queryKey: sub("gallery") });
        void queryClient.invalidateQueries({ queryKey: sub("comments") });
        return;
      case "presence":
        // Kept by usePresence, which also orders events against its own requests.
        return;
      case "removed":
        onRemoved();
        return;
    }
  });
}
