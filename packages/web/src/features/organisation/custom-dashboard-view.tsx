import type { ReactNode } from "react";
import { Button, Result, Skeleton, Typography } from "antd";
import { ExportOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useSettings } from "../settings";
import { fetchDashboardFrameUrl } from "./organisation-api";
import { useCustomDashboards } from "./use-custom-dashboards";
import "./organisation.css";

/** `/v3/custom-dashboards/{id}`: the custom dashboard embedded in the portal. The portal page frames
 * only its own origin; the iframe opens the dashboard's frame page (a single-use address the API gives
 * a member of the company), whose CSP frames this dashboard's origin alone. */
export function CustomDashboardView(): ReactNode {
  const { t } = useTranslation();
  const { id } = useParams();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const dashboards = useCustomDashboards();
  const dashboard = dashboards.find((d) => String(d.id) === id);
  // Each address opens once: never refetched behind the frame's back, a fresh one on each visit.
  const frame = useQuery({
    queryKey: ["organisation", "dashboard-frame", companyId, dashboard?.id, dashboard?.link],
    queryFn: () => fetchDashboardFrameUrl(companyId, dashboard!.id),
    enabled: dashboard !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  if (!dashboard) {
    return (
      <div className="page custom-dashboard" data-testid="custom-dashboard-missing">
        <Typography.Title level={1} className="custom-dashboard__title">
          {t("modules.custom_dashboards")}
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
      {frame.isError ? (
        <Result
          status="warning"
          title={t("organisation.dashboards.blocked")}
          extra={<Button onClick={() => void frame.refetch()}>{t("common.retry")}</Button>}
          data-testid="custom-dashboard-blocked"
        />
      ) : frame.data ? (
        <iframe
          key={frame.data}
          className="custom-dashboard__frame"
          src={frame.data}
          title={t("organisation.dashboards.frameTitle", { name: dashboard.name })}
          // The frame page runs no script; the dashboard in it runs its own in its own origin and may
          // not navigate the portal (these flags reach it too).
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
          referrerPolicy="no-referrer"
          data-testid="custom-dashboard-frame"
        />
      ) : (
        <Skeleton active />
      )}
    </div>
  );
}
