import { appUserLockResponseSchema, appUserParamsSchema, complaintBodySchema, complaintResponseSchema, reportedUsersParamsSchema, reportedUsersQuerySchema, reportedUsersResponseSchema, userImpactParamsSchema, userImpactResponseSchema } from "../reported-users.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's reported-users/ folder (reported-users/reported-users.routes.ts). */
export const reportedUsersRouteTable = defineRoutes({
  postReportsIssue: {
    method: "POST",
    path: "/api/reports/issue",
    tags: ["reported users"],
    summary: "Complain about a community user: the author of a report or comment the caller may see (app or portal), or the user; one per caller and item (a repeat answers the first)",
    access: { kind: "reporter" },
    body: complaintBodySchema,
    answer: complaintResponseSchema,
    errors: [400, 403, 404],
  },
  getReportsUserImpactCounterById: {
    method: "GET",
    path: "/api/reports/user-impact/counter/:id",
    tags: ["reported users"],
    summary: "What a community user's reports amounted to, counted over the reports the caller's companies attend (within the caller's restrictions in each); 404 when the caller sees no report or comment of the user",
    access: { kind: "company", permission: "reportedUsers.read", companyFrom: "report" },
    params: userImpactParamsSchema,
    answer: userImpactResponseSchema,
    errors: [400, 403, 404],
  },
  getCompaniesByCompanyIdReportedUsers: {
    method: "GET",
    path: "/api/companies/:companyId/reported-users",
    tags: ["reported users"],
    summary: "Community users with complaints about their reports or comments in the company's reports (within the caller's restrictions), most complained about first; paged",
    access: { kind: "company", permission: "reportedUsers.read", module: "reported_users" },
    params: reportedUsersParamsSchema,
    query: reportedUsersQuerySchema,
    answer: reportedUsersResponseSchema,
    errors: [400, 403, 404],
  },
  postCompaniesByCompanyIdAppUsersByIdLock: {
    method: "POST",
    path: "/api/companies/:companyId/app-users/:id/lock",
    tags: ["reported users"],
    summary: "Lock a community user of the company's reports (company admins): their tokens stop working at once",
    access: { kind: "company", permission: "appUsers.lock", module: "reported_users" },
    params: appUserParamsSchema,
    answer: appUserLockResponseSchema,
    errors: [400, 403, 404],
  },
  postCompaniesByCompanyIdAppUsersByIdUnlock: {
    method: "POST",
    path: "/api/companies/:companyId/app-users/:id/unlock",
    tags: ["reported users"],
    summary: "Unlock a community user of the company's reports (company admins)",
    access: { kind: "company", permission: "appUsers.lock", module: "reported_users" },
    params: appUserParamsSchema,
    answer: appUserLockResponseSchema,
    errors: [400, 403, 404],
  },
});
