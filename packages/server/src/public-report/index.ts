// The public-report domain: what a share link shows to anyone, without a session.
import type { Domain } from "../context.js";
import { publicReportRoutes } from "./public-report.routes.js";

/** The public report domain in the application: its routes; domains.ts lists it. */
export const publicReportDomain: Domain = {
  name: "public-report",
  routes: publicReportRoutes,
};
