import { submissionBodySchemaFor, type AnswerGathering, type GatheringForm, type Report, type StartGathering } from "@atalaya/shared";
import { requireModule, systemScope, type Actor, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, invalidField, notFound } from "../http/errors.js";
import type { Tx } from "../db/db.js";
import { changeWithEvents } from "../realtime/publish.js";
import { gatheringFormOf, recordGatheringSubmission } from "../forms/index.js";
import { notifyGatheringAnswered, publishNotifications, type StoredNotification } from "../notifications/index.js";
import { audienceOf, changeReport, recordReportChange, type ReportRow } from "../reports/index.js";
import {
  completeGathering,
  deleteGathering,
  findOwnReport,
  insertGathering,
  listReportGatherings,
  lockReportGathering,
  type AppGatheringRow,
} from "./gathering.repository.js";

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The report must be taken (SPEC §4: its form is unusable until then) and not deleted by its author. */
function requireWorkable(row: ReportRow): void {
  if (row.status === "solved" || row.status === "false") throw new AppError(409, "invalidTransition", "alreadyClosed");
  if (row.status === "pending") throw new AppError(409, "invalidTransition", "notTaken");
  if (row.deleted_at) throw new AppError(409, "invalidTransition", "deletedByAuthor");
}

/** The form a gathering asks: the company's live template (the forms module on), kept as it is now. A
 * template that is not the company's, is deleted or holds images (the app cannot upload them) is 400. */
async function formToAsk(tx: Tx, scope: CompanyScope, templateId: number): Promise<GatheringForm> {
  requireModule(scope, "forms");
  const found = await gatheringFormOf(tx, scope, templateId);
  if (!found) throw invalidField("formTemplateId", "invalid");
  if (found.hasImages) throw invalidField("formTemplateId", "gatheringFormImages");
  return found.form;
}

/** An operator starts a gathering on a taken report, with free questions or one of the company's forms:
 * its reporter's app gets the questions and the report's update event says "gathering started" live. 409
 * while one is still waiting for answers, and for a report whose reporter has no app account (nobody
 * could answer). */
export function startGathering(ctx: AppContext, scope: CompanyScope, reportId: number, body: StartGathering): Promise<Report> {
  return changeReport(ctx, scope, reportId, "report.work", "gatheringStarted", async (tx, row) => {
    requireWorkable(row);
    if (row.gathering && row.gathering.completedAt === null) throw new AppError(409, "conflict", "gatheringActive");
    const reporter = await tx.query<{ user_id: number | null }>("select user_id from reports where id = $1", [reportId]);
    if (reporter[0]?.user_id == null) throw new AppError(409, "conflict", "noReporter");
    const form = body.formTemplateId != null ? await formToAsk(tx, scope, body.formTemplateId) : null;
    await insertGathering(tx, scope, reportId, { questions: form ? [] : body.questions, form, startedBy: scope.actor.user.id });
    return form ? { form: form.title, formTemplateId: form.id, version: form.version } : { questions: body.questions.length };
  });
}

/** An operator clears the report's gathering (waiting or answered); 409 when there is none. */
export function clearGathering(ctx: AppContext, scope: CompanyScope, reportId: number): Promise<Report> {
  return changeReport(ctx, scope, reportId, "report.work", "gatheringCleared", async (tx, row) => {
    if (!row.gathering) throw new AppError(409, "conflict", "noGathering");
    await deleteGathering(tx, scope, reportId);
    return { completed: row.gathering.completedAt !== null };
  });
}

function presentAppGathering(g: AppGatheringRow) {
  return {
    id: g.id,
    companyName: g.company_name,
    isActive: g.completed_at === null,
    isCompleted: g.completed_at !== null,
    startedAt: iso(g.started_at)!,
    completedAt: iso(g.completed_at),
    formTemplateId: g.form_template_id,
    questions: g.questions,
    answers: g.answers,
    form: g.form,
    formValues: g.form_values,
  };
}

/** The reporter's app reads the questions the organisations asked about their report (404 for a report
 * that is not the caller's). */
export async function appGatherings(ctx: AppContext, actor: Actor, uuid: string) {
  const report = await findOwnReport(ctx.db, actor.user.id, uuid);
  if (!report) throw notFound();
  return (await listReportGatherings(ctx.db, report.id)).map(presentAppGathering);
}

/** The reporter's values of a form gathering, checked against the form as it was asked as a submission
 * is (400 with `values.<fieldKey>` paths). */
function checkedFormValues(form: GatheringForm, body: AnswerGathering): { values: Record<string, unknown>; extras: Record<string, string> } {
  if (body.answers.length > 0) throw invalidField("answers", "count");
  if (body.values === undefined) throw invalidField("values", "required");
  const selectors = new Map(form.selectors.map((s) => [s.id, s.items]));
  const checked = submissionBodySchemaFor(form.components, selectors).safeParse({ values: body.values, extras: body.extras });
  if (!checked.success) throw new AppError(400, "validation", "Validation errors", checked.error.issues.map((i) => ({ field: i.path.join("."), code: i.message })));
  return { values: body.values, extras: body.extras ?? {} };
}

/** The reporter answers a gathering once (one answer per question, the required ones not empty; or the
 * form's values): it becomes completed, the organisation's open detail shows the answers live, and the
 * operator who asked and the report's assignee are notified; a form's values are also one of its results
 * (recordGatheringSubmission). */
export async function answerGathering(ctx: AppContext, actor: Actor, uuid: string, body: AnswerGathering) {
  const notifications: StoredNotification[] = [];
  const answered = await changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    const report = await findOwnReport(tx, actor.user.id, uuid);
    if (!report || report.deleted_at) throw notFound();
    const g = await lockReportGathering(tx, report.id, body.gatheringId);
    if (!g) throw notFound();
    if (g.completed_at !== null) throw new AppError(409, "conflict", "gatheringCompleted");
    let completed: AppGatheringRow;
    if (g.form) {
      const formValues = checkedFormValues(g.form, body);
      await completeGathering(tx, g.id, null, formValues);
      // Also one of the form's results; an anonymous report's reporter stays unnamed there too.
      await recordGatheringSubmission(tx, systemScope(g.company_id), {
        templateId: g.form.id,
        version: g.form.version,
        ...formValues,
        authorId: report.is_anonymous ? null : actor.user.id,
        reportId: report.id,
      });
      completed = { ...g, form_values: formValues, completed_at: new Date() };
    } else {
      if (body.values !== undefined || body.extras !== undefined) throw invalidField("values", "invalid");
      if (body.answers.length !== g.questions.length) throw invalidField("answers", "count");
      g.questions.forEach((q, i) => {
        if (q.required && body.answers[i]!.length === 0) throw invalidField(`answers.${i}`, "required");
      });
      await completeGathering(tx, g.id, body.answers, null);
      completed = { ...g, answers: [...body.answers], completed_at: new Date() };
    }
    const row = await recordReportChange(tx, emit, ctx.config.publicUrl, g.company_id, report.id, "gatheringCompleted", g.form ? { form: g.form.title } : {});
    const facts = { companyId: g.company_id, reportId: row.id, title: row.title, typeId: row.type_id, audience: audienceOf(row) };
    const recipients = [g.started_by, row.assigned_user?.id].filter((id): id is number => id != null);
    notifications.push(...(await notifyGatheringAnswered(tx, facts, recipients, g.form?.title ?? null)));
    return presentAppGathering(completed);
  });
  await publishNotifications(ctx.bus, notifications);
  return answered;
}
