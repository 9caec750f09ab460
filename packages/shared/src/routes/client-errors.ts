import { clientErrorGroupParamsSchema, clientErrorGroupResponseSchema, clientErrorGroupsQuerySchema, clientErrorGroupsResponseSchema, clientErrorReportResponseSchema, clientErrorReportSchema } from "../client-errors.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's client-errors/ folder (client-errors/client-error.routes.ts). */
export const clientErrorsRouteTable = defineRoutes({
  postClientErrors: {
    method: "POST",
    path: "/api/client-errors",
    tags: ["client-errors"],
    summary: "Report the portal's uncaught errors and failed API calls (scrubbed, bounded, sampled by the client); the user comes from the access token when one is valid",
    access: { kind: "public" },
    body: clientErrorReportSchema,
    answer: clientErrorReportResponseSchema,
    errors: [400, 429],
  },
  getAdminClientErrors: {
    method: "GET",
    path: "/api/admin/client-errors",
    tags: ["provider"],
    summary: "Client errors grouped by message and release, most recently seen first, with counts, first/last seen, routes and users affected (provider administrators)",
    access: { kind: "provider" },
    query: clientErrorGroupsQuerySchema,
    answer: clientErrorGroupsResponseSchema,
    errors: [400, 403, 404],
  },
  getAdminClientErrorsById: {
    method: "GET",
    path: "/api/admin/client-errors/:id",
    tags: ["provider"],
    summary: "One group of client errors and its latest 50 occurrences (provider administrators)",
    access: { kind: "provider" },
    params: clientErrorGroupParamsSchema,
    answer: clientErrorGroupResponseSchema,
    errors: [400, 403, 404],
  },
});
