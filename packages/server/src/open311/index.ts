// The Open311 domain as the composition root sees it: the GeoReport v2 endpoint and the API keys' routes.
export { open311Routes, OPEN311_PREFIX } from "./open311.routes.js";
export { apiKeyRoutes } from "./api-key.routes.js";
