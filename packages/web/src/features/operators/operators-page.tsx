import { useRef, type ReactNode } from "react";
import { Badge, Button, Empty, List, Result, Skeleton, Tag, Typography } from "antd";
import { EyeOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { OperatorStatus } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { useDateFormatter } from "../../lib/dates";
import { reportTypeName } from "../../components/report-type-visual";
import { useRealtimeEvents } from "../realtime";
import { StatusResult } from "../errors";
import { useSettings } from "../settings";
import { fetchOperators, operatorKeys } from "./operators-api";
import "./operators.css";

// Messages that change what the screen shows: someone connected or left (operators), opened a report
// (presence), took, assigned or closed one (updateReport).
const REFRESHING = new Set(["operators", "presence", "updateReport", "removeReport", "hello"]);

/** A report link as the screen names it: title, else type and number. */
function ReportLink({ report }: { report: { id: number; uuid: string; title: string | null; type: number } }): ReactNode {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Link to={`/v3/events/${report.uuid}`} className="operators-report">
      {report.title?.trim() || `${reportTypeName(report.type, lang)} #${report.id}`}
    </Link>
  );
}

function OperatorCard({ operator }: { operator: OperatorStatus }): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const roleKey = operator.role === "company_admin" ? "admin" : operator.role === "patrol" ? "patrol" : "operator";
  return (
    <List.Item className="operators-item" data-testid="operator-row" data-user-id={operator.id} data-online={operator.online}>
      <div className="operators-item__head">
        <Badge status={operator.online ? "success" : "default"} />
        <strong className="operators-item__name">{operator.name}</strong>
        <Tag>{t(`roles.${roleKey}`)}</Tag>
        <Typography.Text type="secondary" className="operators-item__state">
          {operator.online
            ? t("operators.online")
            : operator.lastSeenAt
              ? t("operators.lastSeen", { when: format(operator.lastSeenAt) })
              : t("operators.offline")}
        </Typography.Text>
      </div>
      <div className="operators-item__work">
        {operator.viewing && (
          <div data-testid="operator-viewing">
            <EyeOutlined aria-hidden="true" /> {t("operators.viewing")} <ReportLink report={operator.viewing} />
          </div>
        )}
        {operator.workingTotal > 0 ? (
          <div>
            <span>{t("operators.working", { count: operator.workingTotal })}</span>{" "}
            <span className="operators-item__reports">
              {operator.working.map((r) => (
                <span key={r.id} className="operators-item__report">
                  <ReportLink report={r} /> <Tag color={r.status === "in_progress" ? "blue" : undefined}>{t(`statuses.${r.status}` as "statuses.pending")}</Tag>
                </span>
              ))}
            </span>
          </div>
        ) : (
          <Typography.Text type="secondary">{t("operators.idle")}</Typography.Text>
        )}
      </div>
    </List.Item>
  );
}

/** `/v3/operators`: who of the organisation is online now (any server process) and what each works on:
 * the report they have open and their open reports; refreshed live. */
export function OperatorsPage(): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: operatorKeys.operators(companyId),
    queryFn: ({ signal }) => fetchOperators(companyId, signal),
    // A process that died stops refreshing its sockets: they age out within a minute.
    refetchInterval: 30_000,
  });
  // Bursts of events refresh once.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useRealtimeEvents((message) => {
    if (!REFRESHING.has(message.type) || pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      void queryClient.invalidateQueries({ queryKey: operatorKeys.operators(companyId) });
    }, 500);
  });

  const online = list.data?.filter((o) => o.online).length ?? 0;
  let body: ReactNode;
  if (list.isPending) body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  // Opened by address without the role for it (the menu does not offer it): the 403 screen.
  else if (list.isError && isApiError(list.error) && list.error.status === 403) body = <StatusResult kind="notAuth" />;
  else if (list.isError)
    body = <Result status="warning" title={t("operators.loadError")} extra={<Button onClick={() => void list.refetch()}>{t("common.retry")}</Button>} />;
  else if (list.data.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("operators.empty")} />;
  else body = <List<OperatorStatus> dataSource={list.data} rowKey="id" renderItem={(o) => <OperatorCard operator={o} />} />;

  return (
    <div className="page screen operators-page" data-testid="operators-page">
      <header>
        <Typography.Title level={1} className="screen-title">
          {t("operators.title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("operators.subtitle")}</Typography.Text>
      </header>
      {list.data && (
        <Typography.Text strong data-testid="operators-online-count">
          {t("operators.onlineCount", { count: online })}
        </Typography.Text>
      )}
      <div className="screen-card">{body}</div>
    </div>
  );
}
