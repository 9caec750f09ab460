// The provider's side: freemium upgrade requests and the organisations screen.
import type { Domain } from "../context.js";
import { providerRoutes } from "./provider.routes.js";

/** The provider domain in the application: its routes; domains.ts lists it. */
export const providerDomain: Domain = {
  name: "provider",
  routes: providerRoutes,
};
