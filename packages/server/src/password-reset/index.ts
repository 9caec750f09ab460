// Password reset by a mailed single-use code (issue 13).
import type { Domain } from "../context.js";
import { passwordResetRoutes } from "./password-reset.routes.js";

/** The password reset domain in the application: its routes; domains.ts lists it. */
export const passwordResetDomain: Domain = {
  name: "password-reset",
  routes: passwordResetRoutes,
};
