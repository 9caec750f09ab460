import { useMemo, type ReactNode } from "react";
import { Empty, Select, Skeleton, Table, Typography, type TableColumnsType } from "antd";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { localizedName, reportTypeById, type FormTemplate } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { companySettingsKeys, fetchCompanySettings } from "../settings";
import { fetchTemplates, fetchWorkflows, formKeys, saveWorkflow } from "./forms-api";

interface Row {
  typeId: number;
  name: string;
  templateId: number | null;
}

/** Company admins: per report type the company attends, the form its reports follow (SPEC §3
 * workflow: the report detail's "Formulario" tab shows it). */
export function WorkflowsCard({ companyId }: { companyId: number }): ReactNode {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: companySettingsKeys.settings(companyId), queryFn: ({ signal }) => fetchCompanySettings(companyId, signal) });
  const workflows = useQuery({ queryKey: formKeys.workflows(companyId), queryFn: ({ signal }) => fetchWorkflows(companyId, signal) });
  const templates = useQuery({ queryKey: formKeys.templates(companyId, ""), queryFn: ({ signal }) => fetchTemplates(companyId, "", signal) });
  const save = useMutation({
    mutationFn: ({ typeId, templateId }: { typeId: number; templateId: number | null }) => saveWorkflow(companyId, typeId, templateId),
    onSuccess: (next) => {
      client.setQueryData(formKeys.workflows(companyId), next);
      // Open report details read the type's workflow with the report.
      void client.invalidateQueries({ queryKey: ["reports", "detail", companyId] });
      toast.success(t("forms.workflows.saved"));
    },
    onError: (e) => toast.error(isApiError(e) ? e.message : t("errors.generalError")),
  });
  const rows = useMemo<Row[]>(() => {
    const chosen = new Map((workflows.data ?? []).map((w) => [w.typeId, w.templateId]));
    return (settings.data?.reportTypes ?? [])
      .filter((r) => r.active)
      .map((r) => {
        const type = reportTypeById(r.typeId);
        return { typeId: r.typeId, name: type ? localizedName(type.nameLocalized, i18n.language) : `#${r.typeId}`, templateId: chosen.get(r.typeId) ?? null };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [settings.data, workflows.data, i18n.language]);
  const options = (templates.data ?? []).map((f: FormTemplate) => ({ value: f.id, label: f.title }));

  const columns: TableColumnsType<Row> = [
    { key: "type", title: t("forms.workflows.type"), render: (_, r) => r.name },
    {
      key: "form",
      title: t("forms.workflows.form"),
      render: (_, r) => (
        <Select<number | null>
          aria-label={t("forms.workflows.formFor", { type: r.name })}
          className="forms-workflow-select"
          value={r.templateId}
          options={[{ value: null as unknown as number, label: t("forms.workflows.none") }, ...options]}
          onChange={(templateId) => save.mutate({ typeId: r.typeId, templateId: templateId ?? null })}
          data-testid={`workflow-${r.typeId}`}
        />
      ),
    },
  ];
  let body: ReactNode;
  if (settings.isPending || workflows.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (rows.length === 0) body = <Empty description={t("forms.workflows.empty")} />;
  else body = <Table<Row> rowKey="typeId" size="small" columns={columns} dataSource={rows} pagination={{ pageSize: 10, hideOnSinglePage: true }} />;
  return (
    <section className="screen-card forms-workflows" aria-labelledby="forms-workflows-title" data-testid="forms-workflows">
      <Typography.Title level={2} id="forms-workflows-title" className="forms-welcome-title">
        {t("forms.workflows.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("forms.workflows.hint")}</Typography.Paragraph>
      {body}
    </section>
  );
}
