// Self-service sign-up of a freemium organisation (issue 13).
export { signupRoutes, SIGNUP_LIMITS } from "./signup.routes.js";
