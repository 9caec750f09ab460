import type { Writable } from "node:stream";
import type ExcelJSModule from "exceljs";
import { formFileStem, VALUE_COMPONENT_TYPES, walkComponents, type ExportJobStatus, type FormTemplate, type GeoValue, type Language } from "@atalaya/shared";
import { systemScope, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { openGeneratedFile, removeGeneratedFile, storeGeneratedFile, type GeneratedFileResult } from "../files/index.js";
import { companyTimezone, zoneOffsets } from "../exports/index.js";
import { AppError, notFound } from "../http/errors.js";
import { t as text, type TextKeysUnder } from "../http/texts.js";
import { deleteJobs, enqueueJob, findCompanyJob, finishedJobsBefore, PermanentJobError, type JobHandler } from "../jobs/index.js";
import { countSubmissions, findTemplate, findTemplateVersions, submissionsAfter, type SubmissionRow } from "./form.repository.js";

// Loaded on first use: exceljs takes longer to load than the rest of the server, and every start paid it.
const loadExcel = (): Promise<typeof ExcelJSModule> => import("exceljs").then((m) => m.default);

// A form's results as XLSX, written by a background job in the jobs table (the same machinery and
// 24-hour file life as the reports' export): one column per field across every version, headed by its
// label with its key in a second header row; times on the company's clock, like the reports' export.

export const FORM_EXPORT_JOB = "forms.export";
const FILE_TTL_MS = 24 * 60 * 60 * 1000;
const PAGE = 500;
const DATE_FORMAT = "dd/mm/yyyy";
const DATETIME_FORMAT = "dd/mm/yyyy hh:mm:ss";
export interface ExportColumn {
  key: string;
  label: string;
  type: string;
  dateKind?: "date" | "datetime" | undefined;
}

/** The fields of every version, in the order they first appear (newest version first): the newest
 * version's label (as the form's author wrote it; the key when it has none). */
export function exportColumns(versions: readonly FormTemplate[]): ExportColumn[] {
  const seen = new Map<string, ExportColumn>();
  for (const v of [...versions].sort((a, b) => b.version - a.version)) {
    for (const { component: c } of walkComponents(v.components)) {
      if ((VALUE_COMPONENT_TYPES as readonly string[]).includes(c.type) && !seen.has(c.fieldKey)) {
        seen.set(c.fieldKey, { key: c.fieldKey, label: c.label || c.fieldKey, type: c.type, dateKind: c.type === "date" ? (c.dateKind ?? "date") : undefined });
      }
    }
  }
  return [...seen.values()];
}

/** A date answer as a date cell: an XLSX date has no zone, so a date is written as that day, a
 * date-time with an offset as the company's wall-clock time, one without as the wall-clock time it names. */
export function dateCellOf(value: string, offset: (instant: number) => number): Date | string {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (date) return new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])));
  const zoned = /(?:Z|[+-]\d{2}:\d{2})$/.test(value);
  const instant = Date.parse(zoned ? value : `${value}Z`);
  if (Number.isNaN(instant)) return value;
  return new Date(zoned ? instant + offset(instant) : instant);
}

/** A value as one spreadsheet cell: choices joined, points as "lat, lng", signatures as a mark. */
export function cellOf(type: string, value: unknown, extra: string | undefined): string | number {
  if (value === undefined || value === null) return "";
  let cell: string | number;
  if (type === "signature") cell = "✓";
  else if (type === "geolocation") {
    const g = value as GeoValue;
    cell = `${g.lat}, ${g.lng}${g.address ? ` (${g.address})` : ""}`;
  } else if (Array.isArray(value)) cell = value.join(", ");
  else cell = typeof value === "number" ? value : String(value);
  return extra ? `${cell} — ${extra}` : cell;
}

/** Streams submissions into one sheet: id, date, author, version, report, then a column per field;
 * header rows: the labels in the reader's language (the fields' as written), then the keys. */
export async function writeFormSheet(out: Writable, columns: readonly ExportColumn[], pages: AsyncIterable<SubmissionRow[]>, opts: { lang: Language; timeZone: string; onPage?: (n: number) => Promise<void> }): Promise<number> {
  // The fixed columns' headers: the `exports` catalogue's forms.headers (locales/<lang>/exports.json).
  const h = (key: TextKeysUnder<"exports", "forms.headers">) => text(opts.lang, `exports:forms.headers.${key}`);
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(h("sheet"), { views: [{ state: "frozen", ySplit: 2 }] });
  const fixed = [
    { header: [h("id"), "id"], key: "_id", width: 8 },
    { header: [h("createdAt"), "createdAt"], key: "_createdAt", width: 20, style: { numFmt: DATETIME_FORMAT } },
    { header: [h("author"), "author"], key: "_author", width: 22 },
    { header: [h("version"), "version"], key: "_version", width: 8 },
    { header: [h("report"), "reportId"], key: "_report", width: 10 },
  ];
  sheet.columns = [
    ...fixed,
    ...columns.map((c) => ({
      header: [c.label, c.key], key: `f:${c.key}`, width: 20,
      ...(c.dateKind ? { style: { numFmt: c.dateKind === "date" ? DATE_FORMAT : DATETIME_FORMAT } } : {}),
    })),
  ];
  sheet.getRow(1).font = { bold: true };
  const offset = zoneOffsets(opts.timeZone);
  let written = 0;
  for await (const page of pages) {
    for (const s of page) {
      const created = new Date(s.createdAt).getTime();
      const row: Record<string, unknown> = { _id: s.id, _createdAt: new Date(created + offset(created)), _author: s.authorName ?? "", _version: s.version, _report: s.reportId ?? "" };
      for (const c of columns) {
        const v = s.values[c.key];
        row[`f:${c.key}`] = c.dateKind && typeof v === "string" ? dateCellOf(v, offset) : cellOf(c.type, v, s.extras[c.key]);
      }
      sheet.addRow(row).commit();
    }
    written += page.length;
    await opts.onPage?.(written);
  }
  sheet.commit();
  await workbook.commit();
  return written;
}

/** The results file's name: the form's title in plain letters (formFileStem) and the day the export was
 * asked, on the company's clock. */
export function formFileName(title: string, at: Date | string, timeZone: string): string {
  const instant = new Date(at).getTime();
  return `${formFileStem(title)}-${new Date(instant + zoneOffsets(timeZone)(instant)).toISOString().slice(0, 10)}.xlsx`;
}

/** Starts the background export of a template's submissions; answers the job id. */
export async function startFormExport(ctx: AppContext, scope: CompanyScope, templateId: number, lang: Language): Promise<number> {
  const t = await findTemplate(ctx.db, scope, templateId);
  if (!t) throw notFound();
  const total = await countSubmissions(ctx.db, scope, templateId);
  const jobId = await enqueueJob(ctx.db, { kind: FORM_EXPORT_JOB, scope, createdBy: scope.actor.user.id, payload: { templateId, lang, total } });
  ctx.jobs.kick();
  return jobId;
}

/** Writes an export job's file under the data dir's files/exports. */
export function formExportJobHandler(ctx: AppContext): JobHandler {
  return async ({ job, progress }) => {
    const p = job.payload as { templateId: number; lang: Language };
    if (job.company_id === null) throw new PermanentJobError("export without company");
    const scope = systemScope(job.company_id);
    await purgeFormExports(ctx);
    const t = await findTemplate(ctx.db, scope, p.templateId);
    if (!t) throw new PermanentJobError("the template is gone");
    const versions = await findTemplateVersions(ctx.db, scope, p.templateId, Array.from({ length: t.version }, (_, i) => i + 1));
    const total = await countSubmissions(ctx.db, scope, p.templateId);
    const timeZone = await companyTimezone(ctx.db, scope);
    await progress(0, total);
    async function* pages(): AsyncIterable<SubmissionRow[]> {
      for (let after = 0; ; ) {
        const rows = await submissionsAfter(ctx.db, scope, p.templateId, after, PAGE);
        if (rows.length === 0) return;
        yield rows;
        after = rows[rows.length - 1]!.id;
      }
    }
    const stored = await storeGeneratedFile(ctx.config, { stem: String(job.id), kind: "xlsx" }, (out) =>
      writeFormSheet(out, exportColumns(versions), pages(), { lang: p.lang, timeZone, onPage: (n) => progress(n, Math.max(n, total)) }),
    );
    return { key: stored.key, filename: formFileName(t.title, job.created_at, timeZone), rows: stored.value };
  };
}

async function visibleJob(ctx: AppContext, scope: CompanyScope, jobId: number) {
  const job = await findCompanyJob(ctx.db, scope, FORM_EXPORT_JOB, jobId);
  if (!job) throw notFound();
  return job;
}

/** Where a form export is. */
export async function formExportStatus(ctx: AppContext, scope: CompanyScope, jobId: number): Promise<ExportJobStatus> {
  const job = await visibleJob(ctx, scope, jobId);
  return { state: job.state, rowsWritten: job.progress_done, rowsTotal: job.progress_total || Number((job.payload as { total?: number }).total ?? 0) };
}

/** The file of a finished form export, for 24 h. */
export async function formExportFile(ctx: AppContext, scope: CompanyScope, jobId: number) {
  const job = await visibleJob(ctx, scope, jobId);
  const result = job.result as (GeneratedFileResult & { filename?: string }) | null;
  if (job.state !== "done" || !result || !job.finished_at || Date.now() - job.finished_at.getTime() > FILE_TTL_MS) throw new AppError(404, "exportFileUnavailable", "export not available");
  const opened = await openGeneratedFile(ctx.config, result);
  if (!opened) throw new AppError(404, "exportFileUnavailable", "export file missing");
  return { filename: result.filename ?? "formulario.xlsx", ...opened };
}

/** Removes form export files and jobs finished more than 24 h ago. */
export async function purgeFormExports({ db, config }: Pick<AppContext, "db" | "config">, now = new Date()): Promise<number> {
  const old = await finishedJobsBefore(db, FORM_EXPORT_JOB, new Date(now.getTime() - FILE_TTL_MS));
  for (const job of old) await removeGeneratedFile(config, job.result as GeneratedFileResult);
  await deleteJobs(db, old.map((j) => j.id));
  return old.length;
}
