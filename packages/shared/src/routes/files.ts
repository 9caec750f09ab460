import { fileParamsSchema } from "../interactions.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's files/ folder (files/file.routes.ts). */
export const filesRouteTable = defineRoutes({
  getFilesByName: {
    method: "GET",
    path: "/api/files/:name",
    tags: ["files"],
    summary: "A stored file: note files for their organisation, comment files and report media for attending organisations and, when the report is public, anyone",
    access: { kind: "public", optionalAuth: true },
    params: fileParamsSchema,
    answer: { file: "*/*" },
    errors: [],
  },
});
