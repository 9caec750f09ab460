import { useState, type ReactNode } from "react";
import { Button, Empty, Form, Input, Result, Skeleton, Table, Tag, Typography, type TableColumnsType } from "antd";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatPlate, PLATE_LOOKUPS_PAGE_SIZE, type PlateLookupLog, type PlateLookupResult } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { useDateFormatter } from "../../lib/dates";
import { StatusResult } from "../errors";
import { useSettings } from "../settings";
import { fetchPlateLookups, plateKeys } from "./plates-api";
import "./plates.css";
import { useClearable } from "../../components/use-clearable";

const RESULT_COLORS: Record<PlateLookupResult, string> = {
  stolen: "red",
  clear: "green",
  timeout: "orange",
  validationFailed: "default",
  connectionFailed: "orange",
};

/** `/v3/plate-lookups` (company admins): every plate lookup of the company — who, when, which plate,
 * the result —, newest first, paged, with a plate filter. */
export function PlateLookupsPage(): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const format = useDateFormatter();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const [plate, setPlate] = useState("");
  const [page, setPage] = useState(1);
  const lookups = useQuery({
    queryKey: plateKeys.lookups(companyId, plate, page),
    queryFn: ({ signal }) => fetchPlateLookups(companyId, plate, page, PLATE_LOOKUPS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<PlateLookupLog> = [
    { key: "when", title: t("plates.lookups.when"), render: (_, l) => <time dateTime={l.createdAt}>{format(l.createdAt)}</time> },
    { key: "plate", title: t("plates.lookups.plate"), render: (_, l) => <strong data-testid="plate-lookup-plate">{formatPlate(l.plate)}</strong> },
    {
      key: "result",
      title: t("plates.lookups.result"),
      render: (_, l) => (
        <span>
          <Tag color={RESULT_COLORS[l.result]}>{t(`plates.lookups.results.${l.result}`)}</Tag>
          {l.cached && <Tag>{t("plates.lookups.cachedTag")}</Tag>}
        </span>
      ),
    },
    {
      key: "who",
      title: t("plates.lookups.who"),
      responsive: ["sm"],
      render: (_, l) => <span className="plate-lookups__who">{l.user?.name ?? t("plates.lookups.unknownUser")}</span>,
    },
  ];

  const forbidden = lookups.isError && isApiError(lookups.error) && lookups.error.status === 403;
  let body: ReactNode;
  if (lookups.isPending) body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  // Opened by address without the role for it (the menu does not offer it): the 403 screen.
  else if (forbidden) body = <StatusResult kind="notAuth" />;
  else if (lookups.isError)
    body = <Result status="warning" title={t("plates.lookups.loadError")} extra={<Button onClick={() => void lookups.refetch()}>{t("common.retry")}</Button>} />;
  else
    body = (
      <Table<PlateLookupLog>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={lookups.data.lookups}
        loading={lookups.isFetching ? { delay: 300 } : false}
        onRow={() => ({ "data-testid": "plate-lookup-row" }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("plates.lookups.empty")} /> }}
        pagination={{ current: page, pageSize: PLATE_LOOKUPS_PAGE_SIZE, total: lookups.data.total, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
      />
    );

  return (
    <div className="page screen plate-lookups-page" data-testid="plate-lookups-page">
      <header>
        <Typography.Title level={1} className="screen-title">
          {t("plates.lookups.title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("plates.lookups.subtitle")}</Typography.Text>
      </header>
      {!forbidden && (
        <Form layout="vertical" component="div" className="plate-lookups__filter">
          <Form.Item label={t("plates.lookups.filter")} htmlFor="plate-lookups-filter">
            <Input.Search
              id="plate-lookups-filter"
              allowClear={clearable}
              maxLength={12}
              placeholder={t("plates.lookups.filterPlaceholder")}
              onSearch={(v) => {
                setPlate(v.trim());
                setPage(1);
              }}
              data-testid="plate-lookups-filter"
            />
          </Form.Item>
        </Form>
      )}
      <div className="screen-card">{body}</div>
    </div>
  );
}
