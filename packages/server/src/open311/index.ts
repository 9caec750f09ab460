// The Open311 domain as the composition root sees it: the GeoReport v2 endpoint and the API keys' routes.
import type { Domain } from "../context.js";
import { apiKeyRoutes } from "./api-key.routes.js";
import { open311Routes } from "./open311.routes.js";
export { OPEN311_PREFIX } from "./open311.routes.js";

/** The open311 domain in the application: its routes; domains.ts lists it. */
export const open311Domain: Domain = {
  name: "open311",
  routes: async (app, ctx) => {
    await apiKeyRoutes(app, ctx);
    await open311Routes(app, ctx);
  },
};
