/** Time left until a due date (negative when overdue), split for display as d h m s (SPEC §9). */
export interface DueCountdown {
  overdue: boolean;
  /** Absolute remaining or exceeded time, e.g. "1d 2h 5m" or "4m 10s". */
  text: string;
  /** Remaining milliseconds; negative when overdue. */
  remainingMs: number;
  /** Less than an hour left (and not overdue). */
  soon: boolean;
}

/** Formats a duration as d h m s, showing at most the two or three most significant units. */
export function formatDuration(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}

/** The countdown to a report's due date at `now`, or null without a (valid) due date. */
export function dueCountdown(dueDate: string | null, now: number): DueCountdown | null {
  if (!dueDate) return null;
  const due = Date.parse(dueDate);
  if (Number.isNaN(due)) return null;
  const remainingMs = due - now;
  return {
    overdue: remainingMs < 0,
    text: formatDuration(remainingMs),
    remainingMs,
    soon: remainingMs >= 0 && remainingMs < 3_600_000,
  };
}
