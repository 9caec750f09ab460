// Password reset by a mailed single-use code (issue 13).
export { passwordResetRoutes } from "./password-reset.routes.js";
