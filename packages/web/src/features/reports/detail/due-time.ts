import { formatTimeLeft } from "../../../lib/dates";

/** Time left until a due date (negative when overdue), for the detail's due chip. */
export interface DueCountdown {
  overdue: boolean;
  /** Absolute remaining or exceeded time as every due time reads (lib/dates formatTimeLeft). */
  text: string;
  /** Remaining milliseconds; negative when overdue. */
  remainingMs: number;
  /** Less than an hour left (and not overdue). */
  soon: boolean;
}

/** The countdown to a report's due date at `now`, or null without a (valid) due date. */
export function dueCountdown(dueDate: string | null, now: number): DueCountdown | null {
  if (!dueDate) return null;
  const due = Date.parse(dueDate);
  if (Number.isNaN(due)) return null;
  const remainingMs = due - now;
  const { text, late } = formatTimeLeft(remainingMs);
  return { overdue: late, text, remainingMs, soon: !late && remainingMs < 3_600_000 };
}
