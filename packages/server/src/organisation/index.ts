// The organisation domain as the composition root sees it: its routes (with the custom dashboards'
// frame pages).
import type { Domain } from "../context.js";
import { organisationRoutes } from "./organisation.routes.js";

/** The organisation domain in the application: its routes; domains.ts lists it. */
export const organisationDomain: Domain = {
  name: "organisation",
  routes: organisationRoutes,
};
