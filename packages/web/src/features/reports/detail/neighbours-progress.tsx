import { useEffect, type ReactNode } from "react";
import { Tag } from "antd";
import { NotificationOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { messagesRouteTable as messages, neighboursProgressSchema, type NeighboursNotice, type Report } from "@atalaya/shared";
import { call } from "../../../lib/call";
import { setLiveQueryData } from "../../../lib/live-query";
import { useRealtimeEvents } from "../../realtime";
import { detailKeys } from "./detail-api";

/** `GET …/reports/{id}/neighbours`: neighbours found, delivered so far, cancelled. */
async function fetchNeighbourNotice(companyId: number, reportId: number, signal?: AbortSignal): Promise<NeighboursNotice> {
  return (await call(messages.getCompaniesByCompanyIdReportsByIdNeighbours, { params: { companyId, id: reportId }, signal })).notice;
}

/**
 * The report's neighbours' notice on the detail (issue 15): how many neighbours it reaches and how many
 * have it in their app inbox, moved on live by the delivery job's `neighbours` messages; after a cancel,
 * how many got it before it stopped. Who may not notify (a patrol) sees the flag alone.
 */
export function NeighboursProgress({ report, companyId }: { report: Report; companyId: number }): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = detailKeys.sub(companyId, report.id, "neighbours");
  const follow = report.notifyNeighbours && report.can.work;
  const notice = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchNeighbourNotice(companyId, report.id, signal), enabled: follow });
  useRealtimeEvents((message) => {
    if (message.type !== "neighbours" || message.companyId !== companyId) return;
    const progress = neighboursProgressSchema.safeParse(message.data);
    if (!progress.success || progress.data.reportId !== report.id) return;
    const { notify, canceled, total, delivered } = progress.data;
    void setLiveQueryData<NeighboursNotice>(queryClient, key, { notify, canceled, total, delivered });
  });
  // Notified again or cancelled (the report's own live update): read where the delivery stands.
  const { notifyNeighbours, notificationNeighboursWasCanceled } = report;
  useEffect(() => {
    if (follow) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key follows companyId and report.id
  }, [follow, notifyNeighbours, notificationNeighboursWasCanceled, queryClient, companyId, report.id]);

  if (!report.notifyNeighbours) return null;
  const canceled = report.notificationNeighboursWasCanceled;
  const data = notice.data;
  const progress = data ? t(canceled ? "reportDetail.header.neighboursCanceledProgress" : "reportDetail.header.neighboursProgress", { delivered: data.delivered, total: data.total }) : null;
  return (
    <Tag
      icon={canceled ? undefined : <NotificationOutlined />}
      color={canceled ? undefined : "magenta"}
      className="rd-meta__tag"
      data-testid="neighbours-progress"
      data-delivered={data?.delivered}
      data-total={data?.total}
    >
      {t(canceled ? "reportDetail.header.notificationCanceled" : "reportDetail.header.neighboursNotified")}
      {progress && `: ${progress}`}
    </Tag>
  );
}
