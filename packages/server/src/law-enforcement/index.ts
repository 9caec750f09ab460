// Law-enforcement data requests: access by institutional e-mail, the form, the provider's list (issue 13).
import type { Domain } from "../context.js";
import { lawEnforcementRoutes } from "./law-enforcement.routes.js";
export { LAW_ENFORCEMENT_LIMITS } from "./law-enforcement.routes.js";

/** The law enforcement domain in the application: its routes; domains.ts lists it. */
export const lawEnforcementDomain: Domain = {
  name: "law-enforcement",
  routes: lawEnforcementRoutes,
};
