// Stolen-vehicle plate lookup (issue 17): routes, and the fake police service the demo and tests use.
import type { Domain } from "../context.js";
import { plateRoutes } from "./plate.routes.js";
export { DEMO_STOLEN_PLATES, startFakePlateProvider, type FakePlateProvider, type FakePlateMode } from "./fake-provider.js";

/** The plates domain in the application: its routes; domains.ts lists it. */
export const platesDomain: Domain = {
  name: "plates",
  routes: plateRoutes,
};
