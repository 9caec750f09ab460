import { callBodySchema, callResponseSchema } from "../plates.js";
import { reportParamsSchema } from "../reports.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's calls/ folder (calls/call.routes.ts). */
export const callsRouteTable = defineRoutes({
  postCompaniesByCompanyIdReportsByIdCall: {
    method: "POST",
    path: "/api/companies/:companyId/reports/:id/call",
    tags: ["reports"],
    summary: "Start a call to the report's reporter or caller through the telephony service (companies in the SPEC §6 phone-call gate; others 403 phoneCallsDisabled); logged on the report's activity with its outcome (502 callFailed when the service fails, 422 noPhoneNumber without a phone)",
    access: { kind: "company", permission: "report.call" },
    params: reportParamsSchema,
    body: callBodySchema,
    answer: callResponseSchema,
    errors: [400, 403, 404, 409, 422, 502],
  },
});
