import type { ReactNode } from "react";
import { Button, Card, Typography } from "antd";
import { CopyOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { DuplicateSuggestion, Report } from "@atalaya/shared";
import { useToast } from "../../../lib/use-toast";
import { actionErrorMessage } from "../detail/action-errors";
import { StatusTag, TypeBadge } from "../detail/detail-ui";
import { dismissDuplicate, duplicateKeys, fetchSuggestions, mergeDuplicate } from "./duplicates-api";
import "./duplicates.css";

interface DuplicateSuggestionsProps {
  report: Report;
  companyId: number;
  onReport(report: Report): void;
}

const OPEN = new Set(["pending", "in_progress", "in_observation"]);

/** On an open report: the open reports it may repeat (same type, nearby, shortly before), each closing
 * this one as its repeat in one click or dismissed for good. Nothing when there are none. */
export function DuplicateSuggestions({ report, companyId, onReport }: DuplicateSuggestionsProps): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  // Merging takes and closes in one step: whoever may take or close the report may merge it.
  const mayAct = OPEN.has(report.status) && (report.can.take || report.can.close);
  const suggestions = useQuery({
    queryKey: duplicateKeys.suggestions(companyId, report.id, report.version),
    queryFn: ({ signal }) => fetchSuggestions(companyId, report.id, signal),
    enabled: OPEN.has(report.status),
    staleTime: 30_000,
  });
  const done = (next: Report) => {
    onReport(next);
    void queryClient.invalidateQueries({ queryKey: duplicateKeys.all(companyId) });
  };
  const merge = useMutation({
    mutationFn: (original: number) => mergeDuplicate(companyId, report.id, { originalId: original, comment: t("duplicates.closingComment", { id: original }) }),
    onSuccess: (next, original) => {
      toast.success(t("duplicates.merged", { id: report.id, original }));
      done(next);
    },
    onError: (error) => toast.error(actionErrorMessage(error, "close", t)),
  });
  const dismiss = useMutation({
    mutationFn: (original: number) => dismissDuplicate(companyId, report.id, original),
    onSuccess: done,
    onError: (error) => toast.error(actionErrorMessage(error, "load", t)),
  });
  const list = suggestions.data ?? [];
  if (!OPEN.has(report.status) || list.length === 0) return null;
  const busy = merge.isPending || dismiss.isPending;

  return (
    <Card size="small" className="rd-card duplicate-card" data-testid="duplicate-suggestions" title={<span><CopyOutlined /> {t("duplicates.title", { count: list.length })}</span>}>
      <Typography.Paragraph type="secondary" className="duplicate-card__hint">
        {t("duplicates.hint")}
      </Typography.Paragraph>
      <ul className="duplicate-card__list">
        {list.map((s) => (
          <SuggestionItem
            key={s.report.id}
            suggestion={s}
            mayAct={mayAct}
            busy={busy}
            onMerge={() => merge.mutate(s.report.id)}
            onDismiss={() => dismiss.mutate(s.report.id)}
          />
        ))}
      </ul>
    </Card>
  );
}

function SuggestionItem({ suggestion, mayAct, busy, onMerge, onDismiss }: { suggestion: DuplicateSuggestion; mayAct: boolean; busy: boolean; onMerge(): void; onDismiss(): void }): ReactNode {
  const { t } = useTranslation();
  const original = suggestion.report;
  return (
    <li className="duplicate-card__item" data-testid="duplicate-suggestion" data-report-id={original.id}>
      <div className="duplicate-card__head">
        <Link to={`/v3/events/${original.uuid}`} className="duplicate-card__id">
          #{original.id}
        </Link>
        <TypeBadge typeId={original.type} />
        <StatusTag report={original} />
      </div>
      <Typography.Text className="duplicate-card__text" ellipsis={{ tooltip: original.description }}>
        {original.description || original.address || t("duplicates.noDescription")}
      </Typography.Text>
      <span className="duplicate-card__how">
        {t("duplicates.how", { metres: suggestion.distanceMeters, minutes: suggestion.minutesBefore })}
      </span>
      {mayAct && (
        <div className="duplicate-card__actions">
          <Button type="primary" icon={<CopyOutlined />} disabled={busy} onClick={onMerge} data-testid="duplicate-merge">
            {t("duplicates.merge", { id: original.id })}
          </Button>
          <Button disabled={busy} onClick={onDismiss} data-testid="duplicate-dismiss">
            {t("duplicates.dismiss")}
          </Button>
        </div>
      )}
    </li>
  );
}
