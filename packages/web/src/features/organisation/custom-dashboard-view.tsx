import { useEffect, useState, type ReactNode } from "react";
import { Button, Result, Skeleton, Typography } from "antd";
import { ExportOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { dashboardOrigin } from "@atalaya/shared";
import { useCustomDashboards } from "./use-custom-dashboards";
import "./organisation.css";

// The portal's CSP frames the dashboards' origins as they were when this document loaded; a dashboard
// added since is blocked until the page reloads, which this does once per dashboard and session.
const RELOAD_KEY = "atalaya.customDashboard.reloaded";

/** `/v3/custom-dashboards/{id}`: the custom dashboard's link embedded in the portal. */
export function CustomDashboardView(): ReactNode {
  const { t } = useTranslation();
  const { id } = useParams();
  const dashboards = useCustomDashboards();
  const dashboard = dashboards.find((d) => String(d.id) === id);
  // The dashboard whose frame the CSP still blocked after the reload.
  const [blockedId, setBlockedId] = useState<number | null>(null);
  const blocked = blockedId !== null && blockedId === dashboard?.id;
  const origin = dashboard ? dashboardOrigin(dashboard.link) : undefined;

  useEffect(() => {
    if (!dashboard || !origin) return;
    const onViolation = (event: SecurityPolicyViolationEvent): void => {
      if (!event.effectiveDirective.startsWith("frame-src") || !event.blockedURI.startsWith(origin)) return;
      if (sessionStorage.getItem(RELOAD_KEY) === String(dashboard.id)) {
        setBlockedId(dashboard.id);
        return;
      }
      sessionStorage.setItem(RELOAD_KEY, String(dashboard.id));
      window.location.reload();
    };
    document.addEventListener("securitypolicyviolation", onViolation);
    // Shown without a violation for a while: a later addition may reload again.
    const settle = window.setTimeout(() => {
      if (sessionStorage.getItem(RELOAD_KEY) === String(dashboard.id)) sessionStorage.removeItem(RELOAD_KEY);
    }, 5_000);
    return () => {
      document.removeEventListener("securitypolicyviolation", onViolation);
      window.clearTimeout(settle);
    };
  }, [dashboard, origin]);

  if (!dashboard) {
    return (
      <div className="page custom-dashboard" data-testid="custom-dashboard-missing">
        <Typography.Title level={1} className="custom-dashboard__title">
          {t("nav.customDashboards")}
        </Typography.Title>
        {dashboards.length === 0 ? <Skeleton active /> : <Result status="404" title={t("organisation.dashboards.notFound")} extra={<Link to="/v3/custom-dashboards">{t("organisation.dashboards.title")}</Link>} />}
      </div>
    );
  }

  return (
    <div className="page custom-dashboard" data-testid="custom-dashboard-view">
      <div className="custom-dashboard__head">
        <Typography.Title level={1} className="custom-dashboard__title">
          {dashboard.name}
        </Typography.Title>
        <Button href={dashboard.link} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />}>
          {t("organisation.dashboards.openOutside")}
        </Button>
      </div>
      {blocked ? (
        <Result status="warning" title={t("organisation.dashboards.blocked")} data-testid="custom-dashboard-blocked" />
      ) : (
        <iframe
          key={dashboard.id}
          className="custom-dashboard__frame"
          src={dashboard.link}
          title={t("organisation.dashboards.frameTitle", { name: dashboard.name })}
          // The dashboard runs its own scripts in its own origin; it may not navigate the portal.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
          referrerPolicy="no-referrer"
          data-testid="custom-dashboard-frame"
        />
      )}
    </div>
  );
}
