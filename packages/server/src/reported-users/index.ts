// The reported-users domain: complaints against community users, their impact, and locking them.
import type { Domain } from "../context.js";
import { reportedUserRoutes } from "./reported-users.routes.js";

/** The reported users domain in the application: its routes; domains.ts lists it. */
export const reportedUsersDomain: Domain = {
  name: "reported-users",
  routes: reportedUserRoutes,
};
