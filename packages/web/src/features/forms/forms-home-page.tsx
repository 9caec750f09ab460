import { useState, type ReactNode } from "react";
import { Button, Card, Empty, Input, Modal, Result, Skeleton, Table, Tag, Typography, type TableColumnsType } from "antd";
import { BarChartOutlined, DeleteOutlined, EditOutlined, FormOutlined, PlusOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useDateFormatter } from "../../lib/dates";
import { Link, useNavigate } from "react-router";
import type { FormTemplate } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { WorkflowsCard } from "./workflows-card";
import { isApiError } from "../../lib/api";
import { canManageAnswers } from "../answers";
import { useSettings } from "../settings";
import { deleteTemplate, fetchTemplates, formKeys } from "./forms-api";
import "./forms.css";
import { useClearable } from "../../components/use-clearable";

/** `/v3/forms`: the welcome page (Create form, Manage forms) and the templates list with search. */
export function FormsHomePage(): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const format = useDateFormatter();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const canManage = canManageAnswers(settings);
  const navigate = useNavigate();
  const toast = useToast();
  const client = useQueryClient();
  const [q, setQ] = useState("");
  const templates = useQuery({ queryKey: formKeys.templates(companyId, q), queryFn: ({ signal }) => fetchTemplates(companyId, q, signal) });
  const remove = useMutation({
    mutationFn: (id: number) => deleteTemplate(companyId, id),
    onSuccess: () => {
      toast.success(t("forms.home.deleted"));
      void client.invalidateQueries({ queryKey: ["forms", "templates", companyId] });
    },
    onError: () => toast.error(t("forms.home.deleteError")),
  });

  const columns: TableColumnsType<FormTemplate> = [
    {
      key: "title",
      title: t("forms.home.columns.title"),
      render: (_, f) =>
        canManage ? (
          <Link to={`/v3/forms/builder/${f.id}`} className="forms-title-link">
            {f.title}
          </Link>
        ) : (
          f.title
        ),
    },
    {
      key: "category",
      title: t("forms.home.columns.category"),
      responsive: ["md"],
      render: (_, f) => (f.categoryName ? [f.categoryName, f.subcategoryName].filter(Boolean).join(" › ") : <span className="screen-muted">{t("forms.home.noCategory")}</span>),
    },
    { key: "version", title: t("forms.home.columns.version"), responsive: ["sm"], render: (_, f) => <Tag>v{f.version}</Tag> },
    { key: "submissions", title: t("forms.home.columns.submissions"), render: (_, f) => f.submissions },
    { key: "updated", title: t("forms.home.columns.updated"), responsive: ["lg"], render: (_, f) => format(f.updatedAt) },
    {
      key: "actions",
      title: <span className="sr-only">{t("forms.home.columns.actions")}</span>,
      align: "right",
      render: (_, f) => (
        <span className="forms-row-actions">
          <Button size="small" icon={<BarChartOutlined />} aria-label={t("forms.home.results", { title: f.title })} onClick={() => void navigate(`/v3/forms/${f.id}/results`)} />
          {canManage && <Button size="small" icon={<EditOutlined />} aria-label={t("forms.home.edit", { title: f.title })} onClick={() => void navigate(`/v3/forms/builder/${f.id}`)} />}
          {canManage && (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t("forms.home.remove", { title: f.title })}
              onClick={() => Modal.confirm({ title: t("forms.home.confirmDelete", { title: f.title }), okButtonProps: { danger: true }, onOk: () => remove.mutateAsync(f.id) })}
            />
          )}
        </span>
      ),
    },
  ];

  let list: ReactNode;
  if (templates.isPending) list = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  else if (templates.isError)
    list = (
      <Result
        status="warning"
        title={t("forms.home.loadError") + (isApiError(templates.error) ? templates.error.message : t("forms.home.unknownError"))}
        extra={
          <Button type="primary" onClick={() => void templates.refetch()} loading={templates.isFetching}>
            {t("forms.home.retry")}
          </Button>
        }
        data-testid="forms-error"
      />
    );
  else if (templates.data.length === 0) list = <Empty description={t("forms.home.empty")} data-testid="forms-empty" />;
  else list = <Table<FormTemplate> rowKey="id" size="middle" columns={columns} dataSource={templates.data} pagination={{ pageSize: 20, hideOnSinglePage: true }} onRow={(f) => ({ "data-testid": "form-row", "data-title": f.title }) as object} />;

  return (
    <div className="page screen forms-page" data-testid="forms-home">
      <header className="screen-header">
        <div>
          <Typography.Title level={1} className="screen-title">
            {t("forms.home.title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("forms.home.subtitle")}</Typography.Text>
        </div>
      </header>
      <div className="forms-welcome">
        <Card className="forms-welcome-card">
          <FormOutlined className="forms-welcome-icon" aria-hidden />
          <Typography.Title level={2} className="forms-welcome-title">
            {t("forms.home.create")}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t("forms.home.createHint")}</Typography.Paragraph>
          {canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate("/v3/forms/builder/new")} data-testid="forms-create">
              {t("forms.home.create")}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t("forms.home.readOnly")}</Typography.Text>
          )}
        </Card>
        <Card className="forms-welcome-card">
          <UnorderedListOutlined className="forms-welcome-icon" aria-hidden />
          <Typography.Title level={2} className="forms-welcome-title">
            {t("forms.home.manage")}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t("forms.home.manageHint")}</Typography.Paragraph>
          <Button onClick={() => document.getElementById("forms-search")?.focus()}>{t("forms.home.manage")}</Button>
        </Card>
      </div>
      <section className="screen-card" aria-label={t("forms.home.manage")}>
        <div className="screen-toolbar forms-toolbar">
          <Input.Search id="forms-search" allowClear={clearable} placeholder={t("forms.home.search")} aria-label={t("forms.home.search")} onSearch={(v) => setQ(v.trim())} onChange={(e) => e.target.value === "" && setQ("")} data-testid="forms-search" />
        </div>
        {list}
      </section>
      {canManage && <WorkflowsCard companyId={companyId} />}
    </div>
  );
}
