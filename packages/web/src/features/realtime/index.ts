// The realtime feature's only door: the live connection: its context, provider and indicator.
export { ConnectionIndicator } from "./connection-indicator";
export { useConnectionState, useRealtimeClient, useRealtimeEvents } from "./realtime-context";
export { RealtimeProvider } from "./realtime-provider";
