// The closing domain as other domains see it: a closure's change, to run inside their own transaction.
import type { Domain } from "../context.js";
import { closeRoutes } from "./close.routes.js";
export { closeChange, closeOptions, type CloseBody } from "./close.service.js";
// Closing as other domains see it: posting a closure's comment inside their own change.
export { postClosingComment } from "./close.service.js";

/** The closing domain in the application: its routes; domains.ts lists it. */
export const closingDomain: Domain = {
  name: "closing",
  routes: closeRoutes,
};
