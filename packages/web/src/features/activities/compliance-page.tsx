import { useState, type HTMLAttributes, type ReactNode } from "react";
import { Button, Result, Select, Skeleton, Table, Typography, type TableColumnsType } from "antd";
import { ReloadOutlined } from "@ant-design/icons";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ACTIVITY_PERIODS, ACTIVITY_STATES, type ActivityPeriod, type ActivityState, type ComplianceRow } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { useDateFormatter, useDayRangeFormatter, formatDuration } from "../../lib/dates";
import { fetchOperators } from "../directory";
import { useSettings } from "../settings";
import { activityKeys, fetchCompliance, refreshCompliance, type ComplianceFilter } from "./activities-api";
import { StateTag } from "./state-tag";
import "./activities.css";
import { useClearable } from "../../components/use-clearable";

const rowProps = (r: ComplianceRow): HTMLAttributes<HTMLElement> =>
  ({ "data-testid": "compliance-row", "data-activity": r.activityName, "data-user": r.user.name, "data-state": r.state }) as HTMLAttributes<HTMLElement>;

/** `/v3/activities/compliance`: the stored compliance rows (assignee, category, subcategory, period,
 * delay, state), filtered by assignee, state and period; the refresh button computes them again now.
 * A failed load shows SPEC §8's retry message for activity compliance data, with the refresh button. */
export function CompliancePage(): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const toast = useToast();
  const client = useQueryClient();
  const format = useDateFormatter();
  const days = useDayRangeFormatter();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const [filter, setFilter] = useState<ComplianceFilter>({ page: 1 });
  const rows = useQuery({ queryKey: activityKeys.compliance(companyId, filter), queryFn: ({ signal }) => fetchCompliance(companyId, filter, signal), placeholderData: keepPreviousData });
  const people = useQuery({ queryKey: ["activities", companyId, "people"], queryFn: ({ signal }) => fetchOperators(companyId, signal) });
  const refresh = useMutation({
    mutationFn: () => refreshCompliance(companyId),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: activityKeys.all(companyId) });
      void toast.success(t("activities.compliance.refreshed"));
    },
    onError: () => void toast.error(t("activities.compliance.refreshError")),
  });
  const refreshButton = (
    <Button icon={<ReloadOutlined />} onClick={() => refresh.mutate()} loading={refresh.isPending} data-testid="compliance-refresh">
      {t("activities.compliance.refresh")}
    </Button>
  );

  const columns: TableColumnsType<ComplianceRow> = [
    { key: "activity", title: t("activities.compliance.columns.activity"), render: (_, r) => <strong>{r.activityName}</strong> },
    { key: "user", title: t("activities.compliance.columns.user"), render: (_, r) => r.user.name },
    { key: "category", title: t("activities.compliance.columns.category"), responsive: ["md"], render: (_, r) => r.category ?? "—" },
    { key: "subcategory", title: t("activities.compliance.columns.subcategory"), responsive: ["lg"], render: (_, r) => r.subcategory ?? "—" },
    {
      key: "period",
      title: t("activities.compliance.columns.period"),
      render: (_, r) => (
        <span>
          {t(`activities.periods.${r.period}`)}
          <br />
          <span className="screen-muted" data-testid="compliance-period-days">{days(r.periodStart, r.periodEnd)}</span>
        </span>
      ),
    },
    { key: "progress", title: t("activities.compliance.columns.progress"), responsive: ["sm"], render: (_, r) => t("activities.mine.progress", { done: r.done, times: r.timesPerPeriod }) },
    { key: "delay", title: t("activities.compliance.columns.delay"), render: (_, r) => (r.delaySeconds > 0 ? formatDuration(r.delaySeconds, { largest: 2 }) : t("activities.compliance.noDelay")) },
    { key: "state", title: t("activities.compliance.columns.state"), render: (_, r) => <StateTag state={r.state} /> },
  ];
  const all = t("activities.compliance.filters.all");
  const set = (patch: Partial<ComplianceFilter>) => setFilter((f) => ({ ...f, ...patch, page: 1 }));

  let body: ReactNode;
  if (rows.isPending) body = <div className="screen-card screen-card--padded"><Skeleton active title={false} paragraph={{ rows: 5 }} /></div>;
  else if (rows.isError)
    body = (
      <div className="screen-card" data-testid="compliance-error">
        <Result status="warning" title={t("activities.compliance.loadError")} extra={<Button type="primary" icon={<ReloadOutlined />} onClick={() => void rows.refetch()} loading={rows.isFetching} data-testid="compliance-retry">{t("activities.compliance.refresh")}</Button>} />
      </div>
    );
  else
    body = (
      <section className="screen-card" aria-label={t("activities.compliance.listLabel")}>
        <div className="compliance-filters">
          <Select
            aria-label={t("activities.compliance.filters.user")}
            allowClear={clearable}
            showSearch={{ optionFilterProp: "label" }}
            placeholder={t("activities.compliance.filters.user")}
            value={filter.userId}
            onChange={(v: number | undefined) => set({ userId: v })}
            options={(people.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
            data-testid="compliance-filter-user"
          />
          <Select
            aria-label={t("activities.compliance.filters.state")}
            value={filter.state ?? ""}
            onChange={(v: ActivityState | "") => set({ state: v || undefined })}
            options={[{ value: "", label: `${t("activities.compliance.columns.state")}: ${all}` }, ...ACTIVITY_STATES.map((s) => ({ value: s, label: t(`activities.states.${s}`) }))]}
            data-testid="compliance-filter-state"
          />
          <Select
            aria-label={t("activities.compliance.filters.period")}
            value={filter.period ?? ""}
            onChange={(v: ActivityPeriod | "") => set({ period: v || undefined })}
            options={[{ value: "", label: `${t("activities.compliance.columns.period")}: ${all}` }, ...ACTIVITY_PERIODS.map((p) => ({ value: p, label: t(`activities.periods.${p}`) }))]}
            data-testid="compliance-filter-period"
          />
          <span className="screen-muted" data-testid="compliance-total">
            {t("activities.compliance.total", { count: rows.data.total })}
            {rows.data.refreshedAt ? ` · ${t("activities.compliance.refreshedAt", { at: format(rows.data.refreshedAt) })}` : ""}
          </span>
        </div>
        <Table<ComplianceRow>
          rowKey={(r) => `${r.activityId}:${r.user.id}:${r.periodIndex}`}
          size="middle"
          columns={columns}
          dataSource={rows.data.rows}
          onRow={rowProps}
          locale={{ emptyText: t("activities.compliance.empty") }}
          loading={rows.isFetching ? { delay: 300 } : false}
          pagination={{ current: filter.page, pageSize: rows.data.pageSize, total: rows.data.total, showSizeChanger: false, onChange: (page) => setFilter((f) => ({ ...f, page })) }}
        />
      </section>
    );

  return (
    <div className="page screen compliance-page" data-testid="compliance-page">
      <header className="screen-header">
        <div>
          <Typography.Title level={1} className="screen-title">
            {t("activities.compliance.title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("activities.compliance.subtitle")}</Typography.Text>
        </div>
        {refreshButton}
      </header>
      {body}
    </div>
  );
}
