import { signupSuccessSchema } from "@atalaya/shared";
import { api } from "../../lib/api";

/** `POST /api/auth/forgot-password`: always the same answer. */
export function forgotPassword(email: string): Promise<{ success: true }> {
  return api.post("/auth/forgot-password", { email }, { schema: signupSuccessSchema, redirectOnUnauthorized: false });
}

/** `POST /api/auth/reset-password`. */
export function resetPassword(code: string, password: string): Promise<{ success: true }> {
  return api.post("/auth/reset-password", { code, password }, { schema: signupSuccessSchema, redirectOnUnauthorized: false });
}
