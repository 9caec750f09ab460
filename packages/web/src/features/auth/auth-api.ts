import { authRouteTable as routes, type LoginResponse } from "@atalaya/shared";
import { call } from "../../lib/call";

/** `POST /api/login`; a wrong password answers 401 here without ending any session. */
export async function login(email: string, password: string): Promise<LoginResponse> {
  return call(routes.postLogin, { body: { email, password }, redirectOnUnauthorized: false });
}

/** `POST /api/logout` with the given token, bounded so a slow server never holds anything up. */
export async function logout(token: string): Promise<void> {
  await call(routes.postLogout, { token, redirectOnUnauthorized: false, signal: AbortSignal.timeout(4000) });
}
