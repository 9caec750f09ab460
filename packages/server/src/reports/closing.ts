import type { CloseCommand } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import { findAnswer } from "../answers/index.js";
import type { Tx } from "../db/db.js";
import { AppError, invalidField } from "../http/errors.js";
import type { Emit } from "../realtime/publish.js";
import { findComment, insertComment, lockReport } from "./comment.repository.js";
import { presentComment } from "./comment.presenter.js";
import { attendingAudiences, closeAttention, findReport, logActivity, type ReportRow } from "./report.repository.js";
import type { ChangeFn, ChangeOptions } from "./report-change.js";

/** What the closing form sends (SPEC §4): the kind, the report it repeats, and an automatic answer or a
 * comment posted as the closing comment. */
export type CloseBody = CloseCommand["closing"];

/** A closing comment is public: every attending company sees the new comment count. */
export function closeOptions(body: CloseBody): ChangeOptions {
  return { shared: body.automaticAnswerId !== undefined || !!body.comment?.trim() };
}

/** The closure's change (solved: the actor becomes the solver; not applicable; repeated of another
 * report), for the close command of one report or of a bulk action. */
export function closeChange(scope: CompanyScope, reportId: number, body: CloseBody): ChangeFn {
  return async (tx, row, emit) => {
    if (row.status === "solved" || row.status === "false") throw new AppError(409, "invalidTransition", "alreadyClosed");
    if (row.status === "pending" && !row.deleted_at) throw new AppError(409, "invalidTransition", "notTaken");
    let repeatedOf: number | null = null;
    if (body.kind === "repeated") {
      if (!body.repeatedOf || body.repeatedOf === reportId || !(await findReport(tx, scope, body.repeatedOf)))
        throw invalidField("repeatedOf", "invalid_report");
      repeatedOf = body.repeatedOf;
    }
    await closeAttention(tx, scope, reportId, { kind: body.kind, repeatedOf, closedBy: scope.actor.user.id });
    const closing = await postClosingComment(tx, emit, scope, row, body);
    return { kind: body.kind, ...(repeatedOf ? { repeatedOf } : {}), ...closing };
  };
}

/** Inside a closure's transaction (a close command, a merge of duplicates): posts the chosen automatic
 * answer (or the given comment) as the operator's public comment and tells every attending company.
 * Returns what the activity log records. An answer of another company, or one not usable in closure,
 * is 400 on automaticAnswerId. */
export async function postClosingComment(tx: Tx, emit: Emit, scope: CompanyScope, row: ReportRow, body: CloseBody): Promise<Record<string, unknown>> {
  let text = body.comment?.trim() || undefined;
  if (body.automaticAnswerId !== undefined) {
    const answer = await findAnswer(tx, scope, body.automaticAnswerId);
    if (!answer || !answer.usable_in_closure) throw invalidField("automaticAnswerId", "invalid_answer");
    text ??= answer.answer;
  }
  if (!text) return {};
  // The author deleted the report: operators may close it but not comment on it (SPEC §4). The lock
  // waits for a deletion in flight, so the check sees it.
  if (row.deleted_at || (await lockReport(tx, row.id, "share"))?.deleted) throw new AppError(409, "invalidTransition", "deletedByAuthor");
  const { companyId } = scope;
  const userId = scope.actor.user.id;
  const { id, created } = await insertComment(tx, { reportId: row.id, userId, companyId, body: text, media: [] });
  const comment = created ? await findComment(tx, id) : undefined;
  if (comment)
    for (const { company, audience } of await attendingAudiences(tx, row.id)) {
      // This company's log records the comment with the closure; the others see a comment arrive.
      if (company.companyId !== companyId) await logActivity(tx, company, row.id, userId, "commented", { commentId: id, companyId });
      await emit(company.companyId, "newComment", { reportId: row.id, comment: presentComment(comment, { companyId: company.companyId }) }, audience);
    }
  return { ...(body.automaticAnswerId !== undefined ? { automaticAnswerId: body.automaticAnswerId } : {}), commentId: id };
}
