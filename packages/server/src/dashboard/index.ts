// The dashboard domain as the app sees it: the dashboard tabs and the company's shifts; for the maps,
// the dashboard filter read as a selection of reports.
import type { Domain } from "../context.js";
import { dashboardRoutes } from "./dashboard.routes.js";
export { dashboardSelection } from "./dashboard.service.js";
export type { DashboardSelection } from "./dashboard.repository.js";

/** The dashboard domain in the application: its routes; domains.ts lists it. */
export const dashboardDomain: Domain = {
  name: "dashboard",
  routes: dashboardRoutes,
};
