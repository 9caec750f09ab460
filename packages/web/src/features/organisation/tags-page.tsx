import { useDeferredValue, useState, type HTMLAttributes, type ReactNode } from "react";
import { Form, Input, Select, Table, Tag as AntTag, type TableColumnsType } from "antd";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ORGANISATION_NAME_MAX, TAG_LANGUAGES, TAG_PAGE_SIZE, TAG_TRANSLATION_MAX, tagBodySchema, type Tag, type TagLanguage } from "@atalaya/shared";
import { canManageAnswers } from "../answers";
import { useSettings } from "../settings";
import { ColorField, Swatch } from "./color-field";
import { fetchTagPage, organisationKeys, saveTag } from "./organisation-api";
import { OrganisationPage } from "./organisation-page";
import { RecordActions, useDeleteRecord } from "./record-actions";
import { RecordDrawer } from "./record-drawer";
import { useClearable } from "../../components/use-clearable";

interface TagValues {
  name: string;
  color: string;
  lang: TagLanguage;
  translations: Partial<Record<TagLanguage, string>>;
}

const rowProps = (tag: Tag): HTMLAttributes<HTMLElement> => ({ "data-testid": "tag-row", "data-name": tag.name }) as HTMLAttributes<HTMLElement>;

/** `/v3/tags`: the organisation's tags, a page at a time with a name search. Only company admins create,
 * edit and delete them (SPEC §6); everyone else reads and is told to contact the administrator. */
export function TagsPage(): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const canManage = canManageAnswers(settings);
  const [editing, setEditing] = useState<Tag | null | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const tags = useQuery({
    queryKey: organisationKeys.tagPage(companyId, page, q),
    queryFn: ({ signal }) => fetchTagPage(companyId, page, TAG_PAGE_SIZE, q, signal),
    placeholderData: keepPreviousData,
  });
  const confirmDelete = useDeleteRecord(companyId, "tags", { confirm: t("organisation.tags.deleteText"), error: t("organisation.tags.deleteError") });

  const columns: TableColumnsType<Tag> = [
    {
      key: "name",
      title: t("organisation.common.name"),
      render: (_, tag) => (
        <span className="org-name">
          <Swatch color={tag.color} />
          {tag.name}
        </span>
      ),
    },
    { key: "lang", title: t("organisation.tags.lang"), width: 120, render: (_, tag) => t(`organisation.tags.langs.${tag.lang as TagLanguage}`, { defaultValue: tag.lang }) },
    {
      key: "translations",
      title: t("organisation.tags.translations"),
      responsive: ["md"],
      render: (_, tag) => (
        <div className="org-chips">
          {Object.entries(tag.translations).map(([lang, text]) => (
            <AntTag key={lang}>
              {lang}: {text}
            </AntTag>
          ))}
        </div>
      ),
    },
  ];
  if (canManage)
    columns.push({ key: "actions", width: 96, align: "right", render: (_, tag) => <RecordActions name={tag.name} onEdit={() => setEditing(tag)} onDelete={() => confirmDelete(tag)} /> });

  const total = tags.data?.total ?? 0;
  return (
    <OrganisationPage
      testId="tags"
      title={t("organisation.tags.title")}
      subtitle={t("organisation.tags.subtitle")}
      createLabel={t("organisation.tags.create")}
      onCreate={canManage ? () => setEditing(null) : undefined}
      readOnlyNote={t("organisation.tags.contactAdmin")}
      query={tags}
      loadErrorText={t("organisation.common.loadError")}
      isEmpty={total === 0 && !q}
      emptyText={t("organisation.tags.empty")}
      toolbar={
        <>
          <span className="screen-muted" data-testid="tags-count">
            {t("organisation.common.count", { count: total })}
          </span>
          <Input.Search
            allowClear={clearable}
            className="org-search"
            placeholder={t("organisation.common.search")}
            aria-label={t("organisation.common.search")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </>
      }
      drawer={canManage && <TagDrawer companyId={companyId} editing={editing} onClose={() => setEditing(undefined)} />}
    >
      <Table<Tag>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tags.data?.tags}
        onRow={rowProps}
        loading={tags.isFetching ? { delay: 300 } : false}
        pagination={{ current: page, pageSize: TAG_PAGE_SIZE, total, showSizeChanger: false, hideOnSinglePage: true, onChange: setPage }}
      />
    </OrganisationPage>
  );
}

function TagDrawer({ companyId, editing, onClose }: { companyId: number; editing: Tag | null | undefined; onClose: () => void }): ReactNode {
  const { t } = useTranslation();
  const [form] = Form.useForm<TagValues>();
  return (
    <RecordDrawer
      key={editing?.id ?? "new"}
      companyId={companyId}
      resource="tags"
      open={editing !== undefined}
      title={editing ? t("organisation.tags.editTitle") : t("organisation.tags.createTitle")}
      form={form}
      initialValues={{
        name: editing?.name ?? "",
        color: editing?.color ?? "#f54286",
        lang: (editing?.lang as TagLanguage | undefined) ?? "es",
        translations: (editing?.translations as TagValues["translations"] | undefined) ?? {},
      }}
      schema={tagBodySchema}
      save={(body) => saveTag(companyId, editing?.id ?? null, body)}
      failureText={editing ? t("organisation.tags.updateError") : t("organisation.tags.createError")}
      onClose={onClose}
      testId="tag-drawer"
    >
      <Form.Item name="name" label={t("organisation.common.name")}>
        <Input placeholder={t("organisation.tags.namePlaceholder")} maxLength={ORGANISATION_NAME_MAX} data-testid="tag-name" />
      </Form.Item>
      <ColorField testId="tag-color" />
      <Form.Item name="lang" label={t("organisation.tags.lang")}>
        <Select options={TAG_LANGUAGES.map((lang) => ({ value: lang, label: t(`organisation.tags.langs.${lang}`) }))} data-testid="tag-lang" />
      </Form.Item>
      <fieldset className="org-fieldset">
        <legend className="org-fieldset__legend">{t("organisation.tags.translations")}</legend>
        <div className="org-translations">
        {TAG_LANGUAGES.map((lang) => (
          <Form.Item key={lang} name={["translations", lang]} label={t("organisation.tags.translation", { lang: t(`organisation.tags.langs.${lang}`) })}>
            <Input maxLength={TAG_TRANSLATION_MAX} data-testid={`tag-translation-${lang}`} />
          </Form.Item>
        ))}
        </div>
      </fieldset>
    </RecordDrawer>
  );
}
