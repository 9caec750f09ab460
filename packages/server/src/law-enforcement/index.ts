// Law-enforcement data requests: access by institutional e-mail, the form, the provider's list (issue 13).
export { lawEnforcementRoutes, LAW_ENFORCEMENT_LIMITS } from "./law-enforcement.routes.js";
