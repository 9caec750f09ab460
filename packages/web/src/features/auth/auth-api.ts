import { loginResponseSchema, type LoginResponse } from "@atalaya/shared";
import { api } from "../../lib/api";

/** `POST /api/login`; a wrong password answers 401 here without ending any session. */
export function login(email: string, password: string): Promise<LoginResponse> {
  return api.post("/login", { email, password }, { schema: loginResponseSchema, redirectOnUnauthorized: false });
}

/** `POST /api/logout` with the given token, bounded so a slow server never holds anything up. */
export async function logout(token: string): Promise<void> {
  await api.post("/logout", undefined, { token, redirectOnUnauthorized: false, signal: AbortSignal.timeout(4000) });
}
