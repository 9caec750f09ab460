import { useEffect, type ReactNode } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { FullPageLoader } from "../../components/full-page-loader";
import { getSession } from "../session/session-store";
import { isHttpUrl } from "./shared-url";

/** `/public/:reportUuid`: signed in → the report; else the `sharedUrl` address; else `/notFound`. */
export function PublicReportPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { reportUuid = "" } = useParams();
  const [searchParams] = useSearchParams();
  const sharedUrl = searchParams.get("sharedUrl");

  useEffect(() => {
    if (getSession() && reportUuid) {
      navigate(`/v3/events/${encodeURIComponent(reportUuid)}`, { replace: true });
    } else if (sharedUrl && isHttpUrl(sharedUrl)) {
      window.location.assign(sharedUrl);
    } else {
      navigate("/notFound", { replace: true });
    }
  }, [navigate, reportUuid, sharedUrl]);

  return <FullPageLoader label={t("publicLink.opening")} />;
}
