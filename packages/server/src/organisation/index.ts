// The organisation domain as the composition root sees it: its routes and the custom dashboards'
// origins the portal's CSP frames.
export { organisationRoutes } from "./organisation.routes.js";
export { dashboardFrameOrigins } from "./dashboard-origins.js";
