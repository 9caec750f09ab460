import type { ReactNode } from "react";
import { Alert, Button, Descriptions, Result, Skeleton, Tag, Typography } from "antd";
import { ClockCircleOutlined, EnvironmentOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import type { PublicReportStatus } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { formatInstant } from "../../lib/dates";
import { ReportTypeIcon, reportTypeName } from "../../components/report-type-visual";
import { fetchPublicReport } from "./shared-report-api";
import { PublicPageFrame } from "./public-page-frame";

const STATUS_COLORS: Record<PublicReportStatus, string> = { received: "#874d00", in_progress: "#0958d9", closed: "#237804" };

/** `/shared/:reportUuid`: the public page a share link leads to, for anyone and without a session: the
 * report's type, time, approximate place, public description and status. Loaded only on this route. */
export function SharedReportPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const { reportUuid = "" } = useParams();
  const report = useQuery({
    queryKey: ["public-report", reportUuid],
    queryFn: ({ signal }) => fetchPublicReport(reportUuid, signal),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    staleTime: Infinity,
  });

  let body: ReactNode;
  if (report.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (report.isError) {
    const gone = isApiError(report.error) && (report.error.status === 404 || report.error.status === 400);
    body = gone ? (
      <Result status="404" title={t("publicLink.unavailableTitle")} subTitle={t("publicLink.unavailable")} data-testid="shared-unavailable" />
    ) : (
      <Alert
        type="error"
        showIcon
        title={t("publicLink.loadError")}
        action={
          <Button size="small" onClick={() => void report.refetch()}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  } else {
    const r = report.data;
    const typeName = reportTypeName(r.type, lang);
    body = (
      <article data-testid="shared-report" data-status={r.status}>
        <header className="shared-report__head">
          <ReportTypeIcon typeId={r.type} size={40} />
          <div>
            <Typography.Title level={1} className="shared-report__title">
              {r.title || typeName}
            </Typography.Title>
            {r.title && <Typography.Text type="secondary">{typeName}</Typography.Text>}
          </div>
        </header>
        <Descriptions column={1} size="small" className="shared-report__facts">
          <Descriptions.Item label={t("publicLink.status")}>
            <Tag color={STATUS_COLORS[r.status]} variant="solid" data-testid="shared-status">
              {t(`publicLink.statuses.${r.status}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t("publicLink.reportedAt")}>
            <span>
              <ClockCircleOutlined aria-hidden="true" /> {formatInstant(r.createdAt, r.timezone, lang)}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t("publicLink.place")}>
            <span data-testid="shared-place">
              <EnvironmentOutlined aria-hidden="true" /> {r.place.area ?? t("publicLink.noPlace")}
              <span className="shared-report__coords">
                {" · "}
                {t("publicLink.coordinates", { latitude: r.place.latitude, longitude: r.place.longitude })}
              </span>
            </span>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={2} className="shared-report__subtitle">
          {t("publicLink.description")}
        </Typography.Title>
        <Typography.Paragraph className="shared-report__description" data-testid="shared-description">
          {r.description || t("publicLink.noDescription")}
        </Typography.Paragraph>
      </article>
    );
  }

  return (
    <PublicPageFrame label={t("publicLink.pageTitle")} after={<p className="shared-report__footer">{t("publicLink.footer")}</p>}>
      <Typography.Paragraph type="secondary" className="shared-report__intro">
        {t("publicLink.intro")}
      </Typography.Paragraph>
      {body}
    </PublicPageFrame>
  );
}
