// The presence domain as the application sees it: its routes.
import type { Domain } from "../context.js";
import { presenceRoutes } from "./presence.routes.js";

/** The presence domain in the application: its routes; domains.ts lists it. */
export const presenceDomain: Domain = {
  name: "presence",
  routes: presenceRoutes,
};
