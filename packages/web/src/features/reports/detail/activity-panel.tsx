import type { ReactNode } from "react";
import { Alert, Empty, Skeleton, Timeline, Tooltip } from "antd";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Report } from "@atalaya/shared";
import { useDateFormatter } from "../../../lib/dates";
import { actionErrorMessage } from "./action-errors";
import { actionColor, describeActivity } from "./activity-labels";
import { detailKeys, fetchActivity } from "./detail-api";
import { useTypeName } from "./detail-ui";
import { useOperators, useTags, useTeamNames } from "../../directory";

/** The report's activity log, newest first: translated action, actor, time and what changed. */
export function ActivityPanel({ report, companyId }: { report: Report; companyId: number }): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const typeName = useTypeName();
  const { operators } = useOperators(companyId);
  const teams = useTeamNames(companyId);
  const tags = useTags(companyId);
  const activity = useQuery({
    queryKey: detailKeys.sub(companyId, report.id, "activity"),
    queryFn: ({ signal }) => fetchActivity(companyId, report.id, signal),
  });

  if (activity.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (activity.isError) return <Alert type="error" showIcon title={actionErrorMessage(activity.error, "load", t)} />;
  if (activity.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("reportDetail.activity.empty")} />;

  const context = {
    t,
    typeName,
    personName: (id: number) =>
      operators.find((operator) => operator.id === id)?.name ??
      (report.assignedUser?.id === id ? report.assignedUser.name : null) ??
      (report.assignedPatrol?.id === id ? report.assignedPatrol.name : null),
    teamName: (id: number) => teams?.find((team) => team.id === id)?.name ?? (report.assignedTeam?.id === id ? report.assignedTeam.name : null),
    dateTime: (iso: string) => format(iso) ?? iso,
    tagName: (id: number) => tags?.find((tag) => tag.id === id)?.name ?? report.tags.find((tag) => tag.id === id)?.name ?? null,
  };

  return (
    <div className="rd-panel rd-activity" data-testid="activity-panel">
      <Timeline
        items={[...activity.data].reverse().map((entry) => {
          const label = describeActivity(entry, context);
          return {
            key: entry.id,
            color: actionColor(label.action),
            content: (
              <div className="rd-activity__item" data-testid="activity-item" data-action={entry.action}>
                <div className="rd-activity__head">
                  <strong>{label.title}</strong>
                  <span className="rd-muted">· {entry.actor?.name ?? t("reportDetail.activity.system")}</span>
                  <Tooltip title={format(entry.created_at)}>
                    <time className="rd-activity__time" dateTime={entry.created_at}>
                      {format(entry.created_at, "D MMM, HH:mm:ss")}
                    </time>
                  </Tooltip>
                </div>
                {label.details.map((line) => (
                  <div key={line} className="rd-activity__detail">
                    {line}
                  </div>
                ))}
              </div>
            ),
          };
        })}
      />
    </div>
  );
}
