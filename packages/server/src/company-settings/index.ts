// The company settings domain as other domains see it: the SPEC §6 gates read from data.
import type { Domain } from "../context.js";
import { companySettingsRoutes } from "./settings.routes.js";
export { companyGates, companyHasGate } from "./gates.repository.js";
export { writeFlags, writeModules } from "./settings.repository.js";

/** The company settings domain in the application: its routes; domains.ts lists it. */
export const companySettingsDomain: Domain = {
  name: "company-settings",
  routes: companySettingsRoutes,
};
