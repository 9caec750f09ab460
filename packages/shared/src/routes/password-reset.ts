import { forgotPasswordBodySchema, resetPasswordBodySchema, signupSuccessSchema } from "../signup.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's password-reset/ folder (password-reset/password-reset.routes.ts). */
export const passwordResetRouteTable = defineRoutes({
  postAuthForgotPassword: {
    method: "POST",
    path: "/api/auth/forgot-password",
    tags: ["auth"],
    summary: "Mails a single-use reset link when the e-mail has an account; always answers success (no account enumeration)",
    access: { kind: "public" },
    body: forgotPasswordBodySchema,
    answer: signupSuccessSchema,
    errors: [400, 429],
  },
  postAuthResetPassword: {
    method: "POST",
    path: "/api/auth/reset-password",
    tags: ["auth"],
    summary: "Sets a new password with the mailed code (single use, 60 minutes) and ends the account's sessions",
    access: { kind: "public" },
    body: resetPasswordBodySchema,
    answer: signupSuccessSchema,
    errors: [400, 429],
  },
});
