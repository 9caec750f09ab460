import { companyIdParamSchema } from "../auth.js";
import { connectionsQuerySchema, connectionsResponseSchema, operatorsResponseSchema } from "../operators.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's operators/ folder (operators/operators.routes.ts). */
export const operatorsRouteTable = defineRoutes({
  getCompaniesByCompanyIdOperators: {
    method: "GET",
    path: "/api/companies/:companyId/operators",
    tags: ["operators"],
    summary: "Members of the company: online now (a real-time socket seen within a minute on any server process), the report each has open and their open reports",
    access: { kind: "company", permission: "operators.read" },
    params: companyIdParamSchema,
    answer: operatorsResponseSchema,
    errors: [400, 403, 404],
  },
  getCompaniesByCompanyIdConnections: {
    method: "GET",
    path: "/api/companies/:companyId/connections",
    tags: ["operators"],
    summary: "Connectivity logs the portal sent (logs-pusher) by the company's members, newest first; user_id, start_date and end_date (ISO 8601) filter; paged (company admins)",
    access: { kind: "company", permission: "connections.read" },
    params: companyIdParamSchema,
    query: connectionsQuerySchema,
    answer: connectionsResponseSchema,
    errors: [400, 403, 404],
  },
});
