import { companyIdParamSchema } from "../auth.js";
import { bulkActionSchema, bulkResponseSchema } from "../bulk.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's bulk/ folder (bulk/bulk.routes.ts). */
export const bulkRouteTable = defineRoutes({
  postCompaniesByCompanyIdReportsBulk: {
    method: "POST",
    path: "/api/companies/:companyId/reports/bulk",
    tags: ["reports"],
    summary: "One action (take, assign, tag, priority, close) over up to 200 reports in one transaction: each done or skipped with its reason",
    access: { kind: "company", permission: "report.work" },
    params: companyIdParamSchema,
    body: bulkActionSchema,
    answer: bulkResponseSchema,
    errors: [400, 403, 404],
  },
});
