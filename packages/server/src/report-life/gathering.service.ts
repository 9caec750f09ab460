import type { AnswerGathering, Report, StartGathering } from "@atalaya/shared";
import type { Actor, CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, invalidField, notFound } from "../http/errors.js";
import { changeWithEvents } from "../realtime/publish.js";
import { changeReport, recordReportChange, type ReportRow } from "../reports/index.js";
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

/** An operator starts a gathering on a taken report: its reporter's app gets the questions and the
 * report's update event says "gathering started" live. 409 while one is still waiting for answers, and
 * for a report whose reporter has no app account (nobody could answer). */
export function startGathering(ctx: AppContext, scope: CompanyScope, reportId: number, body: StartGathering): Promise<Report> {
  return changeReport(ctx, scope, reportId, "report.work", "gatheringStarted", async (tx, row) => {
    requireWorkable(row);
    if (row.gathering && row.gathering.completedAt === null) throw new AppError(409, "conflict", "gatheringActive");
    const reporter = await tx.query<{ user_id: number | null }>("select user_id from reports where id = $1", [reportId]);
    if (reporter[0]?.user_id == null) throw new AppError(409, "conflict", "noReporter");
    await insertGathering(tx, scope, reportId, { questions: body.questions, formTemplateId: body.formTemplateId ?? null, startedBy: scope.actor.user.id });
    return { questions: body.questions.length, formTemplateId: body.formTemplateId ?? null };
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
  };
}

/** The reporter's app reads the questions the organisations asked about their report (404 for a report
 * that is not the caller's). */
export async function appGatherings(ctx: AppContext, actor: Actor, uuid: string) {
  const report = await findOwnReport(ctx.db, actor.user.id, uuid);
  if (!report) throw notFound();
  return (await listReportGatherings(ctx.db, report.id)).map(presentAppGathering);
}

/** The reporter answers a gathering once (one answer per question, the required ones not empty): it
 * becomes completed and the organisation's open detail shows the answers live. */
export async function answerGathering(ctx: AppContext, actor: Actor, uuid: string, body: AnswerGathering) {
  return changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    const report = await findOwnReport(tx, actor.user.id, uuid);
    if (!report || report.deleted_at) throw notFound();
    const g = await lockReportGathering(tx, report.id, body.gatheringId);
    if (!g) throw notFound();
    if (g.completed_at !== null) throw new AppError(409, "conflict", "gatheringCompleted");
    if (body.answers.length !== g.questions.length) throw invalidField("answers", "count");
    g.questions.forEach((q, i) => {
      if (q.required && body.answers[i]!.length === 0) throw invalidField(`answers.${i}`, "required");
    });
    await completeGathering(tx, g.id, body.answers);
    await recordReportChange(tx, emit, g.company_id, report.id, "gatheringCompleted", {});
    return presentAppGathering({ ...g, answers: [...body.answers], completed_at: new Date() });
  });
}
