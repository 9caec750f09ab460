// The activities domain as other domains see it: its routes and the demo's activities.
export { activityRoutes } from "./activity.routes.js";
export { seedDemoActivities } from "./activity.seed.js";
