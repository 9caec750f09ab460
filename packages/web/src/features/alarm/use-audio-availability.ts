import { useSyncExternalStore } from "react";
import type { AlarmPlayer, AudioAvailability } from "./alarm-player";

/** Whether the browser lets the player sound (re-renders when it changes). */
export function useAudioAvailability(player: AlarmPlayer): AudioAvailability {
  return useSyncExternalStore(
    (listener) => player.subscribe(listener),
    () => player.availability(),
    () => "unavailable" as const,
  );
}
