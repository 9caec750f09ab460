import { presenceBodySchema, presenceResponseSchema } from "../report-actions.js";
import { reportParamsSchema } from "../reports.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's presence/ folder (presence/presence.routes.ts). */
export const presenceRouteTable = defineRoutes({
  postCompaniesByCompanyIdReportsByIdPresence: {
    method: "POST",
    path: "/api/companies/:companyId/reports/:id/presence",
    tags: ["reports"],
    summary: "Heartbeat while the report is open (every 20 s; open:false on leave); colleagues get a presence message",
    access: { kind: "company", permission: "reports.browse" },
    params: reportParamsSchema,
    body: presenceBodySchema,
    answer: presenceResponseSchema,
    errors: [400, 403, 404],
  },
  getCompaniesByCompanyIdReportsByIdPresence: {
    method: "GET",
    path: "/api/companies/:companyId/reports/:id/presence",
    tags: ["reports"],
    summary: "Colleagues who have the report open right now",
    access: { kind: "company", permission: "reports.browse" },
    params: reportParamsSchema,
    answer: presenceResponseSchema,
    errors: [400, 403, 404],
  },
});
