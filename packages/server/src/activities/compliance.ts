import type { ActivityGroup, ActivityState } from "@atalaya/shared";

// How submissions make an activity done: pure rules, unit-tested beside the code.

/** When the activity was done the 1st, 2nd… time in one period, from when each form was filled (epoch
 * ms, ascending): an `or` group is done once by any of its forms' submissions; an `and` group once all
 * its forms have one more; the activity once every group has. */
export function completionTimes(groups: readonly ActivityGroup[], timesOf: (formId: number) => readonly number[]): number[] {
  const each = groups.map((g) => {
    const lists = g.formIds.map(timesOf);
    if (g.operator === "or") return lists.flat().sort((a, b) => a - b);
    return allOf(lists);
  });
  return allOf(each);
}

// The k-th completion of "all of these" is when the slowest list reached its k-th entry.
function allOf(lists: readonly (readonly number[])[]): number[] {
  if (lists.length === 0) return [];
  const n = Math.min(...lists.map((l) => l.length));
  return Array.from({ length: n }, (_, k) => Math.max(...lists.map((l) => l[k]!)));
}

/** SPEC §4 state of one assignee's period at `now`: completed once done the times asked (within the
 * period), overdue when it ended short, in progress when begun, pending otherwise. */
export function periodState(completions: readonly number[], timesPerPeriod: number, periodEnd: number, now: number): { done: number; state: ActivityState; completedAt: number | null } {
  const done = completions.length;
  if (done >= timesPerPeriod) return { done, state: "completed", completedAt: completions[timesPerPeriod - 1]! };
  if (periodEnd <= now) return { done, state: "overdue", completedAt: null };
  return { done, state: done > 0 ? "inProgress" : "pending", completedAt: null };
}

/** The first period start or end after `now`, when the stored states must be computed again; null
 * once every period has ended. */
export function nextBoundary(periods: readonly { start: number; end: number }[], now: number): number | null {
  let next: number | null = null;
  for (const p of periods) for (const t of [p.start, p.end]) if (t > now && (next === null || t < next)) next = t;
  return next;
}
