// The patrols domain: positions and status from the patrol app, the company's patrols for the maps.
import type { Domain } from "../context.js";
import { patrolRoutes } from "./patrol.routes.js";

/** The patrols domain in the application: its routes; domains.ts lists it. */
export const patrolsDomain: Domain = {
  name: "patrols",
  routes: patrolRoutes,
};
