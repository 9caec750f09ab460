import { useState, type ReactNode } from "react";
import { Alert, Button, Form, Modal, Segmented, Select, Typography, type ButtonProps } from "antd";
import { CheckCircleOutlined, CloseOutlined, FlagOutlined, TagOutlined, UserAddOutlined, UserSwitchOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PRIORITIES, type BulkAction, type BulkActionName, type BulkResponse, type Priority } from "@atalaya/shared";
import { useOperators, useTags } from "../../directory";
import { fetchAnyClosureAnswers, runBulkAction } from "./bulk-api";
import { useClearable } from "../../../components/use-clearable";

type ModalAction = Exclude<BulkActionName, "take">;
/** An action's values without the ids (distributed over the union, so each keeps its own fields). */
type ActionValues = BulkAction extends infer A ? (A extends BulkAction ? Omit<A, "ids"> : never) : never;

interface SelectionBarProps {
  companyId: number;
  ids: readonly number[];
  onClear: () => void;
  onDone: (response: BulkResponse) => void;
}

/** The bar over the panel's list while reports are ticked: how many, the bulk actions, clearing. Each
 * action but take asks for its value in a dialog first. */
export function SelectionBar({ companyId, ids, onClear, onDone }: SelectionBarProps): ReactNode {
  const { t } = useTranslation();
  const [modal, setModal] = useState<ModalAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (body: BulkAction) => runBulkAction(companyId, body),
    onSuccess: (response) => {
      setModal(null);
      setFailure(null);
      onDone(response);
    },
    onError: (error) => setFailure(t("triage.failed", { message: error.message })),
  });
  const button = (action: BulkActionName, icon: ReactNode) => (
    <Button
      size="small"
      icon={icon}
      loading={run.isPending && run.variables?.action === action}
      disabled={run.isPending}
      onClick={() => (action === "take" ? run.mutate({ action: "take", ids: [...ids] }) : setModal(action))}
      data-testid={`bulk-${action}`}
    >
      {t(`triage.actions.${action}`)}
    </Button>
  );

  return (
    <div className="selection-bar" role="region" aria-label={t("triage.barLabel")} data-testid="selection-bar">
      <Typography.Text strong className="selection-bar__count" aria-live="polite" data-testid="selection-count">
        {t("triage.selected", { count: ids.length })}
      </Typography.Text>
      <div className="selection-bar__actions">
        {button("take", <UserSwitchOutlined />)}
        {button("assign", <UserAddOutlined />)}
        {button("tag", <TagOutlined />)}
        {button("priority", <FlagOutlined />)}
        {button("close", <CheckCircleOutlined />)}
        <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t("triage.clear")} onClick={onClear} data-testid="bulk-clear" />
      </div>
      {failure && <Alert type="error" showIcon title={failure} className="selection-bar__failure" />}
      {modal && (
        <BulkModal
          companyId={companyId}
          action={modal}
          count={ids.length}
          pending={run.isPending}
          onCancel={() => setModal(null)}
          onSubmit={(values) => run.mutate({ ...values, ids: [...ids] } as BulkAction)}
        />
      )}
    </div>
  );
}

interface BulkModalProps {
  companyId: number;
  action: ModalAction;
  count: number;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (values: ActionValues) => void;
}

/** The value an action needs: a colleague, a tag, a priority, or the closing kind and answer. */
function BulkModal({ companyId, action, count, pending, onCancel, onSubmit }: BulkModalProps): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const { operators, loading } = useOperators(companyId);
  const tags = useTags(companyId);
  const answers = useQuery({
    queryKey: ["automatic-answers", "closure-any", companyId],
    queryFn: ({ signal }) => fetchAnyClosureAnswers(companyId, signal),
    enabled: action === "close",
  });
  const [userId, setUserId] = useState<number | undefined>();
  const [tagId, setTagId] = useState<number | undefined>();
  const [priority, setPriority] = useState<Priority>("high");
  const [kind, setKind] = useState<"solved" | "false">("solved");
  const [answerId, setAnswerId] = useState<number | undefined>();
  const missing = (action === "assign" && userId === undefined) || (action === "tag" && tagId === undefined);

  const submit = () => {
    if (missing) return;
    if (action === "assign") onSubmit({ action, userId });
    else if (action === "tag") onSubmit({ action, tagId: tagId! });
    else if (action === "priority") onSubmit({ action, priority });
    else onSubmit({ action, kind, ...(answerId !== undefined ? { automaticAnswerId: answerId } : {}) });
  };

  return (
    <Modal
      open
      title={t(`triage.modal.${action}`, { count })}
      onCancel={onCancel}
      onOk={submit}
      okText={t("triage.modal.confirm")}
      cancelText={t("common.cancel")}
      okButtonProps={{ disabled: missing, loading: pending, "data-testid": "bulk-confirm" } as ButtonProps}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit} component="div">
        {action === "assign" && (
          <Form.Item label={t("triage.modal.colleague")} htmlFor="bulk-user">
            <Select<number>
              id="bulk-user"
              autoFocus
              value={userId}
              onChange={setUserId}
              loading={loading}
              placeholder={t("triage.modal.colleaguePlaceholder")}
              showSearch={{ optionFilterProp: "label" }}
              options={operators.filter((o) => o.role !== "Patrol").map((o) => ({ value: o.id, label: o.name }))}
              data-testid="bulk-user"
            />
          </Form.Item>
        )}
        {action === "tag" && (
          <Form.Item label={t("triage.modal.tagLabel")} htmlFor="bulk-tag">
            <Select<number>
              id="bulk-tag"
              autoFocus
              value={tagId}
              onChange={setTagId}
              loading={tags === undefined}
              placeholder={t("triage.modal.tagPlaceholder")}
              showSearch={{ optionFilterProp: "label" }}
              options={(tags ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
              data-testid="bulk-tag"
            />
          </Form.Item>
        )}
        {action === "priority" && (
          <Form.Item label={t("triage.modal.priorityLabel")} htmlFor="bulk-priority">
            <Select<Priority>
              id="bulk-priority"
              autoFocus
              value={priority}
              onChange={setPriority}
              options={PRIORITIES.map((p) => ({ value: p, label: t(`priorities.${p}`) }))}
              data-testid="bulk-priority"
            />
          </Form.Item>
        )}
        {action === "close" && (
          <>
            <Form.Item label={t("triage.modal.kind")}>
              <Segmented<"solved" | "false">
                value={kind}
                onChange={setKind}
                options={[
                  { value: "solved", label: t("triage.modal.solved") },
                  { value: "false", label: t("triage.modal.false") },
                ]}
                data-testid="bulk-close-kind"
              />
            </Form.Item>
            <Form.Item label={t("triage.modal.answer")} htmlFor="bulk-answer">
              <Select<number>
                id="bulk-answer"
                allowClear={clearable}
                value={answerId}
                onChange={setAnswerId}
                loading={answers.isPending}
                placeholder={t("triage.modal.answerPlaceholder")}
                notFoundContent={t("triage.modal.noAnswers")}
                options={(answers.data ?? []).map((a) => ({ value: a.id, label: a.title }))}
                data-testid="bulk-answer"
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** What the last bulk action did: how many done and skipped, and each skipped report with its reason. */
export function BulkSummary({ response, onDismiss }: { response: BulkResponse; onDismiss: () => void }): ReactNode {
  const { t } = useTranslation();
  const skipped = response.results.filter((r) => r.outcome === "skipped");
  return (
    <Alert
      className="bulk-summary"
      type={skipped.length === 0 ? "success" : response.done === 0 ? "error" : "warning"}
      showIcon
      role="status"
      closable={{ onClose: onDismiss, "aria-label": t("triage.summary.dismiss") }}
      data-testid="bulk-summary"
      title={t("triage.summary.title", { action: t(`triage.actions.${response.action}`), done: response.done, skipped: response.skipped })}
      description={
        skipped.length > 0 && (
          <>
            <span className="bulk-summary__heading">{t("triage.summary.skipped")}</span>
            <ul className="bulk-summary__list">
              {skipped.map((r) => (
                <li key={r.id} data-testid="bulk-skipped" data-code={r.code}>
                  {t("triage.summary.item", { id: r.id, reason: r.reason ?? r.code ?? "" })}
                </li>
              ))}
            </ul>
          </>
        )
      }
    />
  );
}
