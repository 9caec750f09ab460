import type { AnswerUsage, AutomaticAnswerBody } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

/** One automatic answer as stored. */
export type AnswerRow = Pick<
  Tables["automatic_answers"],
  "id" | "title" | "answer" | "answer_type" | "report_type_id" | "usable_in_management" | "usable_in_closure" | "created_at"
>;

const COLUMNS = "id, title, answer, answer_type, report_type_id, usable_in_management, usable_in_closure, created_at";

/** The company's answers, filtered by usage and by report type (answers for the type and for any type). */
export function listAnswers(db: Db, scope: TenantScope, q: { usage?: AnswerUsage; type?: number }): Promise<AnswerRow[]> {
  const params: unknown[] = [scope.companyId];
  let where = "company_id = $1";
  if (q.usage === "management") where += " and usable_in_management";
  if (q.usage === "closure") where += " and usable_in_closure";
  if (q.type !== undefined) {
    params.push(q.type);
    where += ` and (report_type_id is null or report_type_id = $${params.length})`;
  }
  return db.query<AnswerRow>(`select ${COLUMNS} from automatic_answers where ${where} order by lower(title), id`, params);
}

/** One answer of the company, or undefined (another company's id is simply not found). */
export function findAnswer(db: Tx, scope: TenantScope, id: number): Promise<AnswerRow | undefined> {
  return one<AnswerRow>(db, `select ${COLUMNS} from automatic_answers where company_id = $1 and id = $2`, [scope.companyId, id]);
}

/** Stores a new answer of the company. */
export async function insertAnswer(db: Db, scope: TenantScope, a: AutomaticAnswerBody): Promise<AnswerRow> {
  const row = await one<AnswerRow>(
    db,
    `insert into automatic_answers (company_id, title, answer, answer_type, report_type_id, usable_in_management, usable_in_closure)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
    [scope.companyId, a.title, a.answer, a.answerType, a.reportType ?? null, a.usableInManagement, a.usableInClosure],
  );
  return row!;
}

/** Replaces an answer's fields; undefined when the company has no such answer. */
export function updateAnswer(db: Db, scope: TenantScope, id: number, a: AutomaticAnswerBody): Promise<AnswerRow | undefined> {
  return one<AnswerRow>(
    db,
    `update automatic_answers set title = $3, answer = $4, answer_type = $5, report_type_id = $6,
            usable_in_management = $7, usable_in_closure = $8
      where company_id = $1 and id = $2 returning ${COLUMNS}`,
    [scope.companyId, id, a.title, a.answer, a.answerType, a.reportType ?? null, a.usableInManagement, a.usableInClosure],
  );
}

/** Deletes an answer; false when the company has no such answer. */
export async function deleteAnswer(db: Db, scope: TenantScope, id: number): Promise<boolean> {
  const rows = await db.query("delete from automatic_answers where company_id = $1 and id = $2 returning id", [scope.companyId, id]);
  return rows.length === 1;
}
