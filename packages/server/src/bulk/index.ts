// The bulk domain as the application sees it: its routes.
import type { Domain } from "../context.js";
import { bulkRoutes } from "./bulk.routes.js";

/** The bulk domain in the application: its routes; domains.ts lists it. */
export const bulkDomain: Domain = {
  name: "bulk",
  routes: bulkRoutes,
};
