import type { DuplicateCounts, DuplicateSuggestion, MergeDuplicateBody, Report } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/db.js";
import { AppError, forbidden, notFound } from "../http/errors.js";
import type { Emit } from "../realtime/publish.js";
import {
  attendingAudiences,
  audienceOf,
  changeReport,
  closeAttention,
  EVENT_VIEWER,
  findReport,
  findReportsByIds,
  logActivity,
  postClosingComment,
  presentReport,
  viewerOf,
} from "../reports/index.js";
import { bumpAttentions, dismissSuggestion, findSuggestions, moveFollowersAndLikes } from "./duplicates.repository.js";

const OPEN_STATUSES: readonly string[] = ["pending", "in_progress", "in_observation"];

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

/** Closes the report as repeated of the original in one step (a pending one needs no take first): posts
 * the closing comment the reporter reads in the app, moves the report's followers and likes to the
 * original (a user already there keeps the original's), logs it on both reports and tells everyone. */
export async function mergeDuplicate(
  ctx: AppContext,
  scope: CompanyScope,
  reportId: number,
  { originalId, ...closing }: MergeDuplicateBody,
): Promise<Report> {
  return changeReport(
    ctx,
    scope,
    reportId,
    "report.close",
    "mergedInto",
    async (tx, row, emit) => {
      if (!OPEN_STATUSES.includes(row.status)) throw new AppError(409, "invalidTransition", "alreadyClosed");
      // An observer organisation neither takes nor closes (SPEC §3 is_observer).
      if (row.company_is_observer) throw forbidden();
      if (originalId === reportId) throw notFound();
      const original = await findReport(tx, scope, originalId);
      if (!original || original.deleted_at) throw notFound();
      if (!OPEN_STATUSES.includes(original.status)) throw new AppError(409, "invalidTransition", "closed");
      const userId = scope.actor.user.id;
      await closeAttention(tx, scope, reportId, { kind: "repeated", repeatedOf: originalId, closedBy: userId });
      const comment = await postClosingComment(tx, emit, scope, row, { kind: "repeated", repeatedOf: originalId, ...closing });
      const moved = await moveFollowersAndLikes(tx, scope, reportId, originalId);
      await logActivity(tx, scope, originalId, userId, "mergedFrom", { reportId, ...moved });
      await emitOriginal(tx, emit, ctx.config.publicUrl, originalId);
      return { kind: "repeated", repeatedOf: originalId, ...moved, ...comment };
    },
    { shared: true },
  );
}

/** Inside a merge: the original's new follower and like counts reach every company attending it. */
async function emitOriginal(tx: Tx, emit: Emit, publicUrl: string, originalId: number): Promise<void> {
  await bumpAttentions(tx, originalId);
  for (const { company, audience } of await attendingAudiences(tx, originalId)) {
    const row = await findReport(tx, company, originalId);
    if (row) await emit(company.companyId, "updateReport", { report: presentReport(row, EVENT_VIEWER, publicUrl) }, audienceOf(row, audience));
  }
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
