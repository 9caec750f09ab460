import { requireVisibleReport, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { markSeen, setFavorite } from "./report-flags.repository.js";

// The caller's own marks of a report (no change of the report: no log, no event); highlight and
// turn-off-comments are commands (commands.ts).

/** Stars or unstars the report for the caller alone (nobody else's panel changes). */
export async function favoriteReport(ctx: AppContext, scope: CompanyScope, reportId: number, isFavorite: boolean): Promise<{ reportId: number; isFavorite: boolean }> {
  await requireVisibleReport(ctx.db, scope, reportId);
  await setFavorite(ctx.db, scope, scope.actor.user.id, reportId, isFavorite);
  return { reportId, isFavorite };
}

/** Records that the caller opened the report: it is no longer bold in their panel, still for colleagues. */
export async function markReportSeen(ctx: AppContext, scope: CompanyScope, reportId: number): Promise<{ reportId: number; seen: true }> {
  await requireVisibleReport(ctx.db, scope, reportId);
  await markSeen(ctx.db, scope, scope.actor.user.id, reportId);
  return { reportId, seen: true };
}
