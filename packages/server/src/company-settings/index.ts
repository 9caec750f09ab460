// The company settings domain as other domains see it: the SPEC §6 gates read from data.
export { companyGates, companyHasGate } from "./gates.repository.js";
export { writeFlags, writeModules } from "./settings.repository.js";
export { companySettingsRoutes } from "./settings.routes.js";
