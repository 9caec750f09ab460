/** A duration reduced to its largest unit, for compact labels such as "5 min" or "2 h". */
export interface CompactDuration {
  value: number;
  unit: "seconds" | "minutes" | "hours" | "days";
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Rounds an absolute duration down to its largest whole unit (under a minute reads as seconds). */
export function compactDuration(ms: number): CompactDuration {
  const abs = Math.abs(ms);
  if (abs < MINUTE) return { value: Math.floor(abs / 1000), unit: "seconds" };
  if (abs < HOUR) return { value: Math.floor(abs / MINUTE), unit: "minutes" };
  if (abs < DAY) return { value: Math.floor(abs / HOUR), unit: "hours" };
  return { value: Math.floor(abs / DAY), unit: "days" };
}

/** Due-time state of a report: no due date, due in the future (soon = within 15 minutes) or overdue. */
export type DueState = { kind: "none" } | { kind: "due"; in: CompactDuration; soon: boolean } | { kind: "overdue"; by: CompactDuration };

/** Whether a report is overdue and by how much, or how long is left (closed reports have no countdown). */
export function dueState(dueDate: string | null, now: number, closed = false): DueState {
  if (dueDate === null || closed) return { kind: "none" };
  const due = Date.parse(dueDate);
  if (Number.isNaN(due)) return { kind: "none" };
  const left = due - now;
  if (left < 0) return { kind: "overdue", by: compactDuration(left) };
  return { kind: "due", in: compactDuration(left), soon: left <= 15 * MINUTE };
}
