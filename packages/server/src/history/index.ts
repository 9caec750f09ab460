// The history domain as the app sees it: the history and activity-feed routes.
import type { Domain } from "../context.js";
import { historyRoutes } from "./history.routes.js";

/** The history domain in the application: its routes; domains.ts lists it. */
export const historyDomain: Domain = {
  name: "history",
  routes: historyRoutes,
};
