// The history domain as the app sees it: the history and activity-feed routes.
export { historyRoutes } from "./history.routes.js";
