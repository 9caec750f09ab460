import type { Report } from "@atalaya/shared";
import { requireVisibleReport, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { findReport } from "./report.repository.js";
import { changeReport, getCompanyReport } from "./report.service.js";
import { markSeen, setCommentsTurnedOff, setFavorite, setHighlighted, withViewerMarks } from "./report-flags.repository.js";

/** The report as the scope's user sees it after one of their own changes (with their own marks). */
async function mine(ctx: AppContext, scope: CompanyScope, report: Report): Promise<Report> {
  return (await withViewerMarks(ctx.db, scope, scope.actor.user.id, [report]))[0]!;
}

/** Pins the report to the top of its tab for the whole company (or unpins it); every operator's panel
 * moves it live through updateReport. Asking for the state it already has changes nothing. */
export async function highlightReport(ctx: AppContext, scope: CompanyScope, reportId: number, highlighted: boolean): Promise<Report> {
  const current = await findReport(ctx.db, scope, reportId);
  if (!current) throw notFound();
  if (current.highlighted === highlighted) return getCompanyReport(ctx, scope, { id: reportId });
  const report = await changeReport(ctx, scope, reportId, "report.work", highlighted ? "highlighted" : "unhighlighted", async (tx) => {
    await setHighlighted(tx, scope, reportId, scope.actor.user.id, highlighted);
  });
  return mine(ctx, scope, report);
}

/** Closes the shared report to new community comments (or reopens it): the app's comment route answers
 * 409 commentsTurnedOff meanwhile; operators still comment. Every attending organisation is told. */
export async function turnOffReportComments(ctx: AppContext, scope: CompanyScope, reportId: number, off: boolean): Promise<Report> {
  const current = await findReport(ctx.db, scope, reportId);
  if (!current) throw notFound();
  if (current.turn_off_comments === off) return getCompanyReport(ctx, scope, { id: reportId });
  const report = await changeReport(
    ctx,
    scope,
    reportId,
    "report.work",
    off ? "commentsTurnedOff" : "commentsTurnedOn",
    async (tx) => {
      await setCommentsTurnedOff(tx, scope, reportId, off);
    },
    { shared: true },
  );
  return mine(ctx, scope, report);
}

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
