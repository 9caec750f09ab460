import type { DuplicateCounts, DuplicateSuggestion, Report } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { changeReport, findReport, findReportsByIds, presentReport, viewerOf } from "../reports/index.js";
import { dismissSuggestion, findSuggestions } from "./duplicates.repository.js";

/** The open reports the report may repeat, as the scope sees them, nearest first; none when the report
 * is closed. 404 when the scope may not see the report. */
export async function listSuggestions(ctx: AppContext, scope: CompanyScope, reportId: number): Promise<DuplicateSuggestion[]> {
  if (!(await findReport(ctx.db, scope, reportId))) throw notFound();
  const rows = await findSuggestions(ctx.db, scope, [reportId]);
  if (rows.length === 0) return [];
  const reports = new Map((await findReportsByIds(ctx.db, scope, rows.map((r) => r.original_id))).map((r) => [r.id, r]));
  const viewer = viewerOf(scope);
  return rows.flatMap((s) => {
    const original = reports.get(s.original_id);
    return original
      ? [{ report: presentReport(original, viewer, ctx.config.publicUrl), distanceMeters: Math.round(s.distance_m), minutesBefore: Math.round(s.minutes_before) }]
      : [];
  });
}

/** How many suggestions each listed report has (reports the scope may not see count none). */
export async function countSuggestions(ctx: AppContext, scope: CompanyScope, reportIds: readonly number[]): Promise<DuplicateCounts> {
  const counts = new Map<number, number>();
  for (const row of await findSuggestions(ctx.db, scope, reportIds)) counts.set(row.report_id, (counts.get(row.report_id) ?? 0) + 1);
  return [...counts].map(([reportId, count]) => ({ reportId, count }));
}

/** Never suggests the original on this report again (for the company); the report's log says so and
 * its update goes live, so other operators' badges follow. 404 when either report is out of sight. */
export async function dismissDuplicate(ctx: AppContext, scope: CompanyScope, reportId: number, originalId: number): Promise<Report> {
  return changeReport(ctx, scope, reportId, "report.work", "duplicateDismissed", async (tx) => {
    if (originalId === reportId || !(await findReport(tx, scope, originalId))) throw notFound();
    await dismissSuggestion(tx, scope, reportId, originalId, scope.actor.user.id);
    return { originalId };
  });
}
