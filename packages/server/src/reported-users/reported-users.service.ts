import type { CompanyRole, Complaint, ComplaintReason, ReportedUser, UserImpact } from "@atalaya/shared";
import { can, companiesSeeingReport, listUserCompanies, resolveScope, type Actor, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { companyHasGate } from "../company-settings/index.js";
import { AppError, invalidField, notFound } from "../http/errors.js";
import { flagCommentAsCommunity, reportVisibleInApp } from "../interactions/index.js";
import { setUserLocked } from "../users/index.js";
import {
  findCommentAuthor,
  findComplaint,
  findReportAuthor,
  insertComplaint,
  isCommunityUser,
  listReportedUsers,
  userImpact,
  userSeenInScope,
  type ComplaintRow,
  type TargetKind,
} from "./complaint.repository.js";

function present(c: ComplaintRow): Complaint {
  return {
    id: c.id,
    targetKind: c.target_kind,
    targetId: c.target_id,
    userId: c.target_user_id,
    reason: c.reason,
    body: c.body,
    createdAt: c.created_at.toISOString(),
  };
}

interface ComplaintInput {
  reportId?: number;
  commentId?: number;
  userId?: number;
  reason: ComplaintReason;
  body: string;
}

/** A community user or an operator complains about a community user: the author of a report or comment
 * they may see (as a member of an attending company, or in the app), or the user. Once per complainant and
 * item: a repeat answers the first. A report complaint raises its abuseCounter; a community user's
 * complaint about a comment is also their community flag on it (COMMENT_FLAGS_TO_HIDE hide it). */
export async function fileComplaint(ctx: AppContext, actor: Actor, input: ComplaintInput): Promise<{ created: boolean; complaint: Complaint }> {
  const { db } = ctx;
  const [kind, targetId, field]: [TargetKind, number, string] =
    input.reportId !== undefined ? ["report", input.reportId, "reportId"]
    : input.commentId !== undefined ? ["comment", input.commentId, "commentId"]
    : ["user", input.userId!, "userId"];
  const existing = await findComplaint(db, actor.user.id, kind, targetId);
  if (existing) return { created: false, complaint: present(existing) };

  let targetUserId: number | null;
  let reportId: number | null = null;
  let companyId: number | null = null;
  let flagAsCommunity = false;
  if (kind === "report") {
    const report = await findReportAuthor(db, targetId);
    if (!report) throw notFound();
    const asMember = (await companiesSeeingReport(db, actor.user.id, targetId)).length > 0;
    if (!asMember && !(await reportVisibleInApp(db, targetId, actor))) throw notFound();
    targetUserId = report.by_company ? null : report.user_id;
    reportId = targetId;
  } else if (kind === "comment") {
    const comment = await findCommentAuthor(db, targetId);
    if (!comment) throw notFound();
    const asMember = (await companiesSeeingReport(db, actor.user.id, comment.report_id)).length > 0;
    if (!asMember && (comment.hidden || !(await reportVisibleInApp(db, comment.report_id, actor)))) throw notFound();
    targetUserId = comment.by_company ? null : comment.user_id;
    reportId = comment.report_id;
    flagAsCommunity = !asMember;
  } else {
    targetUserId = targetId;
    if (!(await isCommunityUser(db, targetId))) throw notFound();
    companyId = (await listUserCompanies(db, actor.user.id))[0]?.id ?? null;
  }
  if (targetUserId === null || !(await isCommunityUser(db, targetUserId))) throw invalidField(field, "notCommunityUser");
  if (targetUserId === actor.user.id) throw invalidField(field, "ownItem");
  // The community flag hides the comment in the app from COMMENT_FLAGS_TO_HIDE users and tells the
  // attending companies; it is recorded once per user like the complaint.
  if (flagAsCommunity) await flagCommentAsCommunity(ctx, actor, targetId);
  const { created, complaint } = await db.transaction((tx) =>
    insertComplaint(tx, {
      complainantId: actor.user.id,
      targetUserId: targetUserId,
      kind,
      targetId,
      reportId,
      commentId: kind === "comment" ? targetId : null,
      companyId,
      reason: input.reason,
      body: input.body,
    }),
  );
  return { created, complaint: present(complaint) };
}

/** The user's impact over the reports the caller's companies attend, each within the caller's
 * restrictions there; 404 when the caller sees neither a report nor a comment of the user. */
export async function getUserImpact(ctx: AppContext, actor: Actor, userId: number): Promise<UserImpact> {
  // Only the companies where the caller reads reported users (not a patrol's).
  const companies = (await listUserCompanies(ctx.db, actor.user.id)).filter((c) => can(c.role as CompanyRole, "reportedUsers.read"));
  const scopes = await Promise.all(companies.map((c) => resolveScope(ctx.db, actor, c.id, "reportedUsers.read")));
  const impact = await userImpact(ctx.db, scopes, userId);
  if (!impact) throw notFound();
  return impact;
}

/** A page of the company's reported community users, within the scope's restrictions. */
export async function getReportedUsers(
  ctx: AppContext,
  scope: CompanyScope,
  q: { page: number; pageSize: number },
): Promise<{ users: ReportedUser[]; total: number; canLock: boolean }> {
  const { rows, total } = await listReportedUsers(ctx.db, scope, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return {
    users: rows.map(({ last_complaint_at, ...u }) => ({ ...u, lastComplaintAt: last_complaint_at.toISOString() })),
    total,
    canLock: can(scope.role, "appUsers.lock") && (await mayBlockCommunityUsers(ctx, scope)),
  };
}

/** SPEC §6 "blocking users without role": locking the community's users (accounts with no role in the
 * company) is a feature of the companies in that gate (company_gates, 268 and 110). */
function mayBlockCommunityUsers(ctx: AppContext, scope: CompanyScope): Promise<boolean> {
  return companyHasGate(ctx.db, scope.companyId, "block_users_without_role");
}

/** A company admin of a company in the blocking gate locks or unlocks a community user of the
 * company's reports (one whose report or comment the scope sees); locking revokes every token of
 * theirs at once. Others are 404; a company outside the gate 403 blockingUsersDisabled. */
export async function setAppUserLocked(ctx: AppContext, scope: CompanyScope, userId: number, locked: boolean): Promise<{ id: number; locked: boolean }> {
  // Another company's user is 404 before the gate is asked, as for any record the company does not own.
  if (!(await isCommunityUser(ctx.db, userId)) || !(await userSeenInScope(ctx.db, scope, userId))) throw notFound();
  if (!(await mayBlockCommunityUsers(ctx, scope))) throw new AppError(403, "blockingUsersDisabled", "blocking users gate");
  await setUserLocked(ctx.db, userId, locked);
  return { id: userId, locked };
}
