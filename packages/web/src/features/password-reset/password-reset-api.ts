import { passwordResetRouteTable as routes } from "@atalaya/shared";
import { call } from "../../lib/call";

/** `POST /api/auth/forgot-password`: always the same answer. */
export async function forgotPassword(email: string): Promise<{ success: true }> {
  return call(routes.postAuthForgotPassword, { body: { email }, redirectOnUnauthorized: false });
}

/** `POST /api/auth/reset-password`. */
export async function resetPassword(code: string, password: string): Promise<{ success: true }> {
  return call(routes.postAuthResetPassword, { body: { code, password }, redirectOnUnauthorized: false });
}
