import { useCallback, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { REPORT_STATUSES, type DashboardReports } from "@atalaya/shared";
import { reportTypeColor, reportTypeName } from "../../components/report-type-visual";
import { ChartFigure } from "./chart-figure";
import { STATUS_CHART_COLORS, barsHeight, horizontalBars, stackedBars } from "./chart-options";
import { largest, useDashboardFormat } from "./dashboard-format";

/** The reports tab: reports by status, type and zone, and each day stacked by status. */
export function ReportsTab({ data }: { data: DashboardReports }): ReactNode {
  const { t } = useTranslation();
  const f = useDashboardFormat();
  const reports = t("dashboard.chart.reports");

  const statusRows = useMemo(
    () => REPORT_STATUSES.map((status) => ({ status, label: t(`statuses.${status}`), count: data.by_status[status] })),
    [data.by_status, t],
  );
  const statusTotal = statusRows.reduce((sum, r) => sum + r.count, 0);
  const topStatus = largest(statusRows, (r) => r.count);
  const byStatus = useMemo(
    () => horizontalBars(statusRows.map((r) => r.label), statusRows.map((r) => r.count), reports, statusRows.map((r) => STATUS_CHART_COLORS[r.status])),
    [statusRows, reports],
  );

  const byType = useMemo(
    () =>
      horizontalBars(
        data.by_type.map((p) => reportTypeName(p.type, f.lang)),
        data.by_type.map((p) => p.count),
        reports,
        data.by_type.map((p) => reportTypeColor(p.type)),
      ),
    [data.by_type, f.lang, reports],
  );
  const topType = data.by_type[0];

  const zoneName = useCallback(
    (z: DashboardReports["by_zone"][number]) => (z.zone_id === null ? t("dashboard.reports.noZone") : (z.name ?? `#${z.zone_id}`)),
    [t],
  );
  const byZone = useMemo(
    () => horizontalBars(data.by_zone.map(zoneName), data.by_zone.map((z) => z.count), reports),
    [data.by_zone, reports, zoneName],
  );
  const topZone = largest(data.by_zone, (z) => z.count);

  const perDay = useMemo(
    () =>
      stackedBars(
        data.per_day.map((d) => f.day(d.date)),
        REPORT_STATUSES.map((status) => ({ name: t(`statuses.${status}`), values: data.per_day.map((d) => d[status]), color: STATUS_CHART_COLORS[status] })),
      ),
    [data.per_day, f, t],
  );

  return (
    <div className="dash-tab dash-grid" data-testid="dashboard-reports">
      <ChartFigure
        title={t("dashboard.reports.byStatus")}
        summary={
          topStatus && statusTotal > 0
            ? t("dashboard.reports.byStatusSummary", { total: f.number(statusTotal), status: topStatus.label, max: f.number(topStatus.count) })
            : t("dashboard.chart.empty")
        }
        option={byStatus}
        height={barsHeight(statusRows.length)}
        empty={statusTotal === 0}
        testId="chart-by-status"
      />
      <ChartFigure
        title={t("dashboard.reports.byZone")}
        summary={
          topZone
            ? t("dashboard.reports.byZoneSummary", { count: data.by_zone.length, zone: zoneName(topZone), max: f.number(topZone.count) })
            : t("dashboard.chart.empty")
        }
        option={byZone}
        height={barsHeight(data.by_zone.length)}
        empty={data.by_zone.length === 0}
        testId="chart-by-zone"
      />
      <ChartFigure
        title={t("dashboard.reports.perDay")}
        summary={statusTotal > 0 ? t("dashboard.reports.perDaySummary", { total: f.number(statusTotal) }) : t("dashboard.chart.empty")}
        option={perDay}
        height={320}
        empty={data.per_day.length === 0}
        testId="chart-per-day-status"
        wide
      />
      <ChartFigure
        title={t("dashboard.reports.byType")}
        summary={
          topType
            ? t("dashboard.summary.perTypeSummary", { count: data.by_type.length, type: reportTypeName(topType.type, f.lang), max: f.number(topType.count) })
            : t("dashboard.chart.empty")
        }
        option={byType}
        height={barsHeight(data.by_type.length)}
        empty={data.by_type.length === 0}
        testId="chart-by-type"
        wide
      />
    </div>
  );
}
