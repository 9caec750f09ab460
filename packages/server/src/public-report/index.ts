// The public-report domain: what a share link shows to anyone, without a session.
export { publicReportRoutes } from "./public-report.routes.js";
