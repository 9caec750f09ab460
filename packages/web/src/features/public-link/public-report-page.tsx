import { useEffect, type ReactNode } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { FullPageLoader } from "../../components/full-page-loader";
import { getSession } from "../session";
import { fetchSharedUrlHosts } from "./shared-report-api";
import { isHttpUrl, sharedUrlTarget } from "./shared-url";

/** `/public/:reportUuid`: signed in → the report; else the `sharedUrl` address when it is the portal's
 * own or a listed host; else `/notFound`. */
export function PublicReportPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { reportUuid = "" } = useParams();
  const [searchParams] = useSearchParams();
  const sharedUrl = searchParams.get("sharedUrl");

  useEffect(() => {
    const controller = new AbortController();
    const notFound = () => navigate("/notFound", { replace: true });
    const follow = (url: URL) =>
      url.origin === window.location.origin ? navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true }) : window.location.assign(url.href);
    if (getSession() && reportUuid) {
      navigate(`/v3/events/${encodeURIComponent(reportUuid)}`, { replace: true });
    } else if (sharedUrl && isHttpUrl(sharedUrl)) {
      const own = sharedUrlTarget(sharedUrl, window.location.origin, []);
      if (own) follow(own);
      else
        fetchSharedUrlHosts(controller.signal)
          .then((hosts) => {
            const target = sharedUrlTarget(sharedUrl, window.location.origin, hosts);
            if (target) follow(target);
            else notFound();
          })
          .catch(() => {
            if (!controller.signal.aborted) notFound();
          });
    } else {
      notFound();
    }
    return () => controller.abort();
  }, [navigate, reportUuid, sharedUrl]);

  return <FullPageLoader label={t("publicLink.opening")} />;
}
