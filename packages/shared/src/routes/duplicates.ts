import { companyIdParamSchema } from "../auth.js";
import { dismissDuplicateBodySchema, duplicateCountsQuerySchema, duplicateCountsResponseSchema, duplicateSuggestionsResponseSchema, mergeDuplicateBodySchema } from "../duplicates.js";
import { reportParamsSchema, reportResponseSchema } from "../reports.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's duplicates/ folder (duplicates/duplicates.routes.ts). */
export const duplicatesRouteTable = defineRoutes({
  getCompaniesByCompanyIdReportsByIdDuplicates: {
    method: "GET",
    path: "/api/companies/:companyId/reports/:id/duplicates",
    tags: ["reports"],
    summary: "Open reports of the same type nearby and shortly before, nearest first",
    access: { kind: "company", permission: "report.work" },
    params: reportParamsSchema,
    answer: duplicateSuggestionsResponseSchema,
    errors: [400, 403, 404, 409],
  },
  getCompaniesByCompanyIdDuplicates: {
    method: "GET",
    path: "/api/companies/:companyId/duplicates",
    tags: ["reports"],
    summary: "How many duplicate suggestions each listed report has",
    access: { kind: "company", permission: "report.work" },
    params: companyIdParamSchema,
    query: duplicateCountsQuerySchema,
    answer: duplicateCountsResponseSchema,
    errors: [400, 403, 404, 409],
  },
  postCompaniesByCompanyIdReportsByIdMerge: {
    method: "POST",
    path: "/api/companies/:companyId/reports/:id/merge",
    tags: ["reports"],
    summary: "Close as repeated of the original, moving followers and likes to it",
    access: { kind: "company", permission: "report.close" },
    params: reportParamsSchema,
    body: mergeDuplicateBodySchema,
    answer: reportResponseSchema,
    errors: [400, 403, 404, 409],
  },
  postCompaniesByCompanyIdReportsByIdDuplicatesDismiss: {
    method: "POST",
    path: "/api/companies/:companyId/reports/:id/duplicates/dismiss",
    tags: ["reports"],
    summary: "Never suggest this original on the report again",
    access: { kind: "company", permission: "report.work" },
    params: reportParamsSchema,
    body: dismissDuplicateBodySchema,
    answer: reportResponseSchema,
    errors: [400, 403, 404, 409],
  },
});
