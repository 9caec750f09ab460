import type { ReactNode } from "react";
import { Select } from "antd";
import { ThunderboltOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { answerKeys, fetchAnswers } from "./answers-api";
import "./answers.css";

interface AnswerPickerProps {
  companyId: number;
  reportType: number;
  /** Receives the text of the picked answer. */
  onPick(text: string): void;
  disabled?: boolean;
}

/** Compact "automatic answer" chooser for the comment composer: answers usable in management for this report type. */
export function AnswerPicker({ companyId, reportType, onPick, disabled }: AnswerPickerProps): ReactNode {
  const { t } = useTranslation();
  const query = { usage: "management", type: reportType } as const;
  const answers = useQuery({
    queryKey: answerKeys.list(companyId, query),
    queryFn: ({ signal }) => fetchAnswers(companyId, query, signal),
    staleTime: 60_000,
  });

  return (
    <Select<number>
      className="answers-picker"
      value={null}
      placeholder={
        <span>
          <ThunderboltOutlined /> {t("answers.picker.label")}
        </span>
      }
      aria-label={t("answers.picker.label")}
      disabled={disabled}
      loading={answers.isPending}
      status={answers.isError ? "warning" : undefined}
      notFoundContent={answers.isError ? t("answers.picker.error") : t("answers.picker.empty")}
      showSearch={{ optionFilterProp: "title" }}
      popupMatchSelectWidth={340}
      placement="topLeft"
      options={(answers.data ?? []).map((answer) => ({ value: answer.id, label: answer.title, title: `${answer.title} ${answer.answer}` }))}
      optionRender={(option) => {
        const answer = answers.data?.find((item) => item.id === option.value);
        return (
          <div className="answers-picker-option" data-testid="comment-answer-option">
            <strong>{answer?.title}</strong>
            <span className="answers-picker-option__text">{answer?.answer}</span>
          </div>
        );
      }}
      onOpenChange={(open) => {
        if (open && answers.isError) void answers.refetch();
      }}
      onChange={(id) => {
        const answer = answers.data?.find((item) => item.id === id);
        if (answer) onPick(answer.answer);
      }}
      data-testid="comment-answer-picker"
    />
  );
}
