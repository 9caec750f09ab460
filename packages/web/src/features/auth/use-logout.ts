import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { clearSession, getSession } from "../session";
import { logout } from "./auth-api";

/** Logs out: forgets the session, the cached data and the chosen organisation first — so the screens
 * unmount and nothing (presence, the real-time channel reconnecting after the server closes it, its
 * connectivity report) sends another request — then tells the server with the token it had. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const token = getSession()?.token;
    clearSession("logout");
    queryClient.clear();
    navigate("/v3/login", { replace: true });
    if (!token) return;
    try {
      await logout(token);
    } catch {
      // The local session has ended whatever the server answers; the token expires on its own.
    }
  }, [navigate, queryClient]);
}
