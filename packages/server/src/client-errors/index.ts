// Client error reporting (issue 18): the portal's reports of its own errors and the provider's listing.
import type { Domain } from "../context.js";
import { clientErrorRoutes } from "./client-error.routes.js";

/** The client errors domain in the application: its routes; domains.ts lists it. */
export const clientErrorsDomain: Domain = {
  name: "client-errors",
  routes: clientErrorRoutes,
};
