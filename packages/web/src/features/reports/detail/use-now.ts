import { useSyncExternalStore } from "react";

// One shared one-second clock for every countdown on screen.
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const snapshot = (): number => now;
const subscribeNothing = (): (() => void) => () => undefined;

/** The current time in ms, updated every second while a component uses it (and `active`, true unless
 * said: a component with nothing to count takes no part in the ticks). Every countdown of the screen
 * re-renders in the same tick, one commit and one layout a second for all of them. */
export function useNow(active = true): number {
  return useSyncExternalStore(active ? subscribe : subscribeNothing, snapshot, snapshot);
}
