import type { ReactNode } from "react";
import { Button, Card, Descriptions, Flex, Result, Skeleton, Tag, Typography } from "antd";
import { ArrowLeftOutlined, ReloadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Link, Navigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { localizedName, reportTypeById } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { useDateFormatter } from "../../lib/dates";
import { useSettings } from "../settings/settings-context";
import { fetchReportByUuid, reportByUuidKey, type ReportSummary } from "./report-api";

const STATUS_COLORS: Record<string, string> = {
  pending: "gold",
  in_progress: "blue",
  in_observation: "purple",
  solved: "green",
  false: "default",
  in_deleting_progress: "red",
};

function ReportTypeLabel({ typeId, lang }: { typeId: number; lang: string }): ReactNode {
  const type = reportTypeById(typeId);
  if (!type) return <>{typeId}</>;
  return (
    <Flex align="center" gap={8}>
      <span className="type-dot" style={{ background: type.color }} aria-hidden="true" />
      {localizedName(type.nameLocalized, lang)}
    </Flex>
  );
}

function ReportSummaryCard({ report }: { report: ReportSummary }): ReactNode {
  const { t, i18n } = useTranslation();
  const format = useDateFormatter();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const none = t("common.noValue");
  const status = report.displayStatus ?? report.status;

  return (
    <Card title={t("report.summary")}>
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        data-testid="report-summary"
        items={[
          { key: "id", label: t("report.id"), children: report.id },
          {
            key: "status",
            label: t("report.status"),
            children: <Tag color={STATUS_COLORS[status] ?? "default"}>{t(`statuses.${status}`)}</Tag>,
          },
          { key: "type", label: t("report.type"), children: <ReportTypeLabel typeId={report.type} lang={lang} /> },
          { key: "created_at", label: t("report.createdAt"), children: format(report.createdAt) ?? none },
          { key: "description", label: t("report.description"), span: "filled", children: report.description || none },
          { key: "address", label: t("report.address"), span: "filled", children: report.address || none },
        ]}
      />
    </Card>
  );
}

/** `/v3/events/:reportUuid`: the report's summary (the full detail arrives with the workflow issue). */
export function ReportDetailPage(): ReactNode {
  const { t } = useTranslation();
  const { reportUuid = "" } = useParams();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const query = useQuery({
    queryKey: reportByUuidKey(companyId, reportUuid),
    queryFn: ({ signal }) => fetchReportByUuid(companyId, reportUuid, signal),
    enabled: reportUuid !== "",
  });

  if (query.isError && isApiError(query.error)) {
    if (query.error.status === 404) return <Navigate to="/notFound" replace />;
    if (query.error.status === 403) return <Navigate to="/notAuth" replace />;
  }

  return (
    <div className="page">
      <Link to="/v3/events" className="page__back">
        <ArrowLeftOutlined /> {t("report.back")}
      </Link>
      {query.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : query.isError ? (
        <Card>
          <Result
            status="error"
            title={t("report.loadError")}
            subTitle={query.error.message}
            extra={
              <Button type="primary" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
                {t("common.retry")}
              </Button>
            }
          />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          <header className="page__header">
            <Typography.Title level={2} className="page__title">
              {t("report.title", { id: query.data.id })}
            </Typography.Title>
            {query.data.uuid && <Typography.Text type="secondary" copyable>{query.data.uuid}</Typography.Text>}
          </header>
          <ReportSummaryCard report={query.data} />
        </Flex>
      )}
    </div>
  );
}
