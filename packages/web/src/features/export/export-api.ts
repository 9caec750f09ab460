import { exportsRouteTable as exports, type ExportJobStatus, type ReportExportFilter } from "@atalaya/shared";
import { call, urlOf } from "../../lib/call";
import { downloadFile } from "./download-file";

/** `POST …/reports/exports`: starts the background export; answers its job id. */
export async function startExport(companyId: number, filter: ReportExportFilter): Promise<number> {
  return (await call(exports.postCompaniesByCompanyIdReportsExports, { params: { companyId }, body: filter })).jobId;
}

/** `GET …/reports/exports/{jobId}`: state and rows written of the total. */
export function exportStatus(companyId: number, jobId: number): Promise<ExportJobStatus> {
  return call(exports.getCompaniesByCompanyIdReportsExportsByJobId, { params: { companyId, jobId } });
}

/** `GET …/reports/exports/{jobId}/file`: fetched with the access token (a plain link cannot carry it)
 * and handed to the browser through a temporary blob URL. */
export function downloadExport(companyId: number, jobId: number): Promise<string> {
  return downloadFile(urlOf(exports.getCompaniesByCompanyIdReportsExportsByJobIdFile, { params: { companyId, jobId } }), "reportes.xlsx");
}
