import { companyIdParamSchema } from "../auth.js";
import { exportJobCreatedSchema, exportJobParamsSchema, exportJobStatusSchema, reportExportFilterSchema } from "../exports.js";
import { reportParamsSchema } from "../reports.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's exports/ folder (exports/export.routes.ts). */
export const exportsRouteTable = defineRoutes({
  getCompaniesByCompanyIdReportsByIdPdf: {
    method: "GET",
    path: "/api/companies/:companyId/reports/:id/pdf",
    tags: ["reports"],
    summary: "The report as a PDF (data, map position, comments, notes, activity log)",
    access: { kind: "company", permission: "reports.export" },
    params: reportParamsSchema,
    answer: { file: "application/pdf" },
    errors: [400, 403, 404],
  },
  getCompaniesByCompanyIdReportsExport: {
    method: "GET",
    path: "/api/companies/:companyId/reports/export",
    tags: ["reports"],
    summary: "The reports of a window as an XLSX file, streamed (SPEC §7); 422 noReportsToExport when the window is empty",
    access: { kind: "company", permission: "reports.export" },
    params: companyIdParamSchema,
    query: reportExportFilterSchema,
    answer: { file: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
    errors: [400, 403, 404, 422],
  },
  postCompaniesByCompanyIdReportsExports: {
    method: "POST",
    path: "/api/companies/:companyId/reports/exports",
    tags: ["reports"],
    summary: "Starts writing the window's XLSX in the background",
    access: { kind: "company", permission: "reports.export" },
    params: companyIdParamSchema,
    body: reportExportFilterSchema,
    answer: exportJobCreatedSchema,
    errors: [400, 403, 404, 422],
  },
  getCompaniesByCompanyIdReportsExportsByJobId: {
    method: "GET",
    path: "/api/companies/:companyId/reports/exports/:jobId",
    tags: ["reports"],
    summary: "Where a background export is (rows written of the total)",
    access: { kind: "company", permission: "reports.export" },
    params: exportJobParamsSchema,
    answer: exportJobStatusSchema,
    errors: [400, 403, 404, 422],
  },
  getCompaniesByCompanyIdReportsExportsByJobIdFile: {
    method: "GET",
    path: "/api/companies/:companyId/reports/exports/:jobId/file",
    tags: ["reports"],
    summary: "The XLSX of a finished background export (kept 24 h)",
    access: { kind: "company", permission: "reports.export" },
    params: exportJobParamsSchema,
    answer: { file: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
    errors: [400, 403, 404, 422],
  },
});
