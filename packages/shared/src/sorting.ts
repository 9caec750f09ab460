import { PRIORITY_WEIGHTS, type Priority, type ReportStatus, type SortOption } from "./enums.js";

/** The fields the sorting rules read. */
export interface Sortable {
  id: number;
  priority: Priority;
  dueDate: string | null;
  /** Pinned by an operator (issue 17): first in its tab whatever the sort. */
  highlighted?: boolean;
}

/** The sort a tab uses until the operator picks another: pending by triage, the rest newest first (SPEC §4). */
export function defaultSort(status: ReportStatus): SortOption {
  return status === "pending" ? "triage" : "newest";
}

const due = (r: Sortable) => (r.dueDate ? Date.parse(r.dueDate) : Number.POSITIVE_INFINITY);

/** Comparator of SPEC §4 (highlighted reports first): triage = priority weight highest first, then due time, no due date last,
 * equal due dates → higher id first; dueDate = due time only (same tie rules); newest/oldest by id. */
export function compareReports(sort: SortOption): (a: Sortable, b: Sortable) => number {
  const within = compareUnpinned(sort);
  // Highlighted reports go first in every sort, ordered among themselves by the same rule.
  return (a, b) => Number(b.highlighted === true) - Number(a.highlighted === true) || within(a, b);
}

function compareUnpinned(sort: SortOption): (a: Sortable, b: Sortable) => number {
  switch (sort) {
    case "newest":
      return (a, b) => b.id - a.id;
    case "oldest":
      return (a, b) => a.id - b.id;
    case "dueDate":
      return (a, b) => due(a) - due(b) || b.id - a.id;
    case "triage":
      return (a, b) => PRIORITY_WEIGHTS[b.priority] - PRIORITY_WEIGHTS[a.priority] || due(a) - due(b) || b.id - a.id;
  }
}

/** A sorted copy of reports. */
export function sortReports<T extends Sortable>(reports: readonly T[], sort: SortOption): T[] {
  return [...reports].sort(compareReports(sort));
}
