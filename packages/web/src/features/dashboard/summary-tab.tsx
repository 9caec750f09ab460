import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { REPORT_STATUSES, type DashboardSummary, type PreviousFigure, type SummaryFigure } from "@atalaya/shared";
import { reportTypeColor, reportTypeName } from "../../components/report-type-visual";
import { ChartFigure } from "./chart-figure";
import { barsHeight, horizontalBars, seriesOverTime, weekdayHourHeat } from "./chart-options";
import { DashCard } from "./dash-card";
import { largest, useDashboardFormat, type DashboardFormat } from "./dashboard-format";
import { Delta, type Better } from "./delta";

const BETTER: Partial<Record<SummaryFigure, Better>> = { pending: "down", solved: "up" };

/** The summary tab: counters by status (with statistics v2 deltas), reports per day, per type, by
 * weekday and hour, and attention times against due times. */
export function SummaryTab({ data }: { data: DashboardSummary }): ReactNode {
  const { t } = useTranslation();
  const f = useDashboardFormat();
  const figures = data.previous?.figures;

  const counters: { key: SummaryFigure; label: string; value: number; hint?: string }[] = [
    { key: "total", label: t("dashboard.total"), value: data.total, hint: t("dashboard.totalHint") },
    ...REPORT_STATUSES.map((status) => ({ key: status, label: t(`statuses.${status}`), value: data.counters[status] })),
  ];

  return (
    <div className="dash-tab" data-testid="dashboard-summary">
      <ul className="dash-counters" aria-label={t("dashboard.countersLabel")}>
        {counters.map((c) => (
          <li key={c.key} className={`dash-counter dash-counter--${c.key}`} data-testid={`dashboard-counter-${c.key}`} data-value={c.value}>
            <span className="dash-counter__label">{c.label}</span>
            <span className="dash-counter__value" data-testid="dashboard-counter-value">
              {f.number(c.value)}
            </span>
            {c.hint && <span className="dash-counter__hint">{c.hint}</span>}
            <Delta figure={figures?.[c.key]} better={BETTER[c.key] ?? null} format={f.number} />
          </li>
        ))}
      </ul>
      <div className="dash-grid">
        <PerDay data={data} f={f} />
        <AttentionCard data={data} f={f} />
        <WeekdayHour data={data} f={f} />
        <PerType data={data} f={f} />
      </div>
    </div>
  );
}

function PerDay({ data, f }: { data: DashboardSummary; f: DashboardFormat }): ReactNode {
  const { t } = useTranslation();
  const option = useMemo(
    () => seriesOverTime(data.per_day.map((d) => f.day(d.date)), data.per_day.map((d) => d.count), t("dashboard.chart.reports")),
    [data.per_day, f, t],
  );
  const top = largest(data.per_day, (d) => d.count);
  return (
    <ChartFigure
      title={t("dashboard.summary.perDay")}
      summary={
        top && top.count > 0
          ? t("dashboard.summary.perDaySummary", { total: f.number(data.total), day: f.longDay(top.date), max: f.number(top.count) })
          : t("dashboard.chart.empty")
      }
      option={option}
      empty={data.per_day.length === 0}
      testId="chart-per-day"
    />
  );
}

function PerType({ data, f }: { data: DashboardSummary; f: DashboardFormat }): ReactNode {
  const { t } = useTranslation();
  const option = useMemo(
    () =>
      horizontalBars(
        data.per_type.map((p) => reportTypeName(p.type, f.lang)),
        data.per_type.map((p) => p.count),
        t("dashboard.chart.reports"),
        data.per_type.map((p) => reportTypeColor(p.type)),
      ),
    [data.per_type, f.lang, t],
  );
  const top = data.per_type[0];
  return (
    <ChartFigure
      title={t("dashboard.summary.perType")}
      summary={
        top
          ? t("dashboard.summary.perTypeSummary", { count: data.per_type.length, type: reportTypeName(top.type, f.lang), max: f.number(top.count) })
          : t("dashboard.chart.empty")
      }
      option={option}
      height={barsHeight(data.per_type.length)}
      empty={data.per_type.length === 0}
      testId="chart-per-type"
      wide
    />
  );
}

function WeekdayHour({ data, f }: { data: DashboardSummary; f: DashboardFormat }): ReactNode {
  const { t } = useTranslation();
  const option = useMemo(
    () => weekdayHourHeat(data.by_weekday_hour, [1, 2, 3, 4, 5, 6, 7].map(f.weekdayShort), t("dashboard.chart.reports")),
    [data.by_weekday_hour, f, t],
  );
  const top = largest(data.by_weekday_hour, (c) => c.count);
  return (
    <ChartFigure
      title={t("dashboard.summary.heat")}
      summary={
        top
          ? t("dashboard.summary.heatSummary", { weekday: f.weekday(top.weekday), hour: top.hour, max: f.number(top.count) })
          : t("dashboard.chart.empty")
      }
      option={option}
      height={300}
      empty={data.by_weekday_hour.length === 0}
      testId="chart-weekday-hour"
      wide
    />
  );
}

/** Time to take and to close (average and median, d h m s) and the share of closings after the due time. */
function AttentionCard({ data, f }: { data: DashboardSummary; f: DashboardFormat }): ReactNode {
  const { t } = useTranslation();
  const { take, close, due } = data.attention;
  const figures = data.previous?.figures;
  const time = (label: string, seconds: number | null, figure: PreviousFigure | undefined, testId: string) => (
    <div className="dash-time" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <span className="dash-time__value">{f.duration(seconds)}</span>
        <Delta figure={figure} better="down" format={(s) => f.duration(s)} />
      </dd>
    </div>
  );
  return (
    <DashCard
      title={t("dashboard.summary.attention")}
      id="dash-attention-title"
      summary={t("dashboard.summary.attentionHint")}
      className="dash-attention"
      testId="dashboard-attention"
    >
      <div className="dash-attention__grid">
        <div className="dash-attention__group">
          <h3 className="dash-attention__heading">
            {t("dashboard.summary.take")} <span className="dash-muted">· {t("dashboard.summary.over", { count: take.count })}</span>
          </h3>
          <dl className="dash-times">
            {time(t("dashboard.summary.average"), take.average_seconds, figures?.take_average_seconds, "attention-take-average")}
            {time(t("dashboard.summary.median"), take.median_seconds, figures?.take_median_seconds, "attention-take-median")}
          </dl>
        </div>
        <div className="dash-attention__group">
          <h3 className="dash-attention__heading">
            {t("dashboard.summary.close")} <span className="dash-muted">· {t("dashboard.summary.over", { count: close.count })}</span>
          </h3>
          <dl className="dash-times">
            {time(t("dashboard.summary.average"), close.average_seconds, figures?.close_average_seconds, "attention-close-average")}
            {time(t("dashboard.summary.median"), close.median_seconds, figures?.close_median_seconds, "attention-close-median")}
          </dl>
        </div>
      </div>
      <div className="dash-late" data-testid="attention-late">
        <h3 className="dash-attention__heading">{t("dashboard.summary.late")}</h3>
        {due.late_share === null ? (
          <p className="dash-muted">{t("dashboard.summary.noDue")}</p>
        ) : (
          <>
            <div className="dash-late__row">
              <span className="dash-time__value">{f.share(due.late_share)}</span>
              <Delta figure={figures?.late_share} better="down" format={f.share} />
            </div>
            <div className="dash-late__bar" aria-hidden="true">
              <span style={{ width: `${Math.min(100, due.late_share * 100)}%` }} />
            </div>
            <p className="dash-muted">{t("dashboard.summary.lateDetail", { late: f.number(due.closed_late), total: f.number(due.closed_with_due) })}</p>
          </>
        )}
      </div>
    </DashCard>
  );
}
