// The search domain as the app sees it: the search route and the dictionary's background catch-up.
export { searchRoutes } from "./search.routes.js";
export { installSearchWordsJob } from "./search-words.js";
