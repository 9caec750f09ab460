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

/** The current time in ms, updated every second while a component uses it. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
