import { exportJobCreatedSchema, exportJobStatusSchema, type ExportJobStatus, type ReportExportFilter } from "@atalaya/shared";
import { api } from "../../lib/api";
import { downloadFile } from "./download-file";

const base = (companyId: number) => `/companies/${companyId}/reports/exports`;

/** `POST …/reports/exports`: starts the background export; answers its job id. */
export async function startExport(companyId: number, filter: ReportExportFilter): Promise<number> {
  return (await api.post(base(companyId), filter, { schema: exportJobCreatedSchema })).jobId;
}

/** `GET …/reports/exports/{jobId}`: state and rows written of the total. */
export function exportStatus(companyId: number, jobId: number): Promise<ExportJobStatus> {
  return api.get(`${base(companyId)}/${jobId}`, { schema: exportJobStatusSchema });
}

/** `GET …/reports/exports/{jobId}/file`: fetched with the access token (a plain link cannot carry it)
 * and handed to the browser through a temporary blob URL. */
export function downloadExport(companyId: number, jobId: number): Promise<string> {
  return downloadFile(`${base(companyId)}/${jobId}/file`, "reportes.xlsx");
}
