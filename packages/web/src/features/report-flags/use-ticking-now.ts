import { useEffect, useState } from "react";

/** The current time refreshed every second while `active`: only the countdown that shows it re-renders,
 * not the whole list. */
export function useTickingNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
