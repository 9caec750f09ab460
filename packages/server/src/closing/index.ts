// The closing route: closing a report is the report domain's close command (reports/commands.ts); the
// closure's change and its comment live in reports/closing.ts.
import type { Domain } from "../context.js";
import { closeRoutes } from "./close.routes.js";

/** The closing domain in the application: its route; domains.ts lists it. */
export const closingDomain: Domain = {
  name: "closing",
  routes: closeRoutes,
};
