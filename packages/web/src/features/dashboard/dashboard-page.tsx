import { Suspense, lazy, useEffect, type ReactNode } from "react";
import { Button, Result, Skeleton, Tabs, Typography } from "antd";
import { LoadingOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api";
import { formatInstant } from "../../lib/dates";
import { useSettings } from "../settings";
import { AppsTab } from "./apps-tab";
import { loadEcharts } from "./chart-figure";
import { fetchDashboard, dashboardKeys, type DashboardEndpoint, type DashboardTabData } from "./dashboard-api";
import { DashboardFilterBar } from "./dashboard-filter-bar";
import { DASHBOARD_TABS, dashboardFilterOf, dashboardQuery, paramsWithFilter, tabOf, type DashboardFilterState, type DashboardTab } from "./dashboard-filters";
import { OperatorsTab } from "./operators-tab";
import { ReportsTab } from "./reports-tab";
import { SummaryTab } from "./summary-tab";
import { UsersTab } from "./users-tab";
import { loadMapsPage } from "../maps";
import "./dashboard.css";

// The timelapse tab is the maps screen under the dashboard's filter: its map code loads when the tab opens.
const TimelapseMap = lazy(async () => ({ default: (await loadMapsPage()).MapsPage }));

/**
 * `/v3/dashboard` (SPEC §1, §2): the SPEC §3 dashboard filter, kept in the address, over the tabs
 * summary, reports, operators, users and, for the companies of the SPEC §6 gate, apps. Only the open
 * tab asks the server; its figures are grouped there, never counted from reports in the browser.
 */
export function DashboardPage(): ReactNode {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const timeZone = settings.company.timezone;
  const tabs = DASHBOARD_TABS.filter((tab) => tab !== "apps" || settings.gates.includes("report_apps_metrics"));
  const tab = tabOf(params, tabs);
  const filter = dashboardFilterOf(params);
  const query = dashboardQuery(filter);

  // The charts' code starts downloading with the page, beside the first figures.
  useEffect(() => {
    loadEcharts().catch(() => undefined);
  }, []);

  const setFilter = (next: DashboardFilterState): void => setParams(paramsWithFilter(params, next));
  const setTab = (next: string): void => {
    const changed = new URLSearchParams(params);
    if (next === "summary") changed.delete("tab");
    else changed.set("tab", next);
    setParams(changed);
  };

  const content = (key: DashboardTab): ReactNode => {
    if (key !== tab) return null;
    switch (key) {
      case "summary":
        return <TabData endpoint="summary" companyId={companyId} query={query} render={(data) => <SummaryTab data={data} />} />;
      case "reports":
        return <TabData endpoint="reports" companyId={companyId} query={query} render={(data) => <ReportsTab data={data} />} />;
      case "operators":
        return <TabData endpoint="operators" companyId={companyId} query={query} render={(data) => <OperatorsTab data={data} />} />;
      case "users":
        return <TabData endpoint="users" companyId={companyId} query={query} render={(data) => <UsersTab data={data} />} />;
      case "timelapse":
        return (
          <Suspense fallback={<Skeleton active />}>
            <TimelapseMap embedded query={query} />
          </Suspense>
        );
      case "apps":
        return <TabData endpoint="apps" companyId={companyId} query={query} render={(data) => <AppsTab data={data} />} />;
    }
  };

  return (
    <div className="page dash-page" data-testid="dashboard-page">
      <header className="dash-header">
        <Typography.Title level={1} className="dash-header__title">
          {t("dashboard.title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("dashboard.subtitle")}</Typography.Text>
      </header>
      <DashboardFilterBar companyId={companyId} timeZone={timeZone} filter={filter} onChange={setFilter} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        className="dash-tabs"
        aria-label={t("dashboard.tabsLabel")}
        items={tabs.map((key) => ({
          key,
          label: <span data-testid={`dashboard-tab-${key}`}>{t(`dashboard.tabs.${key}`)}</span>,
          children: content(key),
        }))}
      />
    </div>
  );
}

/** One tab's answer for the filter: a skeleton while it first loads, the figures (the previous ones
 * stay while a new filter loads), or the failure with a retry. */
function TabData<K extends DashboardEndpoint>({
  endpoint,
  companyId,
  query,
  render,
}: {
  endpoint: K;
  companyId: number;
  query: Record<string, string>;
  render: (data: DashboardTabData[K]) => ReactNode;
}): ReactNode {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const result = useQuery({
    queryKey: dashboardKeys.tab(companyId, endpoint, query),
    queryFn: ({ signal }) => fetchDashboard(companyId, endpoint, query, signal),
    // While another filter loads, the figures of this tab stay (never another tab's).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === endpoint ? previous : undefined),
  });

  if (result.isPending) {
    return (
      <div className="dash-tab" data-testid="dashboard-loading" aria-busy="true">
        <div className="dash-card dash-card--padded">
          <Skeleton active paragraph={{ rows: 2 }} />
        </div>
        <div className="dash-grid">
          <div className="dash-card dash-card--padded">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
          <div className="dash-card dash-card--padded">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        </div>
      </div>
    );
  }
  if (result.isError) {
    const error = result.error;
    const windowCode = isApiError(error) ? error.fields.find((f) => f.code === "before_start" || f.code === "window_too_long")?.code : undefined;
    const text =
      windowCode === "before_start" || windowCode === "window_too_long"
        ? t(`dashboard.filters.${windowCode}`)
        : isApiError(error) && error.status === 400
          ? t("dashboard.invalidFilter")
          : isApiError(error)
            ? error.message
            : t("errors.generalError");
    return (
      <div className="dash-card" data-testid="dashboard-error">
        <Result
          status="warning"
          title={t("dashboard.loadError")}
          subTitle={text}
          extra={
            <Button type="primary" onClick={() => void result.refetch()} loading={result.isFetching}>
              {t("common.retry")}
            </Button>
          }
        />
      </div>
    );
  }

  const span = result.data.window;
  const format = (iso: string) => formatInstant(iso, span.timezone, lang, "D MMM YYYY, HH:mm") ?? iso;
  // The window's end is exclusive: the last second it holds is shown.
  const last = new Date(Date.parse(span.to) - 1000).toISOString();
  return (
    <>
      <p className="dash-window" data-testid="dashboard-window" data-period={span.period ?? "custom"}>
        {t("dashboard.window", { from: format(span.from), to: format(last), timezone: span.timezone })}
        <span className="dash-window__refreshing" role="status">
          {result.isPlaceholderData && (
            <>
              <LoadingOutlined aria-hidden="true" /> {t("dashboard.refreshing")}
            </>
          )}
        </span>
      </p>
      {render(result.data)}
    </>
  );
}
