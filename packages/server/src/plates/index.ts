// Stolen-vehicle plate lookup (issue 17): routes, and the fake police service the demo and tests use.
export { plateRoutes } from "./plate.routes.js";
export { DEMO_STOLEN_PLATES, startFakePlateProvider, type FakePlateProvider, type FakePlateMode } from "./fake-provider.js";
