import { companyIdParamSchema } from "../auth.js";
import { searchQuerySchema, searchResponseSchema } from "../search.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's search/ folder (search/search.routes.ts). */
export const searchRouteTable = defineRoutes({
  getCompaniesByCompanyIdSearch: {
    method: "GET",
    path: "/api/companies/:companyId/search",
    tags: ["search"],
    summary: "Search the reports the caller may see (title, description, address, id, reporter) and their comments; accent-insensitive, typo-tolerant, ranked, with highlighted fragments",
    access: { kind: "company", permission: "reports.browse" },
    params: companyIdParamSchema,
    query: searchQuerySchema,
    answer: searchResponseSchema,
    errors: [400, 403, 404],
  },
});
