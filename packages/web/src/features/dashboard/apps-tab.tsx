import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DashboardApps } from "@atalaya/shared";
import { ChartFigure } from "./chart-figure";
import { barsHeight, horizontalBars, seriesOverTime } from "./chart-options";
import { largest, useDashboardFormat } from "./dashboard-format";

/** The apps tab (SPEC §6 report apps metrics, companies 110 and 268): reports per source app and
 * version, and distinct reporters per day. */
export function AppsTab({ data }: { data: DashboardApps }): ReactNode {
  const { t } = useTranslation();
  const f = useDashboardFormat();
  const label = (s: DashboardApps["by_source"][number]) => `${s.source} ${s.version ?? t("dashboard.apps.unknownVersion")}`;
  const total = data.by_source.reduce((sum, s) => sum + s.reports, 0);
  const top = largest(data.by_source, (s) => s.reports);
  const topDay = largest(data.active_reporters_per_day, (d) => d.count);

  const bySource = useMemo(
    () =>
      horizontalBars(
        data.by_source.map((s) => `${s.source} ${s.version ?? t("dashboard.apps.unknownVersion")}`),
        data.by_source.map((s) => s.reports),
        t("dashboard.chart.reports"),
      ),
    [data.by_source, t],
  );
  const active = useMemo(
    () =>
      seriesOverTime(
        data.active_reporters_per_day.map((d) => f.day(d.date)),
        data.active_reporters_per_day.map((d) => d.count),
        t("dashboard.chart.users"),
        "#1668dc",
      ),
    [data.active_reporters_per_day, f, t],
  );

  return (
    <div className="dash-tab dash-grid" data-testid="dashboard-apps">
      <ChartFigure
        title={t("dashboard.apps.bySource")}
        summary={
          top
            ? t("dashboard.apps.bySourceSummary", { total: f.number(total), count: data.by_source.length, source: label(top), max: f.number(top.reports) })
            : t("dashboard.chart.empty")
        }
        option={bySource}
        height={barsHeight(data.by_source.length)}
        empty={data.by_source.length === 0}
        testId="chart-by-source"
      />
      <ChartFigure
        title={t("dashboard.apps.activePerDay")}
        summary={
          topDay && topDay.count > 0
            ? t("dashboard.apps.activePerDaySummary", { max: f.number(topDay.count), day: f.longDay(topDay.date) })
            : t("dashboard.chart.empty")
        }
        option={active}
        empty={data.active_reporters_per_day.length === 0}
        testId="chart-active-reporters"
      />
    </div>
  );
}
