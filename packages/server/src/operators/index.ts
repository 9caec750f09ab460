// The operators domain: who of a company is online (sockets recorded in the database by every process),
// which report each has open, and the members' connectivity logs.
import type { Domain } from "../context.js";
import { operatorRoutes } from "./operators.routes.js";
export { databaseOnlineRegistry, recordViewing } from "./online.repository.js";

/** The operators domain in the application: its routes; domains.ts lists it. */
export const operatorsDomain: Domain = {
  name: "operators",
  routes: operatorRoutes,
};
