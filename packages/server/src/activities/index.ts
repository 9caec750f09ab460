// The activities domain as other domains see it: its routes and the demo's activities.
import type { Domain } from "../context.js";
import { activityRoutes } from "./activity.routes.js";
export { seedDemoActivities } from "./activity.seed.js";

/** The activities domain in the application: its routes; domains.ts lists it. */
export const activitiesDomain: Domain = {
  name: "activities",
  routes: activityRoutes,
};
