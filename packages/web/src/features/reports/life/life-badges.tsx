import type { ReactNode } from "react";
import { Tag } from "antd";
import { StarFilled } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { ReportListItem } from "@atalaya/shared";

/** The events panel row's marks of issue 17: the report's substatus and the reporter's rating. */
export function LifeBadges({ report }: { report: ReportListItem }): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      {report.substatus && (
        <Tag color="geekblue" data-testid="badge-substatus" title={t("reportLife.substatuses.label")}>
          {report.substatus.name}
        </Tag>
      )}
      {report.ratingPoints !== null && (
        <Tag icon={<StarFilled aria-hidden />} data-testid="badge-rating" title={t("reportLife.rating.title")}>
          {t("reportLife.rating.points", { points: report.ratingPoints })}
        </Tag>
      )}
    </>
  );
}
