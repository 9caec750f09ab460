import type { ReviewDecision, ReviewItem, ReviewSettings, ReviewState } from "@atalaya/shared";
import { requireAccess, systemScope, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, notFound } from "../http/errors.js";
import { changeWithEvents } from "../realtime/publish.js";
import { notifyReviewWaiting, publishNotifications } from "../notifications/index.js";
import { deliverReportIn, recordReportActivity } from "../reports/index.js";
import { decideReview, findReview, listReviews, markReviewersTold, readReviewSettings, reviewerIds, writeReviewSettings, type ReviewRow } from "./review.repository.js";

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The API shape of a held report. */
function presentReview(r: ReviewRow): ReviewItem {
  return {
    reportId: r.report_id,
    uuid: r.uuid,
    type: r.type_id,
    description: r.description,
    address: r.address,
    latitude: r.latitude,
    longitude: r.longitude,
    createdAt: iso(r.created_at)!,
    state: r.state,
    reason: r.reason,
    reporter:
      r.reporter_id === null
        ? null
        : { id: r.reporter_id, name: r.reporter_name ?? "", accountCreatedAt: iso(r.reporter_created_at)!, complaints: r.complaints },
    decidedAt: iso(r.decided_at),
  };
}

/** The company's review settings (read by any member: the settings screen shows them). */
export function reviewSettings(ctx: AppContext, scope: CompanyScope): Promise<ReviewSettings> {
  return readReviewSettings(ctx.db, scope);
}

/** Saves the company's review settings; they apply to the reports that arrive from now on. */
export async function saveReviewSettings(ctx: AppContext, scope: CompanyScope, body: ReviewSettings): Promise<ReviewSettings> {
  await writeReviewSettings(ctx.db, scope, body);
  return readReviewSettings(ctx.db, scope);
}

/** A page of the company's held (or decided) reports. */
export async function reviewQueue(ctx: AppContext, scope: CompanyScope, q: { state: ReviewState; limit: number; offset: number }) {
  const { rows, total } = await listReviews(ctx.db, scope, q);
  return { reviews: rows.map(presentReview), total };
}

/** A company admin's decision on a held report: approve opens the company's attention (the report enters
 * the panel as new, its newReport event rings the operators' alarm); discard keeps it out for good.
 * 404 for a report the company never held, 409 alreadyReviewed once decided. */
export async function decide(ctx: AppContext, scope: CompanyScope, reportId: number, body: ReviewDecision): Promise<ReviewItem> {
  const userId = scope.actor.user.id;
  if (!(await findReview(ctx.db, scope, reportId))) throw notFound();
  requireAccess(scope, "reports.review");
  await changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    const state = body.decision === "approve" ? "approved" : "discarded";
    if (!(await decideReview(tx, scope, reportId, state, userId))) {
      if (await findReview(tx, scope, reportId)) throw new AppError(409, "conflict", "alreadyReviewed");
      throw notFound();
    }
    if (state === "approved") {
      // Its due time counts from now: nobody could work it while it waited.
      await deliverReportIn(tx, emit, ctx.config.publicUrl, scope.companyId, reportId, { source: "app", review: "approved" }, new Date());
      await recordReportActivity(tx, systemScope(scope.companyId), reportId, userId, "reviewApproved", {});
    }
  });
  const row = await findReview(ctx.db, scope, reportId);
  if (!row) throw notFound();
  return presentReview(row);
}

/** The job of a report just held for review (REVIEW_WAITING_JOB): the company's reviewers are told, live
 * and in their bell, so a held report does not wait unseen. Nothing when it was decided meanwhile, or
 * told already. Answers how many were told. */
export async function tellReviewers(ctx: AppContext, companyId: number, reportId: number): Promise<number> {
  const stored = await ctx.db.transaction(async (tx) => {
    const waiting = await markReviewersTold(tx, companyId, reportId);
    if (!waiting) return [];
    const audience = { zoneIds: waiting.zone_ids, typeId: waiting.type_id, assignedUserId: null };
    return notifyReviewWaiting(tx, { companyId, reportId, title: waiting.title, typeId: waiting.type_id, audience }, await reviewerIds(tx, companyId));
  });
  await publishNotifications(ctx.bus, stored);
  return stored.length;
}
