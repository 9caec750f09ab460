import { useEffect, type ReactNode } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { FullPageLoader } from "../../components/full-page-loader";
import { rememberReturnTo } from "./return-to";
import { lastSessionEndReason, useSession } from "./session-store";

/** The login route, with `from=requestAsync` when the session was ended by a 401. */
export function loginPath(): string {
  return lastSessionEndReason() === "expired" ? "/v3/login?from=requestAsync" : "/v3/login";
}

/** `/`: the events panel when signed in, the login otherwise. */
export function RootRedirect(): ReactNode {
  const session = useSession();
  return <Navigate to={session ? "/v3/events" : "/v3/login"} replace />;
}

function RedirectToLogin(): ReactNode {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    if (lastSessionEndReason() !== "logout") rememberReturnTo(`${location.pathname}${location.search}${location.hash}`);
    navigate(loginPath(), { replace: true });
  }, [location, navigate]);
  return <FullPageLoader label={t("common.loading")} />;
}

/** Renders its children only with a stored session; otherwise remembers the route and goes to login. */
export function RequireSession({ children }: { children: ReactNode }): ReactNode {
  const session = useSession();
  return session ? children : <RedirectToLogin />;
}
