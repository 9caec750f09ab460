// The users domain as other domains see it: locking an account (which revokes its tokens).
import type { Domain } from "../context.js";
import { settingsRoutes } from "./settings.routes.js";
import { userAdminRoutes } from "./user-admin.routes.js";
import { appUserLookupRoutes } from "./app-user-lookup.routes.js";
export { setUserLocked } from "./user.repository.js";

/** The users domain in the application: its routes; domains.ts lists it. */
export const usersDomain: Domain = {
  name: "users",
  routes: async (app, ctx) => {
    await settingsRoutes(app, ctx);
    await userAdminRoutes(app, ctx);
    await appUserLookupRoutes(app, ctx);
  },
};
