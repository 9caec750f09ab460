// Self-service sign-up of a freemium organisation (issue 13).
import type { Domain } from "../context.js";
import { signupRoutes } from "./signup.routes.js";
export { SIGNUP_LIMITS } from "./signup.routes.js";

/** The signup domain in the application: its routes; domains.ts lists it. */
export const signupDomain: Domain = {
  name: "signup",
  routes: signupRoutes,
};
