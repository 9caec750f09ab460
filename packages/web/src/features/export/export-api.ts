import { exportJobCreatedSchema, exportJobStatusSchema, type ExportJobStatus, type ReportExportFilter } from "@atalaya/shared";
import { ApiError, api } from "../../lib/api";
import { currentLanguage, translateErrorCode } from "../../i18n/i18n";
import { getSession } from "../session/session-store";

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
export async function downloadExport(companyId: number, jobId: number): Promise<string> {
  const token = getSession()?.token;
  const headers: Record<string, string> = { "Accept-Language": currentLanguage() };
  if (token) headers["access-token"] = token;
  let response: Response;
  try {
    response = await fetch(`/api${base(companyId)}/${jobId}/file`, { headers, credentials: "same-origin" });
  } catch {
    throw new ApiError({ message: translateErrorCode("generalError") ?? "Error 0", status: 0 });
  }
  if (!response.ok) {
    const message = translateErrorCode("exportFileUnavailable") ?? `Error ${response.status}`;
    throw new ApiError({ message, status: response.status, code: "exportFileUnavailable", translated: true });
  }
  const blob = await response.blob();
  const filename = /filename="?([^";]+)"?/i.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "reportes.xlsx";
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return filename;
}
