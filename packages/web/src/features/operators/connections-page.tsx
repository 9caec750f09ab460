import { useState, type ReactNode } from "react";
import { Button, DatePicker, Empty, Form, Result, Select, Skeleton, Table, Tag, Typography, type TableColumnsType } from "antd";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { CONNECTIONS_PAGE_SIZE, type ConnectionLog } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { useDateFormatter } from "../../lib/dates";
import { StatusResult } from "../errors";
import { useSettings } from "../settings";
import { fetchConnections, fetchOperators, operatorKeys, type ConnectionFilter } from "./operators-api";
import "./operators.css";
import { useClearable } from "../../components/use-clearable";

const DAY = "YYYY-MM-DD";

/** `/v3/connections` (company admins): the connectivity logs the portal of each member sent (connected,
 * disconnected, reconnecting…), newest first, by operator and days, paged. */
export function ConnectionsPage(): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const format = useDateFormatter();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const [filter, setFilter] = useState<ConnectionFilter>({});
  const [page, setPage] = useState(1);
  const change = (next: ConnectionFilter): void => {
    setFilter(next);
    setPage(1);
  };

  const members = useQuery({ queryKey: operatorKeys.operators(companyId), queryFn: ({ signal }) => fetchOperators(companyId, signal) });
  const logs = useQuery({
    queryKey: operatorKeys.connections(companyId, filter, page),
    queryFn: ({ signal }) => fetchConnections(companyId, filter, page, CONNECTIONS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const day = (value?: string): Dayjs | null => (value ? dayjs(value, DAY) : null);

  const columns: TableColumnsType<ConnectionLog> = [
    { key: "when", title: t("connections.columns.when"), render: (_, log) => <time dateTime={log.receivedAt}>{format(log.receivedAt)}</time> },
    { key: "who", title: t("connections.columns.operator"), render: (_, log) => <span className="connections-who">{log.user.name}</span> },
    {
      key: "type",
      title: t("connections.columns.type"),
      render: (_, log) => <Tag color={/disconnect|offline|error/i.test(log.type ?? "") ? "red" : "green"}>{log.type ?? t("common.noValue")}</Tag>,
    },
    {
      key: "events",
      title: t("connections.columns.events"),
      responsive: ["md"],
      render: (_, log) => (
        <ul className="connections-events">
          {log.events.slice(0, 5).map((e, i) => (
            <li key={i}>
              {format(e.date) ?? e.date} · {e.event}
            </li>
          ))}
          {log.events.length > 5 && <li>{t("connections.moreEvents", { count: log.events.length - 5 })}</li>}
        </ul>
      ),
    },
  ];

  const forbidden = logs.isError && isApiError(logs.error) && logs.error.status === 403;
  let body: ReactNode;
  if (logs.isPending) body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  // Opened by address without the role for it (the menu does not offer it): the 403 screen.
  else if (forbidden) body = <StatusResult kind="notAuth" />;
  else if (logs.isError)
    body = <Result status="warning" title={t("connections.loadError")} extra={<Button onClick={() => void logs.refetch()}>{t("common.retry")}</Button>} />;
  else
    body = (
      <Table<ConnectionLog>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={logs.data.logs}
        loading={logs.isFetching ? { delay: 300 } : false}
        onRow={() => ({ "data-testid": "connection-row" }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("connections.empty")} /> }}
        pagination={{ current: page, pageSize: CONNECTIONS_PAGE_SIZE, total: logs.data.total, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
      />
    );

  return (
    <div className="page screen connections-page" data-testid="connections-page">
      <header>
        <Typography.Title level={1} className="screen-title">
          {t("connections.title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("connections.subtitle")}</Typography.Text>
      </header>
      {!forbidden && (
        <Form layout="vertical" className="connections-filters" component="div">
          <Form.Item label={t("connections.filters.operator")} htmlFor="connections-operator">
            <Select
              id="connections-operator"
              allowClear={clearable}
              showSearch={{ optionFilterProp: "label" }}
              loading={members.isPending}
              value={filter.userId}
              placeholder={t("connections.filters.anyOperator")}
              options={(members.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
              onChange={(userId?: number) => change({ ...filter, userId })}
              data-testid="connections-operator"
            />
          </Form.Item>
          <Form.Item label={t("connections.filters.from")} htmlFor="connections-from">
            <DatePicker
              id="connections-from"
              value={day(filter.startDate)}
              maxDate={day(filter.endDate) ?? undefined}
              onChange={(d: Dayjs | null) => change({ ...filter, startDate: d?.format(DAY) })}
              data-testid="connections-from"
            />
          </Form.Item>
          <Form.Item label={t("connections.filters.to")} htmlFor="connections-to">
            <DatePicker
              id="connections-to"
              value={day(filter.endDate)}
              minDate={day(filter.startDate) ?? undefined}
              onChange={(d: Dayjs | null) => change({ ...filter, endDate: d?.format(DAY) })}
              data-testid="connections-to"
            />
          </Form.Item>
        </Form>
      )}
      <div className="screen-card">{body}</div>
    </div>
  );
}
