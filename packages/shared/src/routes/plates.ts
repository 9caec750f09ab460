import { companyIdParamSchema } from "../auth.js";
import { plateLookupResponseSchema, plateLookupsQuerySchema, plateLookupsResponseSchema, plateParamsSchema, stolenPlateBodySchema } from "../plates.js";
import { reportParamsSchema, reportResponseSchema } from "../reports.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's plates/ folder (plates/plate.routes.ts). */
export const platesRouteTable = defineRoutes({
  getCompaniesByCompanyIdPlatesByPlate: {
    method: "GET",
    path: "/api/companies/:companyId/plates/:plate",
    tags: ["plates"],
    summary: "Whether a Chilean plate (AB1234, BCDF12, AB123, ABC12; spaces, dots, hyphens and case ignored) has a stolen-vehicle report, with the vehicle when known. A wrong format is 400 validationFailed before the police service is asked; the service's timeout is 504 timeout, its refusal 422 validationFailed, any other failure 503 connectionFailed. Answers are reused for PLATE_CACHE_SECONDS; every lookup is logged",
    access: { kind: "company", permission: "plates.lookup" },
    params: plateParamsSchema,
    answer: plateLookupResponseSchema,
    errors: [400, 403, 404, 409, 422, 503, 504],
  },
  getCompaniesByCompanyIdPlateLookups: {
    method: "GET",
    path: "/api/companies/:companyId/plate-lookups",
    tags: ["plates"],
    summary: "The company's plate lookups (who, when, which plate, result), newest first, paged; a plate filters (company admins)",
    access: { kind: "company", permission: "plates.audit" },
    params: companyIdParamSchema,
    query: plateLookupsQuerySchema,
    answer: plateLookupsResponseSchema,
    errors: [400, 403, 404],
  },
  postCompaniesByCompanyIdReportsByIdStolenPlate: {
    method: "POST",
    path: "/api/companies/:companyId/reports/:id/stolen-plate",
    tags: ["plates"],
    summary: "Flag the report with a plate the police service reports stolen (asked again, usually from the cache); 409 plateNotStolen otherwise",
    access: { kind: "company", permission: "report.work" },
    params: reportParamsSchema,
    body: stolenPlateBodySchema,
    answer: reportResponseSchema,
    errors: [400, 403, 404, 409, 422, 503, 504],
  },
  deleteCompaniesByCompanyIdReportsByIdStolenPlate: {
    method: "DELETE",
    path: "/api/companies/:companyId/reports/:id/stolen-plate",
    tags: ["plates"],
    summary: "Clear the report's stolen-plate flag",
    access: { kind: "company", permission: "report.work" },
    params: reportParamsSchema,
    answer: reportResponseSchema,
    errors: [400, 403, 404, 409],
  },
});
