// Client error reporting (issue 18): the portal's reports of its own errors and the provider's listing.
export { clientErrorRoutes } from "./client-error.routes.js";
