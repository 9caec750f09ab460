import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";

/** Largest id a path or body may carry (PostgreSQL integer). */

/** DD/MM/YYYY (SPEC §9 export date format). */
export const EXPORT_DATE_PATTERN = /^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/\d{4}$/;
/** HH:mm:ss (SPEC §9 export time format). */
export const EXPORT_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
/** A UTC offset (`-03:00`, `+0530`, `Z`) or minutes east of UTC (`-180`), or an IANA zone name. */
export const EXPORT_TIMEZONE_PATTERN = /^(Z|[+-]\d{2}:?\d{2}|[+-]?\d{1,3}|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){0,2})$/;
/** The window an export covers when no dates are given, and the one the export modal opens with (SPEC §9:
 * the last day). */
export const EXPORT_DEFAULT_WINDOW_MS = 24 * 60 * 60 * 1000;
const COMMA_IDS = /^(\d{1,9}(,\d{1,9})*)?$/;

/** The spreadsheet export's filter (SPEC §7 `GET /companies/{companyId}/reports/export`): a window of
 * dates and times read in `timezone` (the company's when absent; the last day when no date is given),
 * and report type ids (comma separated, in `typeSelected` or `types`; none means every type). */
export const reportExportFilterSchema = z.object({
  start_date: z.string().regex(EXPORT_DATE_PATTERN).optional(),
  start_time: z.string().regex(EXPORT_TIME_PATTERN).optional(),
  end_date: z.string().regex(EXPORT_DATE_PATTERN).optional(),
  end_time: z.string().regex(EXPORT_TIME_PATTERN).optional(),
  types: z.string().max(2000).regex(COMMA_IDS).optional(),
  typeSelected: z.string().max(2000).regex(COMMA_IDS).optional(),
  timezone: z.string().max(64).regex(EXPORT_TIMEZONE_PATTERN).optional(),
});
export type ReportExportFilter = z.infer<typeof reportExportFilterSchema>;

export const EXPORT_JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type ExportJobState = (typeof EXPORT_JOB_STATES)[number];

/** `POST …/reports/exports` answer: the background job writing the file. */
export const exportJobCreatedSchema = z.object({ jobId: z.number().int() });

/** `GET …/reports/exports/{jobId}`: where the job is (rows written of the total). */
export const exportJobStatusSchema = z.object({
  state: z.enum(EXPORT_JOB_STATES),
  rowsWritten: z.number().int(),
  rowsTotal: z.number().int(),
});
export type ExportJobStatus = z.infer<typeof exportJobStatusSchema>;

export const exportJobParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  jobId: z.coerce.number().int().positive().max(MAX_ID),
});
