import { companyIdParamSchema } from "../auth.js";
import { patrolListResponseSchema, patrolPositionBodySchema, patrolPositionResponseSchema, patrolStatusBodySchema } from "../patrols.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's patrols/ folder (patrols/patrol.routes.ts). */
export const patrolsRouteTable = defineRoutes({
  postAppPositions: {
    method: "POST",
    path: "/api/app/positions",
    tags: ["app"],
    summary: "The signed-in patrol's position (WGS84); a silent patrol comes online; 403 for a user who is no company's patrol",
    access: { kind: "patrol" },
    body: patrolPositionBodySchema,
    answer: patrolPositionResponseSchema,
    errors: [400, 401, 403, 404, 429],
  },
  putAppPatrolStatus: {
    method: "PUT",
    path: "/api/app/patrol-status",
    tags: ["app"],
    summary: "The signed-in patrol's status: online, busy, away or offline (SPEC §4)",
    access: { kind: "patrol" },
    body: patrolStatusBodySchema,
    answer: patrolPositionResponseSchema,
    errors: [400, 401, 403, 404, 429],
  },
  getCompaniesByCompanyIdPatrols: {
    method: "GET",
    path: "/api/companies/:companyId/patrols",
    tags: ["patrols"],
    summary: "The company's patrols: status (offline after 5 minutes without positions), last position for an hour (SPEC §9), open report assigned",
    access: { kind: "company", permission: "patrols.read", module: "patrols" },
    params: companyIdParamSchema,
    answer: patrolListResponseSchema,
    errors: [400, 401, 403, 404, 429],
  },
});
