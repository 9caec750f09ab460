// The search domain as the app sees it: the search route and the dictionary's background catch-up.
import type { Domain } from "../context.js";
import { searchRoutes } from "./search.routes.js";
import { installSearchWordsJob } from "./search-words.js";
export { installSearchWordsJob } from "./search-words.js";

/** The search domain in the application: its routes and its background jobs; domains.ts lists it. */
export const searchDomain: Domain = {
  name: "search",
  routes: searchRoutes,
  // The spelling dictionary is caught up in the background.
  jobs: installSearchWordsJob,
};
