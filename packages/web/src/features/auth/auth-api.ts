import { loginResponseSchema, type LoginResponse } from "@atalaya/shared";
import { api } from "../../lib/api";

/** `POST /api/login`; a wrong password answers 401 here without ending any session. */
export function login(email: string, password: string): Promise<LoginResponse> {
  return api.post("/login", { email, password }, { schema: loginResponseSchema, redirectOnUnauthorized: false });
}

/** `GET /api/logout`, bounded so a slow server never keeps anyone signed in on screen. */
export async function logout(): Promise<void> {
  await api.get("/logout", { redirectOnUnauthorized: false, signal: AbortSignal.timeout(4000) });
}
