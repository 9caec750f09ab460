import { useState, type ReactNode } from "react";
import { App, Button, Empty, List, Result, Segmented, Skeleton, Tag, Typography } from "antd";
import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { REVIEW_STATES, type ReviewItem, type ReviewState } from "@atalaya/shared";
import { useToast } from "../../../lib/use-toast";
import { isApiError } from "../../../lib/api";
import { useDateFormatter } from "../../../lib/dates";
import { TypeBadge } from "../detail/detail-ui";
import { useSettings } from "../../settings";
import { decideReview, fetchReviews, lifeKeys } from "./report-life-api";
import "./report-life.css";

/** `/v3/reviews` (company admins): the reports held for review (new or flagged reporters), oldest first,
 * each approved (it enters the events panel as new, with the alarm) or discarded; and the decided ones. */
export function ReviewPage(): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const [state, setState] = useState<ReviewState>("pending");
  const list = useQuery({ queryKey: lifeKeys.reviews(companyId, state), queryFn: ({ signal }) => fetchReviews(companyId, state, signal) });

  let body: ReactNode;
  if (list.isPending) body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  else if (list.isError)
    body = (
      <Result
        status="warning"
        title={t("reportLife.review.loadError")}
        extra={
          <Button type="primary" onClick={() => void list.refetch()}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  else
    body = (
      <List
        dataSource={list.data.reviews}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("reportLife.review.empty")} /> }}
        renderItem={(item) => <ReviewRow key={item.reportId} item={item} companyId={companyId} />}
      />
    );

  return (
    <div className="page screen review-page" data-testid="review-page">
      <header className="screen-header">
        <div>
          <Typography.Title level={1} className="screen-title">
            {t("reportLife.review.title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("reportLife.review.subtitle")}</Typography.Text>
        </div>
      </header>
      <div className="screen-card">
        <Segmented<ReviewState>
          value={state}
          onChange={setState}
          options={REVIEW_STATES.map((s) => ({ value: s, label: t(`reportLife.review.tabs.${s}`) }))}
          data-testid="review-tabs"
        />
        {body}
      </div>
    </div>
  );
}

function ReviewRow({ item, companyId }: { item: ReviewItem; companyId: number }): ReactNode {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const format = useDateFormatter();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: "approve" | "discard") => decideReview(companyId, item.reportId, decision),
    onSuccess: (review) => {
      toast.success(t(review.state === "approved" ? "reportLife.review.approved" : "reportLife.review.discardedToast", { id: item.reportId }));
      void queryClient.invalidateQueries({ queryKey: lifeKeys.reviewQueue(companyId) });
    },
    onError: (error) => {
      toast.error(isApiError(error) && error.reason ? t(`errors.reasons.${error.reason}`) : t("reportLife.review.decideError"));
      void queryClient.invalidateQueries({ queryKey: lifeKeys.reviewQueue(companyId) });
    },
  });
  const confirmDiscard = () =>
    void modal.confirm({
      title: t("reportLife.review.confirmDiscard", { id: item.reportId }),
      okText: t("reportLife.review.discard"),
      okButtonProps: { danger: true, "data-testid": "review-discard-confirm" },
      onOk: () => decide.mutateAsync("discard").catch(() => undefined),
    });
  return (
    <List.Item className="review-queue__item" data-testid="review-item" data-report-id={item.reportId}>
      <div className="review-queue__body">
        <div className="review-queue__head">
          <strong>#{item.reportId}</strong>
          <TypeBadge typeId={item.type} />
          <Tag color={item.reason === "flagged" ? "red" : "gold"}>{t(`reportLife.review.reason.${item.reason}`)}</Tag>
        </div>
        <Typography.Text className="review-queue__text">{item.description || t("reportLife.review.noDescription")}</Typography.Text>
        {item.address && <Typography.Text type="secondary">{item.address}</Typography.Text>}
        <Typography.Text type="secondary">
          {t("reportLife.review.sent", { date: format(item.createdAt) })}
          {item.decidedAt ? ` · ${t("reportLife.review.decided", { date: format(item.decidedAt) })}` : ""}
        </Typography.Text>
        {item.reporter && (
          <Typography.Text type="secondary" data-testid="review-reporter">
            {t("reportLife.review.reporter")}: {item.reporter.name} · {t("reportLife.review.accountSince", { date: format(item.reporter.accountCreatedAt, "D MMM YYYY") })} ·{" "}
            {t("reportLife.review.complaints", { count: item.reporter.complaints })}
          </Typography.Text>
        )}
      </div>
      {item.state === "pending" && (
        <div className="review-queue__actions">
          <Button type="primary" icon={<CheckOutlined />} loading={decide.isPending && decide.variables === "approve"} disabled={decide.isPending} onClick={() => decide.mutate("approve")} data-testid="review-approve">
            {t("reportLife.review.approve")}
          </Button>
          <Button danger icon={<CloseOutlined />} disabled={decide.isPending} onClick={confirmDiscard} data-testid="review-discard">
            {t("reportLife.review.discard")}
          </Button>
        </div>
      )}
    </List.Item>
  );
}
