import { closeReportSchema, reportParamsSchema, reportResponseSchema } from "../reports.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's closing/ folder (closing/close.routes.ts). */
export const closingRouteTable = defineRoutes({
  postCompaniesByCompanyIdReportsByIdClose: {
    method: "POST",
    path: "/api/companies/:companyId/reports/:id/close",
    tags: ["reports"],
    summary: "Close as solved, not applicable (false) or repeated",
    access: { kind: "company", permission: "report.work" },
    params: reportParamsSchema,
    body: closeReportSchema,
    answer: reportResponseSchema,
    errors: [400, 403, 404, 409],
  },
});
