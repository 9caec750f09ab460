import { useState, type HTMLAttributes, type ReactNode } from "react";
import { Button, Form, Input, Table, Tag, type TableColumnsType } from "antd";
import { MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ORGANISATION_NAME_MAX, selectorBodySchema, type Selector } from "@atalaya/shared";
import { canManageAnswers } from "../answers";
import { useSettings } from "../settings";
import { fetchSelectors, organisationKeys, saveSelector } from "./organisation-api";
import { OrganisationPage } from "./organisation-page";
import { RecordActions, useDeleteRecord } from "./record-actions";
import { RecordDrawer } from "./record-drawer";

interface SelectorValues {
  name: string;
  group: string;
  items: { name: string }[];
}

const rowProps = (s: Selector): HTMLAttributes<HTMLElement> => ({ "data-testid": "selector-row", "data-name": s.name }) as HTMLAttributes<HTMLElement>;

/** `/v3/form-selectors`: lists of options the forms pick from (name, group, items with unique names);
 * company admins create, edit and delete them. */
export function SelectorsPage(): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const canManage = canManageAnswers(settings);
  const [editing, setEditing] = useState<Selector | null | undefined>(undefined);
  const selectors = useQuery({ queryKey: organisationKeys.all("selectors", companyId), queryFn: ({ signal }) => fetchSelectors(companyId, signal) });
  const confirmDelete = useDeleteRecord(companyId, "selectors", { confirm: t("organisation.selectors.deleteText"), error: t("organisation.selectors.deleteError") });

  const columns: TableColumnsType<Selector> = [
    { key: "name", title: t("organisation.common.name"), render: (_, s) => <span className="org-name">{s.name}</span> },
    { key: "group", title: t("organisation.selectors.group"), responsive: ["sm"], render: (_, s) => s.group ?? <span className="screen-muted">{t("organisation.selectors.noGroup")}</span> },
    {
      key: "items",
      title: t("organisation.selectors.items"),
      render: (_, s) => (
        <div className="org-chips" role="group" aria-label={t("organisation.selectors.itemCount", { count: s.items.length })}>
          {s.items.map((item) => (
            <Tag key={item.name}>{item.name}</Tag>
          ))}
        </div>
      ),
    },
  ];
  if (canManage)
    columns.push({ key: "actions", width: 96, align: "right", render: (_, s) => <RecordActions name={s.name} onEdit={() => setEditing(s)} onDelete={() => confirmDelete(s)} /> });

  return (
    <OrganisationPage
      testId="selectors"
      title={t("organisation.selectors.title")}
      subtitle={t("organisation.selectors.subtitle")}
      createLabel={t("organisation.selectors.create")}
      onCreate={canManage ? () => setEditing(null) : undefined}
      readOnlyNote={t("organisation.common.readOnly")}
      query={selectors}
      loadErrorText={t("organisation.common.loadError")}
      isEmpty={(selectors.data ?? []).length === 0}
      emptyText={t("organisation.selectors.empty")}
      drawer={canManage && <SelectorDrawer companyId={companyId} editing={editing} onClose={() => setEditing(undefined)} />}
    >
      <Table<Selector> rowKey="id" size="middle" columns={columns} dataSource={selectors.data} onRow={rowProps} pagination={false} />
    </OrganisationPage>
  );
}

function SelectorDrawer({ companyId, editing, onClose }: { companyId: number; editing: Selector | null | undefined; onClose: () => void }): ReactNode {
  const { t } = useTranslation();
  const [form] = Form.useForm<SelectorValues>();
  return (
    <RecordDrawer
      key={editing?.id ?? "new"}
      companyId={companyId}
      resource="selectors"
      open={editing !== undefined}
      title={editing ? t("organisation.selectors.editTitle") : t("organisation.selectors.createTitle")}
      form={form}
      initialValues={{ name: editing?.name ?? "", group: editing?.group ?? "", items: editing?.items ?? [{ name: "" }] }}
      schema={selectorBodySchema}
      save={(body) => saveSelector(companyId, editing?.id ?? null, body)}
      failureText={t("organisation.selectors.saveError")}
      onClose={onClose}
      testId="selector-drawer"
    >
      <Form.Item name="name" label={t("organisation.common.name")}>
        <Input placeholder={t("organisation.selectors.namePlaceholder")} maxLength={ORGANISATION_NAME_MAX} data-testid="selector-name" />
      </Form.Item>
      <Form.Item name="group" label={t("organisation.selectors.group")}>
        <Input placeholder={t("organisation.selectors.groupPlaceholder")} maxLength={ORGANISATION_NAME_MAX} data-testid="selector-group" />
      </Form.Item>
      <Form.List name="items">
        {(fields, { add, remove }, { errors }) => (
          <fieldset className="org-fieldset">
            <legend className="org-fieldset__legend">{t("organisation.selectors.items")}</legend>
            {fields.map((field, index) => (
              <div className="org-items__row" key={field.key}>
                <Form.Item name={[field.name, "name"]} aria-label={t("organisation.selectors.item", { n: index + 1 })}>
                  <Input placeholder={t("organisation.selectors.item", { n: index + 1 })} aria-label={t("organisation.selectors.item", { n: index + 1 })} maxLength={120} data-testid="selector-item" />
                </Form.Item>
                <Button type="text" icon={<MinusCircleOutlined />} aria-label={t("organisation.selectors.removeItem", { n: index + 1 })} onClick={() => remove(field.name)} disabled={fields.length === 1} />
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: "" })} block data-testid="selector-add-item">
              {t("organisation.selectors.addItem")}
            </Button>
          </fieldset>
        )}
      </Form.List>
    </RecordDrawer>
  );
}
