import { useMemo, useState, type HTMLAttributes, type ReactNode } from "react";
import { Alert, App, Button, Empty, Input, Result, Skeleton, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { useToast } from "../../lib/use-toast";
import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined, SearchOutlined, ThunderboltOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { AutomaticAnswer } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { ReportTypeIcon } from "../../components/report-type-visual";
import { useSettings } from "../settings";
import { DEFAULT_ANSWER_TYPE, answerTypeName, answerTypeSuggestions, canManageAnswers, filterAnswers } from "./answer-form";
import { AnswerDrawer } from "./answer-drawer";
import { answerKeys, deleteAnswer, fetchAnswers } from "./answers-api";
import "./answers.css";
import { useClearable } from "../../components/use-clearable";

const rowProps = (): HTMLAttributes<HTMLElement> => ({ "data-testid": "answer-row" }) as HTMLAttributes<HTMLElement>;

/** `/v3/answers`: the organisation's automatic answers; company admins create, edit and delete them, others read. */
export function AnswersPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const clearable = useClearable();
  const { modal } = App.useApp();
  const message = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const canManage = canManageAnswers(settings);
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const [search, setSearch] = useState("");
  // undefined = drawer closed, null = creating, an answer = editing it.
  const [editing, setEditing] = useState<AutomaticAnswer | null | undefined>(undefined);

  const answers = useQuery({ queryKey: answerKeys.list(companyId), queryFn: ({ signal }) => fetchAnswers(companyId, {}, signal) });
  const all = useMemo(() => answers.data ?? [], [answers.data]);
  const anyType = t("answers.anyType");
  const shown = useMemo(() => filterAnswers(all, search, lang, anyType), [all, search, lang, anyType]);

  const remove = useMutation({
    mutationFn: (answer: AutomaticAnswer) => deleteAnswer(companyId, answer.id),
    onSuccess: (_, answer) => {
      queryClient.setQueryData<AutomaticAnswer[]>(answerKeys.list(companyId), (list) => list?.filter((item) => item.id !== answer.id));
      void queryClient.invalidateQueries({ queryKey: answerKeys.all(companyId) });
      void queryClient.invalidateQueries({ queryKey: ["reports", "detail", companyId, "answers"] });
      void message.success(t("answers.success.deleted", { title: answer.title }));
    },
    onError: (error: unknown) => {
      const text = isApiError(error) && error.status === 403 ? t("answers.forbidden") : isApiError(error) ? error.message : t("errors.generalError");
      void message.error(text);
    },
  });

  const confirmDelete = (answer: AutomaticAnswer): void => {
    void modal.confirm({
      title: t("answers.confirmDelete.title", { title: answer.title }),
      content: t("answers.confirmDelete.text"),
      okText: t("answers.confirmDelete.ok"),
      cancelText: t("common.cancel"),
      okButtonProps: { danger: true, "data-testid": "answer-delete-confirm" },
      onOk: () => remove.mutateAsync(answer).catch(() => undefined),
    });
  };

  const columns: TableColumnsType<AutomaticAnswer> = [
    {
      key: "title",
      title: t("answers.columns.title"),
      width: "24%",
      sorter: (a, b) => a.title.localeCompare(b.title, lang),
      render: (_, answer) => (
        <div className="answers-title">
          <strong data-testid="answer-title-cell">{answer.title}</strong>
          <span className="screen-muted">
            {answer.answerType === DEFAULT_ANSWER_TYPE ? t("answers.answerTypes.comment") : answer.answerType}
          </span>
        </div>
      ),
    },
    {
      key: "answer",
      title: t("answers.columns.answer"),
      render: (_, answer) => (
        <Typography.Paragraph className="answers-preview" ellipsis={{ rows: 2, tooltip: { title: answer.answer, placement: "topLeft" } }}>
          {answer.answer}
        </Typography.Paragraph>
      ),
    },
    {
      key: "reportType",
      title: t("answers.columns.reportType"),
      width: 200,
      render: (_, answer) =>
        answer.reportType === null ? (
          <span className="screen-muted">{anyType}</span>
        ) : (
          <span className="answers-type">
            <ReportTypeIcon typeId={answer.reportType} size={20} />
            {answerTypeName(answer.reportType, lang)}
          </span>
        ),
    },
    {
      key: "usage",
      title: t("answers.columns.usage"),
      width: 170,
      render: (_, answer) => (
        <span className="answers-usage">
          {answer.usableInManagement && (
            <Tooltip title={t("answers.usage.managementHint")}>
              <Tag color="blue" data-testid="answer-badge-management">
                {t("answers.usage.management")}
              </Tag>
            </Tooltip>
          )}
          {answer.usableInClosure && (
            <Tooltip title={t("answers.usage.closureHint")}>
              <Tag color="green" data-testid="answer-badge-closure">
                {t("answers.usage.closure")}
              </Tag>
            </Tooltip>
          )}
          {!answer.usableInManagement && !answer.usableInClosure && <Tag>{t("answers.usage.none")}</Tag>}
        </span>
      ),
    },
  ];
  if (canManage)
    columns.push({
      key: "actions",
      width: 96,
      align: "right",
      render: (_, answer) => (
        <span className="screen-actions">
          <Tooltip title={t("answers.actions.edit")}>
            <Button type="text" icon={<EditOutlined />} aria-label={t("answers.actions.edit")} onClick={() => setEditing(answer)} data-testid="answer-edit" />
          </Tooltip>
          <Tooltip title={t("answers.actions.delete")}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t("answers.actions.delete")}
              onClick={() => confirmDelete(answer)}
              data-testid="answer-delete"
            />
          </Tooltip>
        </span>
      ),
    });

  let body: ReactNode;
  if (answers.isPending) {
    body = (
      <div className="screen-card screen-card--padded" data-testid="answers-loading">
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (answers.isError) {
    body = (
      <div className="screen-card" data-testid="answers-error">
        <Result
          status="warning"
          title={t("answers.loadError")}
          subTitle={isApiError(answers.error) ? answers.error.message : undefined}
          extra={
            <Button type="primary" onClick={() => void answers.refetch()} loading={answers.isFetching} data-testid="answers-retry">
              {t("common.retry")}
            </Button>
          }
        />
      </div>
    );
  } else if (all.length === 0) {
    body = (
      <div className="screen-card screen-card--padded" data-testid="answers-empty">
        <Empty
          image={<ThunderboltOutlined className="screen-empty-icon" />}
          description={
            <>
              <div className="screen-empty-title">{t("answers.empty.title")}</div>
              <div className="screen-muted">{canManage ? t("answers.empty.hintAdmin") : t("answers.empty.hintReadOnly")}</div>
            </>
          }
        >
          {canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t("answers.create")}
            </Button>
          )}
        </Empty>
      </div>
    );
  } else {
    body = (
      <div className="screen-card">
        <div className="screen-toolbar">
          <Input
            allowClear={clearable}
            prefix={<SearchOutlined />}
            placeholder={t("answers.search")}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="answers-search"
            data-testid="answers-search"
          />
          <span className="screen-muted" data-testid="answers-count">
            {t("answers.count", { shown: shown.length, total: all.length })}
          </span>
        </div>
        <Table<AutomaticAnswer>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={shown}
          onRow={rowProps}
          pagination={{ pageSize: 25, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("answers.empty.noMatches", { search: search.trim() })}>
                <Button onClick={() => setSearch("")}>{t("answers.empty.clearSearch")}</Button>
              </Empty>
            ),
          }}
          loading={answers.isFetching && !answers.isPending ? { delay: 300 } : false}
        />
      </div>
    );
  }

  return (
    <div className="page screen answers-page" data-testid="answers-page">
      <header className="screen-header">
        <div>
          <Typography.Title level={1} className="screen-title">
            {t("answers.title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("answers.subtitle")}</Typography.Text>
        </div>
        {canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="answer-create">
            {t("answers.create")}
          </Button>
        )}
      </header>
      {!canManage && (
        <Alert type="info" showIcon icon={<LockOutlined />} title={t("answers.readOnly")} className="answers-readonly" data-testid="answers-read-only" />
      )}
      {body}
      {canManage && (
        <AnswerDrawer companyId={companyId} editing={editing} answerTypes={answerTypeSuggestions(all)} onClose={() => setEditing(undefined)} />
      )}
    </div>
  );
}
