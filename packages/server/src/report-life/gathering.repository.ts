import type { GatheringForm, GatheringQuestion } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

/** The report as its reporter's app reaches it: by uuid, only its author's. */
export type OwnReportRow = Pick<Tables["reports"], "id" | "uuid" | "type_id" | "user_id" | "is_anonymous" | "deleted_at" | "rating_points"> & {
  /** Never null here: the query selects the caller's own report. */
  user_id: number;
};

/** The caller's own report by uuid (undefined for anyone else's: the same 404). */
export function findOwnReport(db: Tx, userId: number, uuid: string): Promise<OwnReportRow | undefined> {
  return one<OwnReportRow>(
    db,
    "select id, uuid::text as uuid, type_id, user_id, is_anonymous, deleted_at, rating_points from reports where uuid = $1::uuid and user_id = $2",
    [uuid, userId],
  );
}

/** Starts the company's gathering on a report, replacing a completed one. */
export async function insertGathering(
  tx: Tx,
  scope: TenantScope,
  reportId: number,
  g: { questions: GatheringQuestion[]; form: GatheringForm | null; startedBy: number },
): Promise<void> {
  await tx.query("delete from report_gatherings where company_id = $1 and report_id = $2", [scope.companyId, reportId]);
  await tx.query(
    "insert into report_gatherings (company_id, report_id, form_template_id, questions, form, started_by) values ($1, $2, $3, $4::jsonb, $5::jsonb, $6)",
    [scope.companyId, reportId, g.form?.id ?? null, JSON.stringify(g.questions), g.form ? JSON.stringify(g.form) : null, g.startedBy],
  );
}

/** Clears the company's gathering of a report; false when there was none. */
export async function deleteGathering(tx: Tx, scope: TenantScope, reportId: number): Promise<boolean> {
  return (await tx.query("delete from report_gatherings where company_id = $1 and report_id = $2 returning 1", [scope.companyId, reportId])).length > 0;
}

/** A gathering as the reporter's app reads it. */
export type AppGatheringRow = Pick<
  Tables["report_gatherings"],
  "id" | "company_id" | "form_template_id" | "questions" | "answers" | "form" | "form_values" | "started_at" | "completed_at" | "started_by"
> & {
  company_name: Tables["companies"]["name"];
  questions: { text: string; required: boolean }[];
  answers: string[] | null;
  form: GatheringForm | null;
  form_values: { values: Record<string, unknown>; extras: Record<string, string> } | null;
  /** The operator who asked (null once their account is gone). */
  started_by: number | null;
};

const APP_ROW = `select g.id, g.company_id, c.name as company_name, g.form_template_id, g.questions, g.answers, g.form, g.form_values, g.started_at, g.completed_at, g.started_by
  from report_gatherings g join companies c on c.id = g.company_id`;

/** Every organisation's gathering of the report, oldest first. */
export function listReportGatherings(db: Db, reportId: number): Promise<AppGatheringRow[]> {
  return db.query<AppGatheringRow>(`${APP_ROW} where g.report_id = $1 order by g.started_at, g.id`, [reportId]);
}

/** One gathering of the report, locked for answering. */
export function lockReportGathering(tx: Tx, reportId: number, gatheringId: number): Promise<AppGatheringRow | undefined> {
  return one<AppGatheringRow>(tx, `${APP_ROW} where g.report_id = $1 and g.id = $2 for update of g`, [reportId, gatheringId]);
}

/** Stores the reporter's answers (free questions) or form values, which completes the gathering. */
export async function completeGathering(
  tx: Tx,
  gatheringId: number,
  answers: readonly string[] | null,
  formValues: { values: Record<string, unknown>; extras: Record<string, string> } | null,
): Promise<void> {
  await tx.query("update report_gatherings set answers = $2::jsonb, form_values = $3::jsonb, completed_at = now() where id = $1", [
    gatheringId,
    answers ? JSON.stringify(answers) : null,
    formValues ? JSON.stringify(formValues) : null,
  ]);
}
