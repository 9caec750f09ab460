// The safe tags domain as the composition root sees it: its routes.
import type { Domain } from "../context.js";
import { safetagRoutes } from "./safetag.routes.js";
export { newSafetagCode } from "./safetag.repository.js";

/** The safetags domain in the application: its routes; domains.ts lists it. */
export const safetagsDomain: Domain = {
  name: "safetags",
  routes: safetagRoutes,
};
