import type { MergeCommand } from "@atalaya/shared";
import type { CompanyScope, TenantScope } from "../auth/access.js";
import type { Tx } from "../db/db.js";
import { AppError, forbidden, notFound } from "../http/errors.js";
import type { Emit } from "../realtime/publish.js";
import { postClosingComment } from "./closing.js";
import type { ChangeFn } from "./report-change.js";
import { audienceOf, EVENT_VIEWER, presentReport } from "./report.presenter.js";
import { attendingAudiences, closeAttention, findReport, logActivity } from "./report.repository.js";

// A merge of duplicates (issue 18) as the reports domain's command: the duplicate is closed as repeated
// of the original with its closing comment, its followers and likes move to the original, both logs
// say so and both reports' updates go live. The duplicates domain keeps its suggestions and dismissals.

const OPEN_STATUSES: readonly string[] = ["pending", "in_progress", "in_observation"];

/** The merge's change (a pending report needs no take first): 409 alreadyClosed when the report is
 * closed, 403 for an observer organisation, 404 when the original is the report itself or out of
 * sight (or deleted), 409 closed when the original is. */
export function mergeChange(publicUrl: string, scope: CompanyScope, reportId: number, { originalId, ...closing }: Omit<MergeCommand, "kind">): ChangeFn {
  return async (tx, row, emit) => {
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
    await emitOriginal(tx, emit, publicUrl, originalId);
    return { kind: "repeated", repeatedOf: originalId, ...moved, ...comment };
  };
}

/** Inside a merge: the original's new follower and like counts reach every company attending it. */
async function emitOriginal(tx: Tx, emit: Emit, publicUrl: string, originalId: number): Promise<void> {
  await bumpAttentions(tx, originalId);
  for (const { company, audience } of await attendingAudiences(tx, originalId)) {
    const row = await findReport(tx, company, originalId);
    if (row) await emit(company.companyId, "updateReport", { report: presentReport(row, EVENT_VIEWER, publicUrl) }, audienceOf(row, audience));
  }
}

/** Moves the community's follows and likes of one report to another, leaving out those the original
 * already has (a user who liked both keeps the original's vote), and recounts the original's likes.
 * The company's operator follows move too (within the company). Returns how many of each moved. */
async function moveFollowersAndLikes(tx: Tx, scope: TenantScope, fromId: number, toId: number): Promise<{ followers: number; likes: number }> {
  const app = await tx.query(
    `insert into app_followers (report_id, user_id, created_at)
     select $2, user_id, created_at from app_followers where report_id = $1
     on conflict do nothing returning user_id`,
    [fromId, toId],
  );
  await tx.query("delete from app_followers where report_id = $1", [fromId]);
  const operators = await tx.query(
    `insert into followers (company_id, report_id, user_id, created_at)
     select company_id, $3, user_id, created_at from followers where company_id = $1 and report_id = $2
     on conflict do nothing returning user_id`,
    [scope.companyId, fromId, toId],
  );
  await tx.query("delete from followers where company_id = $1 and report_id = $2", [scope.companyId, fromId]);
  const likes = await tx.query(
    `insert into likes (report_id, user_id, value, created_at)
     select $2, user_id, value, created_at from likes where report_id = $1
     on conflict (report_id, user_id) do nothing returning user_id`,
    [fromId, toId],
  );
  await tx.query("delete from likes where report_id = $1", [fromId]);
  await tx.query(
    `update reports set likes_count = (select count(*) from likes l where l.report_id = reports.id and l.value = 1),
                        dislikes_count = (select count(*) from likes l where l.report_id = reports.id and l.value = -1)
      where id = any($1::int[])`,
    [[fromId, toId]],
  );
  return { followers: app.length + operators.length, likes: likes.length };
}

/** Bumps every company's attention version of a report whose shared data changed (clients compare it). */
async function bumpAttentions(tx: Tx, reportId: number): Promise<void> {
  await tx.query("update report_attentions set version = version + 1, updated_at = now() where report_id = $1", [reportId]);
}
