import { reportTypeById, type AutomaticAnswer, type AutomaticAnswerBody, type AutomaticAnswerListQuery } from "@atalaya/shared";
import { authorize, type Actor } from "../auth/access.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/db.js";
import { AppError, invalidField, notFound } from "../http/errors.js";
import { presentComment } from "../interactions/interaction.presenter.js";
import { findComment, insertComment, lockReport } from "../interactions/interaction.repository.js";
import type { Emit } from "../realtime/publish.js";
import { attendingCompanies, logActivity, type ReportRow } from "../reports/report.repository.js";
import {
  deleteAnswer,
  findAnswer,
  insertAnswer,
  listAnswers,
  updateAnswer,
  type AnswerRow,
} from "./answer.repository.js";

const present = (r: AnswerRow): AutomaticAnswer => ({
  id: r.id,
  title: r.title,
  answer: r.answer,
  answerType: r.answer_type,
  reportType: r.report_type_id,
  usableInManagement: r.usable_in_management,
  usableInClosure: r.usable_in_closure,
  createdAt: new Date(r.created_at).toISOString(),
});

function requireKnownType(body: AutomaticAnswerBody): void {
  if (body.reportType !== undefined && body.reportType !== null && !reportTypeById(body.reportType))
    throw invalidField("reportType", "invalid_type");
}

/** The company's answers for operators picking one (filters: usage, report type). */
export async function listCompanyAnswers(ctx: AppContext, actor: Actor, companyId: number, q: AutomaticAnswerListQuery): Promise<AutomaticAnswer[]> {
  await authorize(ctx.db, actor, companyId, "report.work");
  return (await listAnswers(ctx.db, companyId, q)).map(present);
}

/** Creates an answer; only company admins. */
export async function createAnswer(ctx: AppContext, actor: Actor, companyId: number, body: AutomaticAnswerBody): Promise<AutomaticAnswer> {
  await authorize(ctx.db, actor, companyId, "answers.manage");
  requireKnownType(body);
  return present(await insertAnswer(ctx.db, companyId, body));
}

/** Replaces an answer's fields; only company admins; another company's answer is 404. */
export async function editAnswer(ctx: AppContext, actor: Actor, companyId: number, id: number, body: AutomaticAnswerBody): Promise<AutomaticAnswer> {
  await authorize(ctx.db, actor, companyId, "answers.manage");
  requireKnownType(body);
  const row = await updateAnswer(ctx.db, companyId, id, body);
  if (!row) throw notFound();
  return present(row);
}

/** Deletes an answer; only company admins; another company's answer is 404. */
export async function removeAnswer(ctx: AppContext, actor: Actor, companyId: number, id: number): Promise<void> {
  await authorize(ctx.db, actor, companyId, "answers.manage");
  if (!(await deleteAnswer(ctx.db, companyId, id))) throw notFound();
}

/** Inside a closure's transaction: posts the chosen automatic answer (or the given comment) as the
 * operator's public comment and tells every attending company. Returns what the activity log records.
 * An answer of another company, or one not usable in closure, is 400 on automaticAnswerId. */
export async function postClosingComment(
  tx: Db,
  emit: Emit,
  companyId: number,
  row: ReportRow,
  userId: number,
  body: { automaticAnswerId?: number; comment?: string },
): Promise<Record<string, unknown>> {
  let text = body.comment?.trim() || undefined;
  if (body.automaticAnswerId !== undefined) {
    const answer = await findAnswer(tx, companyId, body.automaticAnswerId);
    if (!answer || !answer.usable_in_closure) throw invalidField("automaticAnswerId", "invalid_answer");
    text ??= answer.answer;
  }
  if (!text) return {};
  // The author deleted the report: operators may close it but not comment on it (SPEC §4). The lock
  // waits for a deletion in flight, so the check sees it.
  if (row.deleted_at || (await lockReport(tx, row.id, "share"))?.deleted) throw new AppError(409, "invalidTransition", "deletedByAuthor");
  const { id, created } = await insertComment(tx, { reportId: row.id, userId, companyId, body: text, media: [] });
  const comment = created ? await findComment(tx, id) : undefined;
  if (comment)
    for (const cid of await attendingCompanies(tx, row.id)) {
      // This company's log records the comment with the closure; the others see a comment arrive.
      if (cid !== companyId) await logActivity(tx, cid, row.id, userId, "commented", { commentId: id, companyId });
      await emit(cid, "newComment", { reportId: row.id, comment: presentComment(comment, { companyId: cid }) });
    }
  return { ...(body.automaticAnswerId !== undefined ? { automaticAnswerId: body.automaticAnswerId } : {}), commentId: id };
}
