import { useEffect, type ReactNode } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { useTranslation } from "react-i18next";
import { reportThrown } from "./install";

/** The router's error boundary: a screen that failed to render (or whose code failed to load) is
 * reported once and replaced by the general error text with a way to reload; a 404 answer is not a fault. */
export function RouteErrorPage(): ReactNode {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    if (!(isRouteErrorResponse(error) && error.status === 404)) reportThrown("boundary", error);
  }, [error]);
  return (
    <main className="status-screen" data-testid="route-error">
      <div className="status-screen__card" role="alert">
        <h1>{t("errors.generalError")}</h1>
        <p>
          <button type="button" onClick={() => window.location.reload()}>
            {t("common.reload")}
          </button>{" "}
          <a href="/">{t("common.backHome")}</a>
        </p>
      </div>
    </main>
  );
}
