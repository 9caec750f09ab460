import { companyIdParamSchema } from "../auth.js";
import { activityFeedQuerySchema, activityFeedResponseSchema, reportHistoryFilterSchema, reportHistoryResponseSchema } from "../history.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's history/ folder (history/history.routes.ts). */
export const historyRouteTable = defineRoutes({
  postCompaniesByCompanyIdReportsHistory: {
    method: "POST",
    path: "/api/companies/:companyId/reports/history",
    tags: ["history"],
    summary: "Reports of a window (ISO 8601 dates; the last day in UTC by default) by id/uuid, types and operator, not-applicable and deleted ones included",
    access: { kind: "company", permission: "reports.browse", module: "history" },
    params: companyIdParamSchema,
    body: reportHistoryFilterSchema,
    answer: reportHistoryResponseSchema,
    errors: [400, 403, 404],
  },
  getCompaniesByCompanyIdActivity: {
    method: "GET",
    path: "/api/companies/:companyId/activity",
    tags: ["history"],
    summary: "What operators did (taken, assigned, commented, closed…), newest first, by operator, action and dates",
    access: { kind: "company", permission: "reports.browse", module: "history" },
    params: companyIdParamSchema,
    query: activityFeedQuerySchema,
    answer: activityFeedResponseSchema,
    errors: [400, 403, 404],
  },
});
