// The duplicates domain as the application sees it: its routes.
import type { Domain } from "../context.js";
import { duplicateRoutes } from "./duplicates.routes.js";

/** The duplicates domain in the application: its routes; domains.ts lists it. */
export const duplicatesDomain: Domain = {
  name: "duplicates",
  routes: duplicateRoutes,
};
