import { PassThrough } from "node:stream";
import type { ExportJobStatus, Language, ReportExportFilter } from "@atalaya/shared";
import { requesterScope, type CompanyScope, type TenantScope } from "../auth/access.js";
import { isRestricted, loadRestrictionsOf } from "../auth/restrictions.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/db.js";
import { companyHasGate } from "../company-settings/index.js";
import { openGeneratedFile, removeGeneratedFile, storeGeneratedFile, type GeneratedFileResult } from "../files/index.js";
import { AppError, notFound } from "../http/errors.js";
import { deleteJobs, enqueueJob, findCompanyJob, finishedJobsBefore, PermanentJobError, type JobHandler, type JobRow } from "../jobs/index.js";
import { companyTimezone, countSheetRows, sheetRowsAfter, type SheetRow, type SheetWindow } from "./report-sheet.repository.js";
import { exportWindow, sheetFileName, writeReportSheet } from "./report-sheet.js";

export const EXPORT_JOB = "reports.export";
/** How long a finished export's file can be downloaded. */
export const EXPORT_FILE_TTL_MS = 24 * 60 * 60 * 1000;
// A page is written before the next is read: pages of 1,000 rows outlived V8's young collections and
// filled the old generation with garbage (export peak RSS 300+ MB); 100 made the export 1.5× slower.
const PAGE = 250;

async function* pages(db: Db, scope: TenantScope, w: SheetWindow, withEmails: boolean): AsyncIterable<SheetRow[]> {
  for (let after: SheetRow | null = null; ; ) {
    const rows: SheetRow[] = await sheetRowsAfter(db, scope, w, after, PAGE, withEmails);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!;
  }
}

/** The window of a request and what it holds; 422 noReportsToExport when it is empty (SPEC §8). */
async function prepare(ctx: AppContext, scope: CompanyScope, filter: ReportExportFilter) {
  const timeZone = await companyTimezone(ctx.db, scope);
  const window = exportWindow(filter, timeZone);
  const total = await countSheetRows(ctx.db, scope, window);
  if (total === 0) throw new AppError(422, "noReportsToExport", "no reports to export between these dates");
  return { timeZone, window, total };
}

/** SPEC §6 "showing user emails": the reporter's e-mail is a column of this company's files, of no other's. */
const showsEmails = (ctx: AppContext, companyId: number) => companyHasGate(ctx.db, companyId, "show_user_emails");

/** The spreadsheet of the scope's reports in the filter's window, streamed as it is written. */
export async function streamReportSheet(ctx: AppContext, scope: CompanyScope, filter: ReportExportFilter, lang: Language) {
  const { timeZone, window } = await prepare(ctx, scope, filter);
  const reporterEmails = await showsEmails(ctx, scope.companyId);
  const stream = new PassThrough();
  writeReportSheet(stream, pages(ctx.db, scope, window, reporterEmails), { lang, timeZone, reporterEmails }).catch((err: Error) => stream.destroy(err));
  return { filename: sheetFileName(timeZone), stream };
}

/** Starts the background export of the filter's window; answers the job id. */
export async function startReportSheetJob(ctx: AppContext, scope: CompanyScope, filter: ReportExportFilter, lang: Language): Promise<number> {
  const { timeZone, window, total } = await prepare(ctx, scope, filter);
  const jobId = await enqueueJob(ctx.db, {
    kind: EXPORT_JOB,
    scope,
    createdBy: scope.actor.user.id,
    payload: { from: window.from.toISOString(), to: window.to.toISOString(), typeIds: window.typeIds, lang, timeZone, total },
  });
  ctx.jobs.kick();
  return jobId;
}

/** Writes an export job's file under the data dir's files, with the requester's restrictions as they
 * are when it runs (a requester who left the company gets nothing). */
export function reportSheetJobHandler(ctx: AppContext): JobHandler {
  return async ({ job, progress }) => {
    const p = job.payload as { from: string; to: string; typeIds: number[]; lang: Language; timeZone: string; total: number };
    if (job.company_id === null || job.created_by === null) throw new PermanentJobError("export without company or requester");
    const restrictions = (await loadRestrictionsOf(ctx.db, job.company_id, [job.created_by])).get(job.created_by);
    if (!restrictions) throw new PermanentJobError("the requester is no longer a member of the company");
    const scope = requesterScope(job.company_id, restrictions);
    const window = { from: new Date(p.from), to: new Date(p.to), typeIds: p.typeIds };
    // Each export also clears the files of those older than 24 h.
    await purgeReportSheets(ctx);
    const total = await countSheetRows(ctx.db, scope, window);
    const reporterEmails = await showsEmails(ctx, job.company_id);
    await progress(0, total);
    const stored = await storeGeneratedFile(ctx.config, { stem: String(job.id), kind: "xlsx" }, (out) =>
      writeReportSheet(out, pages(ctx.db, scope, window, reporterEmails), { lang: p.lang, timeZone: p.timeZone, reporterEmails, onPage: (n) => progress(n, Math.max(n, total)) }),
    );
    return { key: stored.key, filename: sheetFileName(p.timeZone, job.created_at), rows: stored.value };
  };
}

/** An export job the scope may follow: its company's, started by the caller, or any of the company's
 * when the caller sees every report (a restricted operator never reads a wider export). */
async function visibleJob(ctx: AppContext, scope: CompanyScope, jobId: number): Promise<JobRow> {
  const job = await findCompanyJob(ctx.db, scope, EXPORT_JOB, jobId);
  if (!job || (job.created_by !== scope.actor.user.id && isRestricted(scope.restrictions))) throw notFound();
  return job;
}

/** Where an export job is: its state and rows written of the total. */
export async function reportSheetJobStatus(ctx: AppContext, scope: CompanyScope, jobId: number): Promise<ExportJobStatus> {
  const job = await visibleJob(ctx, scope, jobId);
  const total = job.progress_total || Number((job.payload as { total?: number }).total ?? 0);
  return { state: job.state, rowsWritten: job.progress_done, rowsTotal: total };
}

/** The file of a finished export job, for 24 h; 404 exportFileUnavailable before it is done and once it
 * is gone. */
export async function reportSheetJobFile(ctx: AppContext, scope: CompanyScope, jobId: number) {
  const job = await visibleJob(ctx, scope, jobId);
  const result = job.result as (GeneratedFileResult & { filename?: string }) | null;
  if (job.state !== "done" || !result) throw new AppError(404, "exportFileUnavailable", "export not finished");
  if (!job.finished_at || Date.now() - job.finished_at.getTime() > EXPORT_FILE_TTL_MS) throw new AppError(404, "exportFileUnavailable", "export file expired");
  const opened = await openGeneratedFile(ctx.config, result);
  if (!opened) throw new AppError(404, "exportFileUnavailable", "export file missing");
  const { timeZone } = job.payload as { timeZone: string };
  return { filename: result.filename ?? sheetFileName(timeZone, job.created_at), ...opened };
}

/** Removes export files and jobs finished more than 24 h ago. */
export async function purgeReportSheets({ db, config }: Pick<AppContext, "db" | "config">, now = new Date()): Promise<number> {
  const old = await finishedJobsBefore(db, EXPORT_JOB, new Date(now.getTime() - EXPORT_FILE_TTL_MS));
  for (const job of old) await removeGeneratedFile(config, job.result as GeneratedFileResult);
  await deleteJobs(db, old.map((j) => j.id));
  return old.length;
}
