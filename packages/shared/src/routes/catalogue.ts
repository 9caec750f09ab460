import { notModifiedSchema, reportTypeImageParamsSchema } from "../catalogue.js";

import { defineRoutes } from "./route.js";

/** The routes of the server's catalogue/ folder (catalogue/type-images.routes.ts). */
export const catalogueRouteTable = defineRoutes({
  getReportTypesByImageName: {
    method: "GET",
    path: "/report-types/:imageName",
    tags: ["public"],
    summary: "A report type's image (its imageName, e.g. type_0.svg): the type's symbol on its colour, as SVG; 404 for any other name",
    access: { kind: "public" },
    params: reportTypeImageParamsSchema,
    answer: { file: "image/svg+xml" },
    also: { 304: notModifiedSchema },
    errors: [404],
  },
});
