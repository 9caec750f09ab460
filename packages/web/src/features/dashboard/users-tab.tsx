import { useMemo, type HTMLAttributes, type ReactNode } from "react";
import { Table, Tag, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import type { DashboardUsers } from "@atalaya/shared";
import { ChartFigure } from "./chart-figure";
import { seriesOverTime } from "./chart-options";
import { DashCard } from "./dash-card";
import { useDashboardFormat } from "./dashboard-format";

type Reporter = DashboardUsers["top_reporters"][number];
type Reported = DashboardUsers["reported_users"][number];

const reporterRow = (u: Reporter) => ({ "data-testid": "top-reporter-row", "data-user-id": u.user_id }) as HTMLAttributes<HTMLElement>;
const reportedRow = (u: Reported) => ({ "data-testid": "reported-user-row", "data-user-id": u.user_id }) as HTMLAttributes<HTMLElement>;

/** The users tab: the 10 community users who report most, the most reported users with their
 * complaint counts, and new community users per day. */
export function UsersTab({ data }: { data: DashboardUsers }): ReactNode {
  const { t } = useTranslation();
  const f = useDashboardFormat();
  const rank = { key: "rank", title: "#", width: 48, render: (_: unknown, __: unknown, i: number) => i + 1 };

  const reporterColumns: TableColumnsType<Reporter> = [
    rank,
    { key: "name", title: t("dashboard.users.columns.name"), dataIndex: "name" },
    { key: "reports", title: t("dashboard.users.columns.reports"), align: "right", render: (_, u) => f.number(u.reports) },
  ];
  const reportedColumns: TableColumnsType<Reported> = [
    rank,
    { key: "name", title: t("dashboard.users.columns.name"), dataIndex: "name" },
    { key: "complaints", title: t("dashboard.users.columns.complaints"), align: "right", render: (_, u) => f.number(u.complaints) },
    {
      key: "state",
      title: t("dashboard.users.columns.state"),
      render: (_, u) => (u.locked ? <Tag color="error">{t("dashboard.users.locked")}</Tag> : <Tag>{t("dashboard.users.active")}</Tag>),
    },
  ];

  const newUsers = useMemo(
    () => seriesOverTime(data.new_users_per_day.map((d) => f.day(d.date)), data.new_users_per_day.map((d) => d.count), t("dashboard.chart.users"), "#1668dc"),
    [data.new_users_per_day, f, t],
  );
  const newTotal = data.new_users_per_day.reduce((sum, d) => sum + d.count, 0);

  return (
    <div className="dash-tab dash-grid" data-testid="dashboard-users">
      <DashCard title={t("dashboard.users.topReporters")} id="dash-top-reporters">
        <Table<Reporter>
          rowKey="user_id"
          size="small"
          columns={reporterColumns}
          dataSource={data.top_reporters}
          onRow={reporterRow}
          pagination={false}
          locale={{ emptyText: t("dashboard.users.emptyTop") }}
          data-testid="top-reporters"
        />
      </DashCard>
      <DashCard title={t("dashboard.users.reported")} id="dash-reported-users" summary={t("dashboard.users.reportedHint")}>
        <Table<Reported>
          rowKey="user_id"
          size="small"
          columns={reportedColumns}
          dataSource={data.reported_users}
          onRow={reportedRow}
          pagination={false}
          locale={{ emptyText: t("dashboard.users.emptyReported") }}
          data-testid="reported-users"
        />
      </DashCard>
      <ChartFigure
        title={t("dashboard.users.newPerDay")}
        summary={t("dashboard.users.newPerDaySummary", { total: f.number(newTotal) })}
        option={newUsers}
        empty={data.new_users_per_day.length === 0}
        testId="chart-new-users"
        wide
      />
    </div>
  );
}

