// The search domain as the app sees it: the search route.
export { searchRoutes } from "./search.routes.js";
