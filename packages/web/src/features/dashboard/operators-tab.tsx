import { useMemo, type HTMLAttributes, type ReactNode } from "react";
import { Alert, Empty, Table, type TableColumnsType } from "antd";
import { TrophyOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { DashboardOperators, OperatorFigures } from "@atalaya/shared";
import { ChartFigure } from "./chart-figure";
import { stackedBars } from "./chart-options";
import { DashCard } from "./dash-card";
import { useDashboardFormat } from "./dashboard-format";

type Operator = DashboardOperators["operators"][number];
type ShiftRow = Operator["by_shift"][number];

// A colour per shift in the chart (fills, 3:1 or more on white); work outside every shift in grey.
const SHIFT_COLORS = ["#1668dc", "#c25e00", "#722ed1", "#08979c", "#c41d7f", "#389e0d", "#7c5a00"];
const OUTSIDE_COLOR = "#7d7f8f";

const operatorRow = (operator: Operator): HTMLAttributes<HTMLElement> =>
  ({ "data-testid": "operator-row", "data-user-id": operator.user_id }) as HTMLAttributes<HTMLElement>;

/** The operators tab: the top 3 closers (SPEC §9), each operator's takes, closings and times, and the
 * same split by the company's shifts. */
export function OperatorsTab({ data }: { data: DashboardOperators }): ReactNode {
  const { t } = useTranslation();
  const f = useDashboardFormat();
  const shiftName = useMemo(() => {
    const names = new Map(data.shifts.map((s) => [s.id, s.name]));
    return (id: number | null) => (id === null ? t("dashboard.operators.outsideShifts") : (names.get(id) ?? `#${id}`));
  }, [data.shifts, t]);

  const figureColumns = <T extends OperatorFigures>(): TableColumnsType<T> => [
    { key: "taken", title: t("dashboard.operators.columns.taken"), align: "right", render: (_, r) => f.number(r.taken), sorter: (a, b) => a.taken - b.taken },
    { key: "closed", title: t("dashboard.operators.columns.closed"), align: "right", render: (_, r) => f.number(r.closed), sorter: (a, b) => a.closed - b.closed },
    { key: "takeAverage", title: t("dashboard.operators.columns.takeAverage"), align: "right", render: (_, r) => f.duration(r.take.average_seconds) },
    { key: "takeMedian", title: t("dashboard.operators.columns.takeMedian"), align: "right", render: (_, r) => f.duration(r.take.median_seconds) },
    { key: "closeAverage", title: t("dashboard.operators.columns.closeAverage"), align: "right", render: (_, r) => f.duration(r.close.average_seconds) },
    { key: "closeMedian", title: t("dashboard.operators.columns.closeMedian"), align: "right", render: (_, r) => f.duration(r.close.median_seconds) },
    // Issue 17: the reporters' ratings of the reports they closed.
    {
      key: "rating",
      title: t("reportLife.dashboard.rating"),
      align: "right",
      render: (_, r) => (r.rating.average === null ? "—" : <span title={t("reportLife.dashboard.ratingCount", { count: r.rating.count })}>{f.number(r.rating.average)} ★</span>),
      sorter: (a, b) => (a.rating.average ?? 0) - (b.rating.average ?? 0),
    },
  ];
  const columns: TableColumnsType<Operator> = [
    { key: "name", title: t("dashboard.operators.columns.name"), dataIndex: "name", fixed: "left", width: 170 },
    ...figureColumns<Operator>(),
  ];
  const shiftColumns: TableColumnsType<ShiftRow> = [
    { key: "shift", title: t("dashboard.operators.columns.shift"), render: (_, r) => shiftName(r.shift_id), width: 170 },
    ...figureColumns<ShiftRow>(),
  ];

  // Closings per operator, stacked by shift (the shifts in the company's order, then outside shifts).
  const shiftIds: (number | null)[] = [...data.shifts.map((s) => s.id), null];
  const byShift = useMemo(
    () =>
      stackedBars(
        data.operators.map((o) => o.name),
        [...data.shifts.map((s) => s.id), null]
          .map((id, i) => ({
            name: shiftName(id),
            values: data.operators.map((o) => o.by_shift.find((b) => b.shift_id === id)?.closed ?? 0),
            color: id === null ? OUTSIDE_COLOR : SHIFT_COLORS[i % SHIFT_COLORS.length]!,
          }))
          .filter((s) => s.values.some((v) => v > 0)),
      ),
    [data.operators, data.shifts, shiftName],
  );
  const totalClosed = data.operators.reduce((sum, o) => sum + o.closed, 0);

  if (data.operators.length === 0) {
    return (
      <div className="dash-tab" data-testid="dashboard-operators">
        {data.shifts.length === 0 && <NoShifts />}
        <div className="dash-card dash-card--padded">
          <Empty description={t("dashboard.operators.empty")} />
        </div>
      </div>
    );
  }

  return (
    <div className="dash-tab" data-testid="dashboard-operators">
      <DashCard title={t("dashboard.operators.top")} id="dash-podium-title">
        <ol className="dash-podium" data-testid="operator-podium">
          {data.top.map((operator, i) => (
            <li key={operator.user_id} className={`dash-podium__place dash-podium__place--${i + 1}`} data-testid="podium-card" data-user-id={operator.user_id}>
              <TrophyOutlined className="dash-podium__icon" aria-hidden="true" />
              <span className="dash-podium__rank">{t(`dashboard.operators.places.${i + 1}` as "dashboard.operators.places.1")}</span>
              <span className="dash-podium__name">{operator.name}</span>
              <span className="dash-podium__count">{t("dashboard.operators.closed", { count: operator.closed })}</span>
            </li>
          ))}
        </ol>
      </DashCard>
      {data.shifts.length === 0 && <NoShifts />}
      <DashCard title={t("dashboard.operators.table")} id="dash-operators-title" summary={t("dashboard.operators.tableHint")}>
        <Table<Operator>
          rowKey="user_id"
          size="middle"
          columns={columns}
          dataSource={data.operators}
          onRow={operatorRow}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 900 }}
          expandable={{
            rowExpandable: () => data.shifts.length > 0,
            expandedRowRender: (operator) => (
              <Table<ShiftRow>
                rowKey={(r) => r.shift_id ?? "outside"}
                size="small"
                columns={shiftColumns}
                dataSource={[...operator.by_shift].sort((a, b) => shiftIds.indexOf(a.shift_id) - shiftIds.indexOf(b.shift_id))}
                pagination={false}
                aria-label={t("dashboard.operators.byShiftTable", { name: operator.name })}
                data-testid="operator-shift-table"
              />
            ),
          }}
          data-testid="operators-table"
        />
      </DashCard>
      {data.shifts.length > 0 && (
        <ChartFigure
          title={t("dashboard.operators.byShift")}
          summary={t("dashboard.operators.byShiftSummary", { total: f.number(totalClosed) })}
          option={byShift}
          height={320}
          empty={totalClosed === 0}
          testId="chart-by-shift"
        />
      )}
    </div>
  );
}

function NoShifts(): ReactNode {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      title={t("dashboard.operators.noShifts")}
      action={<Link to="/v3/shifts">{t("dashboard.operators.manageShifts")}</Link>}
      data-testid="operators-no-shifts"
    />
  );
}
