import { useDeferredValue, useState, type ReactNode } from "react";
import { Alert, Button, Form, Input, InputNumber, Modal, Segmented, Select, Spin, Typography } from "antd";
import { CheckCircleOutlined, CopyOutlined, StopOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ClosingKind, Report } from "@atalaya/shared";
import { isApiError } from "../../../lib/api";
import { actionErrorMessage } from "./action-errors";
import { buildCloseBody, type AnswerMode } from "./close-body";
import { closeReport, detailKeys, fetchClosureAnswers, type CloseReportBody } from "./detail-api";
import { fetchReport } from "../report-api";
import { StatusTag, TypeBadge } from "./detail-ui";

const KIND_ICONS: Record<ClosingKind, ReactNode> = {
  solved: <CheckCircleOutlined />,
  false: <StopOutlined />,
  repeated: <CopyOutlined />,
};

/** The report a repeated one points to, looked up while the operator types its id. */
function RepeatedPreview({ companyId, reportId }: { companyId: number; reportId: number }): ReactNode {
  const { t } = useTranslation();
  const original = useQuery({
    queryKey: detailKeys.sub(companyId, reportId, "summary"),
    queryFn: ({ signal }) => fetchReport(companyId, reportId, signal),
    retry: false,
    staleTime: 60_000,
  });
  if (original.isPending)
    return (
      <div className="rd-repeated rd-repeated--loading">
        <Spin size="small" /> {t("reportDetail.close.repeatedChecking")}
      </div>
    );
  if (original.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title={
          isApiError(original.error) && original.error.status === 404
            ? t("reportDetail.close.repeatedNotFound", { id: reportId })
            : actionErrorMessage(original.error, "load", t)
        }
      />
    );
  const report = original.data;
  return (
    <div className="rd-repeated" data-testid="repeated-preview">
      <span className="rd-repeated__marker">
        <CopyOutlined /> {t("reportDetail.close.repeatedMarker")}
      </span>
      <div className="rd-repeated__body">
        <div className="rd-repeated__title">
          <strong>#{report.id}</strong>
          <TypeBadge typeId={report.type} />
          <StatusTag report={report} />
        </div>
        <Typography.Text type="secondary" ellipsis={{ tooltip: report.description }}>
          {report.description || report.address || ""}
        </Typography.Text>
      </div>
    </div>
  );
}

interface CloseDialogProps {
  report: Report;
  companyId: number;
  onClose(): void;
  onClosed(report: Report): void;
}

/** Close as solved, not applicable (false) or repeated (with its marker), optionally answering the informer. */
export function CloseDialog({ report, companyId, onClose, onClosed }: CloseDialogProps): ReactNode {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ClosingKind>("solved");
  const [repeatedOf, setRepeatedOf] = useState<number | null>(null);
  const [answerMode, setAnswerMode] = useState<AnswerMode>("none");
  const [answerId, setAnswerId] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const deferredRepeated = useDeferredValue(repeatedOf);

  const answers = useQuery({
    queryKey: detailKeys.answers(companyId, report.type),
    queryFn: ({ signal }) => fetchClosureAnswers(companyId, report.type, signal),
    staleTime: 60_000,
    retry: false,
  });

  const close = useMutation({
    mutationFn: (body: CloseReportBody) => closeReport(companyId, report.id, body),
    onSuccess: onClosed,
  });

  // A report its author deleted takes no comments (SPEC §4), so its closing cannot answer the informer.
  const canReply = report.displayStatus !== "in_deleting_progress";
  const selfRepeat = repeatedOf !== null && repeatedOf === report.id;
  const body = selfRepeat ? null : buildCloseBody({ kind, repeatedOf, answerMode, answerId, comment });
  const chosenAnswer = answers.data?.find((answer) => answer.id === answerId);

  const submit = (): void => {
    setSubmitted(true);
    if (body) close.mutate(body);
  };

  return (
    <Modal
      open
      onCancel={onClose}
      title={t("reportDetail.close.title", { id: report.id })}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t("reportDetail.confirm.cancel")}
        </Button>,
        <Button
          key="submit"
          type="primary"
          icon={<CheckCircleOutlined />}
          disabled={submitted && !body}
          loading={close.isPending}
          onClick={submit}
          data-testid="close-submit"
        >
          {t("reportDetail.close.submit")}
        </Button>,
      ]}
      width={600}
      destroyOnHidden
      maskClosable={false}
      data-testid="close-dialog"
    >
      <Form layout="vertical" className="rd-close" onFinish={submit}>
        {report.displayStatus === "in_deleting_progress" && (
          <Alert type="info" showIcon className="rd-close__notice" title={t("reportDetail.close.deletedHint")} />
        )}
        <Form.Item label={t("reportDetail.close.kindLabel")} required>
          <div className="rd-kinds" role="radiogroup" aria-label={t("reportDetail.close.kindLabel")}>
            {(["solved", "false", "repeated"] as const).map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={kind === option}
                className={`rd-kind rd-kind--${option} ${kind === option ? "rd-kind--active" : ""}`}
                onClick={() => setKind(option)}
                data-testid={`close-kind-${option}`}
              >
                <span className="rd-kind__icon">{KIND_ICONS[option]}</span>
                <span className="rd-kind__title">{t(`reportDetail.close.kinds.${option}`)}</span>
                <span className="rd-kind__help">{t(`reportDetail.close.kindHelp.${option}`)}</span>
              </button>
            ))}
          </div>
        </Form.Item>

        {kind === "repeated" && (
          <Form.Item
            label={t("reportDetail.close.repeatedOf")}
            required
            validateStatus={selfRepeat || (submitted && repeatedOf === null) ? "error" : undefined}
            help={
              selfRepeat
                ? t("reportDetail.close.repeatedSelf")
                : submitted && repeatedOf === null
                  ? t("reportDetail.close.repeatedRequired")
                  : undefined
            }
          >
            <InputNumber<number>
              min={1}
              precision={0}
              controls={false}
              prefix="#"
              style={{ width: "100%" }}
              placeholder={t("reportDetail.close.repeatedPlaceholder")}
              value={repeatedOf}
              onChange={(value) => setRepeatedOf(typeof value === "number" && value > 0 ? value : null)}
              data-testid="close-repeated-of"
              autoFocus
            />
          </Form.Item>
        )}
        {kind === "repeated" && deferredRepeated !== null && deferredRepeated !== report.id && (
          <div className="rd-close__preview">
            <RepeatedPreview companyId={companyId} reportId={deferredRepeated} />
          </div>
        )}

        {canReply && (
          <Form.Item label={t("reportDetail.close.answerLabel")} extra={answerMode !== "none" ? t("reportDetail.close.answerHint") : undefined}>
            <Segmented<AnswerMode>
              block
              value={answerMode}
              onChange={setAnswerMode}
              options={(["none", "automatic", "free"] as const).map((mode) => ({
                value: mode,
                label: t(`reportDetail.close.answerModes.${mode}`),
              }))}
              data-testid="close-answer-mode"
            />
          </Form.Item>
        )}

        {answerMode === "automatic" && (
          <Form.Item
            validateStatus={submitted && answerId === null ? "error" : undefined}
            help={answers.isError ? t("reportDetail.close.answersError") : undefined}
          >
            <Select<number>
              value={answerId ?? undefined}
              onChange={setAnswerId}
              loading={answers.isPending}
              placeholder={t("reportDetail.close.answerPlaceholder")}
              notFoundContent={t("reportDetail.close.noAnswers")}
              options={(answers.data ?? []).map((answer) => ({ value: answer.id, label: answer.title, title: answer.title }))}
              showSearch={{ optionFilterProp: "title" }}
              data-testid="close-answer"
            />
            {chosenAnswer && <blockquote className="rd-close__answer">{chosenAnswer.answer}</blockquote>}
          </Form.Item>
        )}
        {answerMode === "free" && (
          <Form.Item validateStatus={submitted && comment.trim() === "" ? "error" : undefined}>
            <Input.TextArea
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={4000}
              showCount
              placeholder={t("reportDetail.close.commentPlaceholder")}
              data-testid="close-comment"
            />
          </Form.Item>
        )}

        {close.isError && <Alert type="error" showIcon title={actionErrorMessage(close.error, "close", t)} data-testid="close-error" />}
      </Form>
    </Modal>
  );
}
