import { useCallback, useSyncExternalStore } from "react";

const lists = new Map<string, MediaQueryList>();

function listOf(query: string): MediaQueryList | null {
  if (typeof window === "undefined" || !window.matchMedia) return null;
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/**
 * Whether a CSS media query matches, from the first render on and as it changes. (Ant Design's
 * Grid.useBreakpoint answers nothing until its effect has run: a phone rendered the desktop shell
 * first, then its own, in the same commit.)
 */
export function useMediaQuery(query: string): boolean {
  // The same functions from render to render: a new subscribe function would subscribe again each time.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    [query],
  );
  const matches = useCallback(() => listOf(query)?.matches ?? false, [query]);
  return useSyncExternalStore(subscribe, matches, () => false);
}
