import { useState, type ReactNode } from "react";
import { Button, Empty, Input, List, Modal, Result, Skeleton, Space, Tag, Typography } from "antd";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { MESSAGE_REASON_MAX, formatFileSize, type Message } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { useDateFormatter } from "../../lib/dates";
import { decideMessage, fetchPendingMessages, messageKeys } from "./messages-api";
import "./messages.css";

/** `/v3/messages-approval` (provider administrators): pending messages of every organisation; approve
 * (sent at once or at its date) or reject with a reason the organisation sees. */
export function ApprovalPage(): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const format = useDateFormatter();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<Message | null>(null);
  const [reason, setReason] = useState("");
  const [reasonMissing, setReasonMissing] = useState(false);
  const pending = useQuery({ queryKey: messageKeys.pending, queryFn: ({ signal }) => fetchPendingMessages(signal) });

  const decide = useMutation({
    mutationFn: ({ message, decision, why }: { message: Message; decision: "approve" | "reject"; why?: string }) => decideMessage(message.id, decision, why),
    onSuccess: (_, { decision }) => {
      setRejecting(null);
      setReason("");
      void queryClient.invalidateQueries({ queryKey: messageKeys.pending });
      void toast.success(t(`massMessages.done.${decision}`));
    },
    onError: (error: unknown) => void toast.error(isApiError(error) ? error.message : t("massMessages.retry.other")),
  });

  let body: ReactNode;
  if (pending.isPending) body = <Skeleton active />;
  else if (pending.isError)
    body = isApiError(pending.error) && pending.error.status === 403
      ? <Result status="403" title={t("errors.providerOnly")} />
      : <Result status="warning" title={t("massMessages.loadError")} extra={<Button onClick={() => void pending.refetch()}>{t("common.retry")}</Button>} />;
  else if (pending.data.length === 0) body = <Empty description={t("massMessages.approval.empty")} />;
  else
    body = (
      <List
        dataSource={pending.data}
        renderItem={(m) => (
          <List.Item className="messages-approval-item" data-testid="approval-row" data-id={m.id}>
            <div className="messages-approval-item__text">
              <Space wrap>
                <strong data-testid="approval-title">{m.title}</strong>
                {m.ad && <Tag color="purple">{t("massMessages.ad")}</Tag>}
                <Tag>{m.zone.name ?? t("massMessages.defaultZone")}</Tag>
              </Space>
              <Typography.Text className="screen-muted">
                {t("massMessages.approval.company")}: {m.companyName} · {m.author?.name} · {format(m.createdAt)}
                {m.scheduleDate ? ` · ${t("massMessages.columns.schedule")}: ${format(m.scheduleDate)}` : ""}
              </Typography.Text>
              {/* The body was sanitised by the server to a safe subset of HTML. */}
              <div className="messages-approval-item__body" dangerouslySetInnerHTML={{ __html: m.body }} />
              {m.attachment && (
                <Typography.Text className="screen-muted">
                  {m.attachment.originalName ?? m.attachment.name} · {formatFileSize(m.attachment.size)}
                </Typography.Text>
              )}
            </div>
            <Space>
              <Button type="primary" onClick={() => decide.mutate({ message: m, decision: "approve" })} data-testid="approval-approve">
                {t("massMessages.actions.approve")}
              </Button>
              <Button danger onClick={() => setRejecting(m)} data-testid="approval-reject">
                {t("massMessages.actions.reject")}
              </Button>
            </Space>
          </List.Item>
        )}
      />
    );

  return (
    <div className="screen messages-screen">
      <header className="screen-header">
        <div>
          <Typography.Title level={1} className="screen-title">
            {t("massMessages.approval.title")}
          </Typography.Title>
          <Typography.Paragraph className="screen-muted">{t("massMessages.approval.subtitle")}</Typography.Paragraph>
        </div>
      </header>
      {body}
      <Modal
        open={rejecting !== null}
        title={t("massMessages.approval.rejectTitle", { title: rejecting?.title ?? "" })}
        okText={t("massMessages.actions.reject")}
        okButtonProps={{ danger: true, loading: decide.isPending, ...({ "data-testid": "approval-reject-confirm" } as Record<string, string>) }}
        cancelText={t("common.cancel")}
        onCancel={() => setRejecting(null)}
        onOk={() => {
          if (!reason.trim()) return setReasonMissing(true);
          decide.mutate({ message: rejecting!, decision: "reject", why: reason.trim() });
        }}
      >
        <label className="messages-reason-label" htmlFor="reject-reason">
          {t("massMessages.approval.reason")}
        </label>
        <Input.TextArea
          id="reject-reason"
          rows={3}
          maxLength={MESSAGE_REASON_MAX}
          value={reason}
          status={reasonMissing ? "error" : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonMissing(false);
          }}
          data-testid="approval-reason"
        />
        {reasonMissing && <Typography.Text type="danger">{t("massMessages.approval.reasonRequired")}</Typography.Text>}
      </Modal>
    </div>
  );
}
