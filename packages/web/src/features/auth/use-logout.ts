import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { clearSession } from "../session/session-store";
import { logout } from "./auth-api";

/** Logs out: tells the server, then forgets the session, the cached data and the chosen organisation. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The local session ends whatever the server answers; the token expires on its own.
    }
    clearSession("logout");
    queryClient.clear();
    navigate("/v3/login", { replace: true });
  }, [navigate, queryClient]);
}
