import type { HTMLAttributes, ReactNode } from "react";
import { Alert, Button, Empty, Table, Tag, Typography, type TableColumnsType } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { HISTORY_PAGE_SIZE, type Report } from "@atalaya/shared";
import { useDateFormatter } from "../../lib/dates";
import { ReportTypeIcon, reportTypeName } from "../../components/report-type-visual";
import { ExportButton } from "../export";
import { StatusTag } from "../reports";
import { useSettings } from "../settings";
import { fetchHistory, historyKeys } from "./history-api";
import { HistoryFilterBar, type HistoryFilterValues } from "./history-filter-bar";
import { historyFilterOf, pageOf, withParams } from "./history-filters";
import "./history.css";

const rowProps = (report: Report): HTMLAttributes<HTMLElement> =>
  ({ "data-testid": "history-row", "data-report-id": report.id, "data-type": report.type, "data-status": report.displayStatus }) as HTMLAttributes<HTMLElement>;

/** Status badge, and who deleted it when it was deleted. */
function HistoryStatus({ report }: { report: Report }): ReactNode {
  const { t } = useTranslation();
  return (
    <span className="history-status">
      <StatusTag report={report} />
      {report.deletedBy === "admin" && (
        <Tag color="error" icon={<DeleteOutlined />} data-testid="history-deleted-admin">
          {t("history.deletedByAdmin")}
        </Tag>
      )}
      {report.deletedBy === "author" && report.displayStatus !== "in_deleting_progress" && (
        <Tag color="error" icon={<DeleteOutlined />}>
          {t("history.deletedByAuthor")}
        </Tag>
      )}
    </span>
  );
}

/** `/v3/history`: every report of a window (the last day by default) with the SPEC §3 filter, paged;
 * not-applicable and deleted reports included. A row opens the report; the spreadsheet export is offered
 * beside the title, as on the events panel. */
export function HistoryPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const format = useDateFormatter();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const filter = historyFilterOf(params);
  const page = pageOf(params);

  const history = useQuery({
    queryKey: historyKeys.reports(companyId, filter),
    queryFn: ({ signal }) => fetchHistory(companyId, filter, signal),
    placeholderData: keepPreviousData,
  });

  const values: HistoryFilterValues = {
    id: filter.identifier,
    types: filter.types,
    from: filter.start_date,
    to: filter.end_date,
    user: filter.user_id,
  };
  const apply = (next: HistoryFilterValues): void =>
    setParams(withParams(params, { id: next.id, types: next.types?.join(","), from: next.from, to: next.to, user: next.user }));

  const columns: TableColumnsType<Report> = [
    {
      key: "id",
      title: t("history.columns.id"),
      width: 76,
      render: (_, report) => (
        <Link to={`/v3/events/${report.uuid}`} aria-label={t("history.openReport", { id: report.id })} onClick={(event) => event.stopPropagation()}>
          #{report.id}
        </Link>
      ),
    },
    {
      key: "type",
      title: t("history.columns.type"),
      render: (_, report) => (
        <span className="history-type">
          <ReportTypeIcon typeId={report.type} size={20} label={reportTypeName(report.type, lang)} />
          <span aria-hidden="true">{reportTypeName(report.type, lang)}</span>
        </span>
      ),
    },
    {
      key: "description",
      title: t("history.columns.description"),
      responsive: ["md"],
      ellipsis: true,
      render: (_, report) => report.description || <span className="history-muted">{t("history.noDescription")}</span>,
    },
    { key: "address", title: t("history.columns.address"), responsive: ["xl"], ellipsis: true, render: (_, report) => report.address ?? "" },
    {
      key: "createdAt",
      title: t("history.columns.createdAt"),
      width: 150,
      responsive: ["sm"],
      render: (_, report) => format(report.createdAt, "DD/MM/YYYY HH:mm"),
    },
    { key: "status", title: t("history.columns.status"), render: (_, report) => <HistoryStatus report={report} /> },
    {
      key: "assignee",
      title: t("history.columns.assignee"),
      responsive: ["lg"],
      ellipsis: true,
      render: (_, report) =>
        report.assignedUser?.name ?? report.assignedTeam?.name ?? report.assignedPatrol?.name ?? <span className="history-muted">{t("history.unassigned")}</span>,
    },
  ];

  return (
    <div className="history-page">
      <div className="history-page__head">
        <Typography.Title level={1} className="history-page__title">
          {t("history.title")}
        </Typography.Title>
        <ExportButton companyId={companyId} />
      </div>
      <Typography.Paragraph type="secondary">{t("history.subtitle")}</Typography.Paragraph>
      {/* Keyed by the address: back and forward put the bar's fields back to what is shown. */}
      <HistoryFilterBar key={params.toString()} companyId={companyId} values={values} onApply={apply} />
      {history.isError ? (
        <Alert
          type="error"
          showIcon
          title={t("history.loadError")}
          action={
            <Button size="small" onClick={() => void history.refetch()}>
              {t("common.retry")}
            </Button>
          }
        />
      ) : (
        <>
          {history.data && (
            <p className="history-page__window" data-testid="history-window-read">
              {t("history.windowRead", { from: format(history.data.from, "DD/MM/YYYY HH:mm"), to: format(history.data.to, "DD/MM/YYYY HH:mm") })}
              {!filter.start_date && !filter.end_date && ` · ${t("history.defaultWindow")}`}
            </p>
          )}
          <Table<Report>
            className="history-table"
            rowKey="id"
            tableLayout="fixed"
            size="middle"
            loading={history.isFetching}
            columns={columns}
            dataSource={history.data?.reports ?? []}
            onRow={(report) => ({ ...rowProps(report), onClick: () => void navigate(`/v3/events/${report.uuid}`), className: "history-table__row" })}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("history.empty")} /> }}
            pagination={{
              current: page,
              pageSize: HISTORY_PAGE_SIZE,
              total: history.data?.total ?? 0,
              showSizeChanger: false,
              // Phones: fewer page numbers, and the rest wraps (never a sideways scroll).
              responsive: true,
              showLessItems: true,
              showTotal: (total) => <span data-testid="history-total">{t("history.total", { count: total })}</span>,
              onChange: (next) => setParams(withParams(params, { page: next === 1 ? undefined : next })),
            }}
          />
        </>
      )}
    </div>
  );
}
