import { useMemo, useState, type ReactNode } from "react";
import { Alert, Button, Dropdown, Input, Result, Select, Skeleton, Space, Tabs, Typography } from "antd";
import { ArrowLeftOutlined, PlusOutlined, SaveOutlined, SettingOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { FORM_COMPONENT_TYPES, FORM_TITLE_MAX, REPORT_TYPES, formTemplateBodySchema, localizedName, walkComponents, type FormComponent, type FormTemplate, type FormTemplateBody } from "@atalaya/shared";
import { useToast } from "../../../lib/use-toast";
import { isApiError } from "../../../lib/api";
import { useSettings } from "../../settings";
import { FormRenderer } from "../form-renderer";
import { fetchCategories, fetchSelectorItems, fetchSelectorNames, fetchTemplate, formKeys, saveTemplate } from "../forms-api";
import { CategoriesModal } from "./categories-modal";
import { ComponentEditor } from "./component-editor";
import { ComponentList } from "./component-list";
import { JsonView } from "./json-view";
import { LinksCard } from "./links-card";
import { componentAt, duplicateAt, insertAt, moveInto, moveOut, moveWithin, newComponent, problemsByComponent, removeAt, updateAt } from "./tree";
import "../forms.css";
import { useClearable } from "../../../components/use-clearable";

interface Draft {
  title: string;
  category: number | null;
  subcategory: number | null;
  reportType: number | null;
  components: FormComponent[];
}

const EMPTY: Draft = { title: "", category: null, subcategory: null, reportType: null, components: [] };
const draftOf = (t: FormTemplate): Draft => ({ title: t.title, category: t.category, subcategory: t.subcategory, reportType: t.reportType, components: t.components });

/** `/v3/forms/builder/{id}` (`new` for a new one): configuration panel, component list (add, reorder by
 * drag or keyboard, nest in sections, duplicate, delete), component editor, live preview with the
 * renderer, JSON view; the shared schema's problems shown on each component as they are made. */
export function FormBuilderPage(): ReactNode {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = param === "new" || param === undefined ? null : Number(param);
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const template = useQuery({ queryKey: formKeys.template(companyId, id ?? 0), queryFn: ({ signal }) => fetchTemplate(companyId, id!, signal), enabled: id !== null && Number.isInteger(id) });
  if (id !== null && !Number.isInteger(id)) return <Result status="404" />;
  if (id !== null && template.isPending) return <Skeleton active className="page" />;
  if (id !== null && template.isError)
    return (
      <Result
        status="warning"
        title={t("forms.builder.loadError") + (isApiError(template.error) ? template.error.message : t("forms.home.unknownError"))}
        extra={
          <Button type="primary" onClick={() => void template.refetch()}>
            {t("forms.home.retry")}
          </Button>
        }
      />
    );
  return <Builder key={id ?? "new"} companyId={companyId} saved={template.data ?? null} />;
}

function Builder({ companyId, saved }: { companyId: number; saved: FormTemplate | null }): ReactNode {
  const { t, i18n } = useTranslation();
  const clearable = useClearable();
  const { settings } = useSettings();
  const center = settings.company.bound;
  const toast = useToast();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => (saved ? draftOf(saved) : EMPTY));
  const [selected, setSelected] = useState<number[] | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const categories = useQuery({ queryKey: formKeys.categories(companyId), queryFn: ({ signal }) => fetchCategories(companyId, signal) });
  const selectorNames = useQuery({ queryKey: [...formKeys.selectors(companyId), "names"], queryFn: ({ signal }) => fetchSelectorNames(companyId, signal) });
  const selectorItems = useQuery({ queryKey: formKeys.selectors(companyId), queryFn: ({ signal }) => fetchSelectorItems(companyId, signal) });
  const lang = i18n.resolvedLanguage ?? i18n.language;

  const parsed = useMemo(() => formTemplateBodySchema.safeParse(draft), [draft]);
  const issues = useMemo(() => (parsed.success ? [] : parsed.error.issues), [parsed]);
  const byComponent = useMemo(() => problemsByComponent(issues), [issues]);
  const topProblems = issues.filter((i) => i.path[0] !== "components" || i.path.length === 1);
  const current = selected ? componentAt(draft.components, selected) : undefined;

  const setComponents = (components: FormComponent[]) => setDraft((d) => ({ ...d, components }));
  const add = (type: (typeof FORM_COMPONENT_TYPES)[number]) => {
    const c = newComponent(draft.components, type, t(`forms.types.${type}`));
    // Into the selected section, else after the top level.
    const target = current?.type === "section" ? selected! : [];
    const siblings = target.length ? (current?.children ?? []) : draft.components;
    setComponents(insertAt(draft.components, target, siblings.length, c));
    setSelected([...target, siblings.length]);
  };

  const save = useMutation({
    mutationFn: (body: FormTemplateBody) => saveTemplate(companyId, saved?.id ?? null, body),
    onSuccess: (tpl) => {
      setServerError(null);
      toast.success(t("forms.builder.saved", { version: tpl.version }));
      void client.invalidateQueries({ queryKey: ["forms"] });
      client.setQueryData(formKeys.template(companyId, tpl.id), tpl);
      if (!saved) void navigate(`/v3/forms/builder/${tpl.id}`, { replace: true });
    },
    onError: (err) => {
      const detail = isApiError(err) ? [err.message, ...err.fields.map((f) => `${f.field}: ${f.message ?? f.code}`)].join(" · ") : String(err);
      setServerError(t("forms.builder.createError") + detail);
    },
  });
  const submit = () => {
    setTried(true);
    if (!parsed.success) return;
    save.mutate(draft as FormTemplateBody);
  };

  const sections = walkComponents(draft.components)
    .filter((l) => l.component.type === "section")
    .map((l) => ({ path: l.path.filter((p): p is number => typeof p === "number"), name: l.component.label || l.component.fieldKey }))
    .filter((s) => !selected || (s.path.join(".") !== selected.join(".") && !s.path.join(".").startsWith(`${selected.join(".")}.`)));
  const topCategories = (categories.data ?? []).filter((c) => c.parentId === null);
  const subcategories = (categories.data ?? []).filter((c) => c.parentId !== null && c.parentId === draft.category);
  const reportTypes = REPORT_TYPES.filter((rt) => rt.active).map((rt) => ({ value: rt.id, label: localizedName(rt.nameLocalized, lang) }));

  return (
    <div className="page screen builder-page" data-testid="form-builder">
      <header className="screen-header builder-header">
        <div>
          <Link to="/v3/forms" className="builder-back">
            <ArrowLeftOutlined aria-hidden /> {t("forms.builder.back")}
          </Link>
          <Typography.Title level={1} className="screen-title">
            {saved ? t("forms.builder.editTitle") : t("forms.builder.newTitle")}
          </Typography.Title>
        </div>
        <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={submit} data-testid="builder-save">
          {t("common.save")}
        </Button>
      </header>
      {saved && saved.submissions > 0 && <Alert type="info" showIcon title={t("forms.builder.versionNote", { next: saved.version + 1 })} className="builder-alert" />}
      {tried && !parsed.success && <Alert type="error" showIcon role="alert" title={t("forms.builder.saveInvalid")} className="builder-alert" data-testid="builder-invalid" />}
      {serverError && <Alert type="error" showIcon role="alert" title={serverError} className="builder-alert" data-testid="builder-server-error" />}
      <div className="builder-grid">
        <div className="builder-col">
          <section className="builder-card" aria-labelledby="builder-config-title">
            <h2 id="builder-config-title" className="builder-card-title">
              {t("forms.builder.configuration")}
            </h2>
            <div className="builder-editor-field">
              <label htmlFor="builder-title" className="builder-editor-label">
                {t("forms.builder.formTitle")}
              </label>
              <Input id="builder-title" maxLength={FORM_TITLE_MAX} value={draft.title} status={tried && topProblems.some((p) => p.path[0] === "title") ? "error" : undefined} onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))} data-testid="builder-title" />
              {tried && topProblems.filter((p) => p.path[0] === "title").map((p) => (
                <div key="title" className="form-field-error" role="alert">
                  {t(`forms.rules.${p.message}`, { defaultValue: p.message })}
                </div>
              ))}
            </div>
            <div className="builder-editor-field">
              <label htmlFor="builder-category" className="builder-editor-label">
                {t("forms.builder.category")}
              </label>
              <Space.Compact block>
                <Select id="builder-category" allowClear={clearable} className="builder-grow" value={draft.category} onChange={(v) => setDraft((d) => ({ ...d, category: v ?? null, subcategory: null }))} options={topCategories.map((c) => ({ value: c.id, label: c.name }))} data-testid="builder-category" />
                <Button icon={<SettingOutlined />} aria-label={t("forms.categories.manage")} onClick={() => setCategoriesOpen(true)} data-testid="builder-categories" />
              </Space.Compact>
              {categories.isError && <div className="form-field-error" role="alert">{t("forms.categories.loadError")}</div>}
            </div>
            <div className="builder-editor-field">
              <label htmlFor="builder-subcategory" className="builder-editor-label">
                {t("forms.builder.subcategory")}
              </label>
              <Select id="builder-subcategory" allowClear={clearable} disabled={draft.category === null} value={draft.subcategory} onChange={(v) => setDraft((d) => ({ ...d, subcategory: v ?? null }))} options={subcategories.map((c) => ({ value: c.id, label: c.name }))} data-testid="builder-subcategory" />
            </div>
            <div className="builder-editor-field">
              <label htmlFor="builder-report-type" className="builder-editor-label">
                {t("forms.builder.reportType")}
              </label>
              <Select id="builder-report-type" allowClear={clearable} showSearch={{ optionFilterProp: "label" }} placeholder={t("forms.builder.noReportType")} value={draft.reportType} onChange={(v) => setDraft((d) => ({ ...d, reportType: v ?? null }))} options={reportTypes} data-testid="builder-report-type" />
            </div>
          </section>
          <section className="builder-card" aria-labelledby="builder-components-title">
            <div className="builder-card-head">
              <h2 id="builder-components-title" className="builder-card-title">
                {t("forms.builder.components")}
              </h2>
              <Dropdown menu={{ items: FORM_COMPONENT_TYPES.map((type) => ({ key: type, label: t(`forms.types.${type}`), "data-testid": `add-${type}` } as { key: string; label: string })), onClick: ({ key }) => add(key as (typeof FORM_COMPONENT_TYPES)[number]) }} trigger={["click"]}>
                <Button icon={<PlusOutlined />} data-testid="builder-add">
                  {t("forms.builder.add")}
                </Button>
              </Dropdown>
            </div>
            {draft.components.length === 0 ? (
              <Typography.Paragraph type="secondary">{t("forms.builder.noComponents")}</Typography.Paragraph>
            ) : (
              <ComponentList
                items={draft.components}
                parent={[]}
                selected={selected}
                problems={byComponent}
                onSelect={setSelected}
                onMove={(parent, from, to) => {
                  setComponents(moveWithin(draft.components, parent, from, to));
                  if (selected && selected.length === parent.length + 1 && selected.slice(0, -1).join(".") === parent.join(".") && selected[selected.length - 1] === from) setSelected([...parent, to]);
                }}
                onDuplicate={(path) => {
                  const r = duplicateAt(draft.components, path);
                  setComponents(r.tree);
                  setSelected(r.path);
                }}
                onRemove={(path) => {
                  setComponents(removeAt(draft.components, path));
                  setSelected(null);
                }}
              />
            )}
          </section>
          {saved && <LinksCard companyId={companyId} templateId={saved.id} />}
        </div>
        <div className="builder-col">
          <section className="builder-card" aria-labelledby="builder-editor-title">
            <h2 id="builder-editor-title" className="builder-card-title">
              {t("forms.builder.editor")}
              {current && <span className="builder-editor-type"> · {t(`forms.types.${current.type}`)}</span>}
            </h2>
            {current && selected ? (
              <ComponentEditor
                key={selected.join(".")}
                c={current}
                all={draft.components}
                sections={sections}
                inSection={selected.length > 1}
                selectors={selectorNames.data ?? []}
                problems={byComponent.get(selected.join(".")) ?? []}
                onChange={(c) => setComponents(updateAt(draft.components, selected, () => c))}
                onMoveInto={(section) => {
                  const r = moveInto(draft.components, selected, section);
                  setComponents(r.tree);
                  setSelected(r.path);
                }}
                onMoveOut={() => {
                  const r = moveOut(draft.components, selected);
                  setComponents(r.tree);
                  setSelected(r.path);
                }}
              />
            ) : (
              <Typography.Paragraph type="secondary">{t("forms.builder.selectHint")}</Typography.Paragraph>
            )}
          </section>
        </div>
        <div className="builder-col">
          <section className="builder-card" aria-label={t("forms.builder.preview")}>
            <Tabs
              items={[
                {
                  key: "preview",
                  label: t("forms.builder.preview"),
                  children: (
                    <div data-testid="builder-preview">
                      <h2 className="builder-preview-title">{draft.title || t("forms.builder.newTitle")}</h2>
                      <FormRenderer template={draft} mode="preview" selectors={selectorItems.data} mapCenter={center} timeZone={settings.company.timezone} />
                    </div>
                  ),
                },
                { key: "json", label: t("forms.builder.json"), children: <JsonView draft={draft as FormTemplateBody} onImport={(body) => setDraft({ ...EMPTY, ...(body as Partial<Draft>) })} /> },
              ]}
            />
          </section>
        </div>
      </div>
      <CategoriesModal companyId={companyId} open={categoriesOpen} categories={categories.data ?? []} onClose={() => setCategoriesOpen(false)} />
    </div>
  );
}
