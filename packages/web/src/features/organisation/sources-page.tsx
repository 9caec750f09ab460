import { useState, type HTMLAttributes, type ReactNode } from "react";
import { Form, Input, Table, type TableColumnsType } from "antd";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ORGANISATION_NAME_MAX, sourceBodySchema, type Source } from "@atalaya/shared";
import { canManageAnswers } from "../answers";
import { useSettings } from "../settings";
import { fetchSources, organisationKeys, saveSource } from "./organisation-api";
import { OrganisationPage } from "./organisation-page";
import { RecordActions, useDeleteRecord } from "./record-actions";
import { RecordDrawer } from "./record-drawer";

const rowProps = (source: Source): HTMLAttributes<HTMLElement> => ({ "data-testid": "source-row", "data-name": source.name }) as HTMLAttributes<HTMLElement>;

/** `/v3/sources`: where the organisation's reports come from; company admins add, rename and delete them. */
export function SourcesPage(): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const canManage = canManageAnswers(settings);
  const [editing, setEditing] = useState<Source | null | undefined>(undefined);
  const sources = useQuery({ queryKey: organisationKeys.all("sources", companyId), queryFn: ({ signal }) => fetchSources(companyId, signal) });
  const confirmDelete = useDeleteRecord(companyId, "sources", { confirm: t("organisation.sources.deleteText"), error: t("organisation.sources.deleteError") });
  const [form] = Form.useForm<{ name: string }>();

  const columns: TableColumnsType<Source> = [{ key: "name", title: t("organisation.common.name"), render: (_, s) => <span className="org-name">{s.name}</span> }];
  if (canManage)
    columns.push({ key: "actions", width: 96, align: "right", render: (_, s) => <RecordActions name={s.name} onEdit={() => setEditing(s)} onDelete={() => confirmDelete(s)} /> });

  return (
    <OrganisationPage
      testId="sources"
      title={t("organisation.sources.title")}
      subtitle={t("organisation.sources.subtitle")}
      createLabel={t("organisation.sources.create")}
      onCreate={canManage ? () => setEditing(null) : undefined}
      readOnlyNote={t("organisation.common.readOnly")}
      query={sources}
      loadErrorText={t("organisation.sources.loadError")}
      isEmpty={(sources.data ?? []).length === 0}
      emptyText={t("organisation.sources.empty")}
      drawer={canManage && (
        <RecordDrawer
          key={editing?.id ?? "new"}
          companyId={companyId}
          resource="sources"
          open={editing !== undefined}
          title={editing ? t("organisation.sources.editTitle") : t("organisation.sources.createTitle")}
          form={form}
          initialValues={{ name: editing?.name ?? "" }}
          schema={sourceBodySchema}
          save={(body) => saveSource(companyId, editing?.id ?? null, body)}
          failureText={t("organisation.sources.saveError")}
          onClose={() => setEditing(undefined)}
          testId="source-drawer"
        >
          <Form.Item name="name" label={t("organisation.common.name")}>
            <Input placeholder={t("organisation.sources.namePlaceholder")} maxLength={ORGANISATION_NAME_MAX} data-testid="source-name" />
          </Form.Item>
        </RecordDrawer>
      )}
    >
      <Table<Source> rowKey="id" size="middle" columns={columns} dataSource={sources.data} onRow={rowProps} pagination={false} />
    </OrganisationPage>
  );
}
