import { useEffect, useRef, useState } from "react";
import { PRESENCE_HEARTBEAT_SECONDS, presenceMessageDataSchema, type PresenceViewer } from "@atalaya/shared";
import { useRealtimeEvents } from "../../realtime";
import { getSession } from "../../session";
import { fetchPresence, sendPresence } from "./detail-api";

/**
 * Tells the server this operator has the report open (now and every 20 s) and that they left (on
 * unmount and when the page goes away, with a keepalive request that outlives the page). Returns the
 * viewers, kept current by `presence` events; an HTTP answer older than the last event is ignored, so
 * a slow response never hides a colleague who just arrived.
 */
export function usePresence(companyId: number, reportId: number): PresenceViewer[] {
  const [viewers, setViewers] = useState<PresenceViewer[]>([]);
  // Bumped by every presence event: answers to requests sent before it are stale.
  const generation = useRef(0);

  useRealtimeEvents((message) => {
    if (message.type !== "presence" || message.companyId !== companyId) return;
    const parsed = presenceMessageDataSchema.safeParse(message.data);
    if (!parsed.success || parsed.data.reportId !== reportId) return;
    generation.current += 1;
    setViewers(parsed.data.viewers);
  });

  useEffect(() => {
    let open = false;
    let active = true;
    const apply = (sentAt: number) => (list: PresenceViewer[]) => {
      if (active && generation.current === sentAt) setViewers(list);
    };
    // Presence is a courtesy: a failed call must never disturb the operator.
    const ignore = (): undefined => undefined;
    const announce = (): void => {
      open = true;
      sendPresence(companyId, reportId, true).then(apply(generation.current), ignore);
    };
    const leave = (): void => {
      if (!open) return;
      open = false;
      // After a logout the session is gone: no request (the server forgets the viewer when it expires).
      if (getSession() === null) return;
      sendPresence(companyId, reportId, false).catch(ignore);
    };
    const onVisibility = (): void => {
      if (document.visibilityState === "visible") announce();
    };

    fetchPresence(companyId, reportId).then(apply(generation.current), ignore);
    announce();
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden") announce();
    }, PRESENCE_HEARTBEAT_SECONDS * 1000);
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      active = false;
      clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", onVisibility);
      leave();
    };
  }, [companyId, reportId]);

  return viewers;
}
