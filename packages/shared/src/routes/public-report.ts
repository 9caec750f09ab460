import { publicReportParamsSchema, publicReportResponseSchema, sharedUrlHostsResponseSchema } from "../public-report.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's public-report/ folder (public-report/public-report.routes.ts). */
export const publicReportRouteTable = defineRoutes({
  getPublicReportsByUuid: {
    method: "GET",
    path: "/api/public/reports/:uuid",
    tags: ["public"],
    summary: "A shared report's public page: type, time, approximate place, public description and status (counts the share); 404 when private, deleted or unknown",
    access: { kind: "public" },
    params: publicReportParamsSchema,
    answer: publicReportResponseSchema,
    errors: [400, 404],
  },
  getPublicSharedUrlHosts: {
    method: "GET",
    path: "/api/public/shared-url-hosts",
    tags: ["public"],
    summary: "Hosts besides the portal's own that a share link's sharedUrl may lead to (SHARED_URL_HOSTS)",
    access: { kind: "public" },
    answer: sharedUrlHostsResponseSchema,
    errors: [],
  },
});
