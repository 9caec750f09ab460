import { reportTypeById, type AutomaticAnswer, type AutomaticAnswerBody, type AutomaticAnswerListQuery } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { invalidField, notFound } from "../http/errors.js";
import { deleteAnswer, insertAnswer, listAnswers, updateAnswer, type AnswerRow } from "./answer.repository.js";

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
export async function listCompanyAnswers(ctx: AppContext, scope: CompanyScope, q: AutomaticAnswerListQuery): Promise<AutomaticAnswer[]> {
  return (await listAnswers(ctx.db, scope, q)).map(present);
}

/** Creates an answer; only company admins. */
export async function createAnswer(ctx: AppContext, scope: CompanyScope, body: AutomaticAnswerBody): Promise<AutomaticAnswer> {
  requireKnownType(body);
  return present(await insertAnswer(ctx.db, scope, body));
}

/** Replaces an answer's fields; only company admins; another company's answer is 404. */
export async function editAnswer(ctx: AppContext, scope: CompanyScope, id: number, body: AutomaticAnswerBody): Promise<AutomaticAnswer> {
  requireKnownType(body);
  const row = await updateAnswer(ctx.db, scope, id, body);
  if (!row) throw notFound();
  return present(row);
}

/** Deletes an answer; only company admins; another company's answer is 404. */
export async function removeAnswer(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  if (!(await deleteAnswer(ctx.db, scope, id))) throw notFound();
}
