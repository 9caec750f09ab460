import { createContext, useCallback, useContext, useEffect, useEffectEvent, useSyncExternalStore } from "react";
import type { RealtimeMessage } from "@atalaya/shared";
import type { ConnectionState, RealtimeClient } from "./realtime-client";

/** The client of the signed-in shell; null outside it. */
export const RealtimeContext = createContext<RealtimeClient | null>(null);

const OFFLINE: ConnectionState = {
  companyId: null,
  connected: false,
  connecting: false,
  lastConnectedAt: null,
  failedAttempts: 0,
};
const noopSubscribe = (): (() => void) => () => undefined;

/** The real-time client of the current shell, or null outside the signed-in portal. */
export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}

/** Connection flag, last connection time and failed attempts; re-renders on change. */
export function useConnectionState(): ConnectionState {
  const client = useRealtimeClient();
  const subscribe = useCallback(
    (listener: () => void) => (client ? client.subscribeState(listener) : noopSubscribe()),
    [client],
  );
  const getSnapshot = useCallback(() => (client ? client.getState() : OFFLINE), [client]);
  return useSyncExternalStore(subscribe, getSnapshot, () => OFFLINE);
}

/** Calls `listener` with every real-time message (in seq order, no duplicates) while mounted. */
export function useRealtimeEvents(listener: (message: RealtimeMessage) => void): void {
  const client = useRealtimeClient();
  const onMessage = useEffectEvent(listener);
  useEffect(() => {
    if (!client) return undefined;
    return client.subscribe((message) => onMessage(message));
  }, [client]);
}
