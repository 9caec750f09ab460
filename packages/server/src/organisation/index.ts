// The organisation domain as the composition root sees it: its routes (with the custom dashboards'
// frame pages).
export { organisationRoutes } from "./organisation.routes.js";
