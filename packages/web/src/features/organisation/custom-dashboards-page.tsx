import { useState, type HTMLAttributes, type ReactNode } from "react";
import { Button, Form, Input, Table, Tooltip, type TableColumnsType } from "antd";
import { EyeOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DASHBOARD_LINK_MAX, ORGANISATION_NAME_MAX, customDashboardBodySchema, type CustomDashboard } from "@atalaya/shared";
import { canManageAnswers } from "../answers";
import { useSettings } from "../settings";
import { fetchDashboards, organisationKeys, saveDashboard } from "./organisation-api";
import { OrganisationPage } from "./organisation-page";
import { RecordActions, useDeleteRecord } from "./record-actions";
import { RecordDrawer } from "./record-drawer";
import { customDashboardPath } from "./use-custom-dashboards";

const rowProps = (d: CustomDashboard): HTMLAttributes<HTMLElement> => ({ "data-testid": "dashboard-row", "data-name": d.name }) as HTMLAttributes<HTMLElement>;

/** `/v3/custom-dashboards`: the organisation's custom dashboards (name and link); company admins add,
 * edit and delete them; each one opens embedded and is a menu entry. */
export function CustomDashboardsPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const canManage = canManageAnswers(settings);
  const [editing, setEditing] = useState<CustomDashboard | null | undefined>(undefined);
  const dashboards = useQuery({ queryKey: organisationKeys.all("dashboards", companyId), queryFn: ({ signal }) => fetchDashboards(companyId, signal) });
  const confirmDelete = useDeleteRecord(companyId, "dashboards", { confirm: t("organisation.dashboards.deleteText"), error: t("organisation.dashboards.deleteError") });
  const [form] = Form.useForm<{ name: string; link: string }>();

  const columns: TableColumnsType<CustomDashboard> = [
    { key: "name", title: t("organisation.common.name"), render: (_, d) => <span className="org-name">{d.name}</span> },
    { key: "link", title: t("organisation.dashboards.link"), responsive: ["md"], render: (_, d) => <span className="org-link screen-muted">{d.link}</span> },
    {
      key: "actions",
      width: canManage ? 132 : 56,
      align: "right",
      render: (_, d) => (
        <span className="screen-actions">
          <Tooltip title={t("organisation.dashboards.open", { name: d.name })}>
            <Button type="text" icon={<EyeOutlined />} aria-label={t("organisation.dashboards.open", { name: d.name })} onClick={() => void navigate(customDashboardPath(d.id))} data-testid="dashboard-open" />
          </Tooltip>
          {canManage && <RecordActions name={d.name} onEdit={() => setEditing(d)} onDelete={() => confirmDelete(d)} />}
        </span>
      ),
    },
  ];

  return (
    <OrganisationPage
      testId="dashboards"
      title={t("organisation.dashboards.title")}
      subtitle={t("organisation.dashboards.subtitle")}
      createLabel={t("organisation.dashboards.create")}
      onCreate={canManage ? () => setEditing(null) : undefined}
      readOnlyNote={t("organisation.common.readOnly")}
      query={dashboards}
      loadErrorText={t("organisation.common.loadError")}
      isEmpty={(dashboards.data ?? []).length === 0}
      emptyText={t("organisation.dashboards.empty")}
      drawer={canManage && (
        <RecordDrawer
          key={editing?.id ?? "new"}
          companyId={companyId}
          resource="dashboards"
          open={editing !== undefined}
          title={editing ? t("organisation.dashboards.editTitle") : t("organisation.dashboards.createTitle")}
          form={form}
          initialValues={{ name: editing?.name ?? "", link: editing?.link ?? "" }}
          schema={customDashboardBodySchema}
          save={(body) => saveDashboard(companyId, editing?.id ?? null, body)}
          failureText={t("organisation.dashboards.addError")}
          onClose={() => setEditing(undefined)}
          testId="dashboard-drawer"
        >
          <Form.Item name="name" label={t("organisation.common.name")}>
            <Input placeholder={t("organisation.dashboards.namePlaceholder")} maxLength={ORGANISATION_NAME_MAX} data-testid="dashboard-name" />
          </Form.Item>
          <Form.Item name="link" label={t("organisation.dashboards.link")}>
            <Input type="url" inputMode="url" placeholder={t("organisation.dashboards.linkPlaceholder")} maxLength={DASHBOARD_LINK_MAX} data-testid="dashboard-link" />
          </Form.Item>
        </RecordDrawer>
      )}
    >
      <Table<CustomDashboard> rowKey="id" size="middle" columns={columns} dataSource={dashboards.data} onRow={rowProps} pagination={false} />
    </OrganisationPage>
  );
}
