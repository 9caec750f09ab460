import type { ReactNode } from "react";
import { Alert, Button, Checkbox, Input, InputNumber, Select, Space } from "antd";
import { MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { FIELD_KEY_MAX, FORM_IMAGES_MAX, FORM_MAX_LENGTH_MAX, FORM_ROWS_MAX, TEXT_SECTION_STYLES, walkComponents, type FormComponent, type FormOption } from "@atalaya/shared";
import { useClearable } from "../../../components/use-clearable";

interface EditorProps {
  c: FormComponent;
  /** Every component of the template (for dependent fields and bulk defaults). */
  all: readonly FormComponent[];
  /** The sections the component may move into. */
  sections: { path: number[]; name: string }[];
  inSection: boolean;
  selectors: { id: number; name: string }[];
  problems: { field: string; code: string }[];
  onChange: (c: FormComponent) => void;
  onMoveInto: (section: number[]) => void;
  onMoveOut: () => void;
}

const HAS_OPTIONS = new Set(["dropdown", "radio"]);
const HAS_PLACEHOLDER = new Set(["text", "numeric", "dropdown", "list"]);
const VALUE_TYPES = new Set(["text", "numeric", "dropdown", "list", "radio", "date", "images", "signature", "geolocation"]);

/** Edits one component: the SPEC §3 fields its type uses, each rule's problem shown on its field. */
export function ComponentEditor({ c, all, sections, inSection, selectors, problems, onChange, onMoveInto, onMoveOut }: EditorProps): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const set = (patch: Partial<FormComponent>) => {
    const next = { ...c, ...patch } as Record<string, unknown>;
    for (const [k, v] of Object.entries(patch)) if (v === undefined || v === "" || v === false) delete next[k];
    onChange(next as unknown as FormComponent);
  };
  const problemOf = (field: string) => problems.find((p) => p.field === field || p.field.startsWith(`${field}.`));
  const errorText = (field: string) => {
    const p = problemOf(field);
    return p ? t(`forms.rules.${p.code}`, { defaultValue: p.code }) : undefined;
  };
  const id = (f: string) => `ce-${f}`;
  const field = (f: string, label: string, control: ReactNode) => {
    const error = errorText(f);
    return (
      <div className="builder-editor-field">
        <label htmlFor={id(f)} className="builder-editor-label">
          {label}
        </label>
        {control}
        {error && (
          <div className="form-field-error" role="alert" id={`${id(f)}-error`} data-testid={`editor-error-${f}`}>
            {error}
          </div>
        )}
      </div>
    );
  };
  const check = (f: keyof FormComponent, label: string) => (
    <Checkbox checked={!!c[f]} onChange={(e) => set({ [f]: e.target.checked } as Partial<FormComponent>)} data-testid={`editor-${String(f)}`}>
      {label}
    </Checkbox>
  );
  const parents = walkComponents(all)
    .map((l) => l.component)
    .filter((p) => p !== c && p.fieldKey && (HAS_OPTIONS.has(p.type) || p.type === "list"));
  const parent = c.dependsOn ? all && walkComponents(all).find((l) => l.component.fieldKey === c.dependsOn)?.component : undefined;
  const isValue = VALUE_TYPES.has(c.type);

  return (
    <div className="builder-editor" data-testid="component-editor">
      {field(
        "label",
        t("forms.fields.label"),
        c.type === "textSection" ? (
          <Input.TextArea id={id("label")} rows={3} maxLength={500} value={c.label ?? ""} onChange={(e) => set({ label: e.target.value })} data-testid="editor-label" />
        ) : (
          <Input id={id("label")} maxLength={500} value={c.label ?? ""} onChange={(e) => set({ label: e.target.value })} data-testid="editor-label" />
        ),
      )}
      {field(
        "fieldKey",
        t("forms.fields.fieldKey"),
        <Input id={id("fieldKey")} maxLength={FIELD_KEY_MAX} status={problemOf("fieldKey") ? "error" : undefined} aria-invalid={!!problemOf("fieldKey") || undefined} aria-describedby={problemOf("fieldKey") ? `${id("fieldKey")}-error` : undefined} value={c.fieldKey} onChange={(e) => onChange({ ...c, fieldKey: e.target.value })} data-testid="editor-fieldKey" />,
      )}
      {c.type === "textSection" && field("style", t("forms.fields.style"), <Select id={id("style")} value={c.style ?? "normal"} onChange={(v) => set({ style: v })} options={TEXT_SECTION_STYLES.map((s) => ({ value: s, label: t(`forms.fields.styles.${s}`) }))} />)}
      {(isValue || c.type === "textSection") && field("helpText", t("forms.fields.helpText"), <Input.TextArea id={id("helpText")} rows={2} maxLength={2000} value={c.helpText ?? ""} onChange={(e) => set({ helpText: e.target.value })} />)}
      {HAS_PLACEHOLDER.has(c.type) && field("placeholder", t("forms.fields.placeholder"), <Input id={id("placeholder")} maxLength={200} value={c.placeholder ?? ""} onChange={(e) => set({ placeholder: e.target.value })} />)}
      {c.type === "text" && (
        <Space wrap>
          {field("rows", t("forms.fields.rows"), <InputNumber id={id("rows")} min={1} max={FORM_ROWS_MAX} precision={0} value={c.rows ?? null} onChange={(v) => set({ rows: v ?? undefined })} />)}
          {field("maxLength", t("forms.fields.maxLength"), <InputNumber id={id("maxLength")} min={1} max={FORM_MAX_LENGTH_MAX} precision={0} value={c.maxLength ?? null} onChange={(v) => set({ maxLength: v ?? undefined })} />)}
        </Space>
      )}
      {c.type === "text" && field("defaultValue", t("forms.fields.defaultValue"), <Input id={id("defaultValue")} maxLength={c.maxLength ?? 500} value={typeof c.defaultValue === "string" ? c.defaultValue : ""} onChange={(e) => set({ defaultValue: e.target.value || undefined })} />)}
      {c.type === "numeric" &&
        field(
          "numberKind",
          t("forms.fields.numberKind"),
          <Select id={id("numberKind")} value={c.numberKind ?? "decimal"} onChange={(v) => set({ numberKind: v })} options={[{ value: "integer", label: t("forms.fields.integer") }, { value: "decimal", label: t("forms.fields.decimal") }]} />,
        )}
      {c.type === "date" &&
        field(
          "dateKind",
          t("forms.fields.dateKind"),
          <Select id={id("dateKind")} value={c.dateKind ?? "date"} onChange={(v) => set({ dateKind: v })} options={[{ value: "date", label: t("forms.fields.dateOnly") }, { value: "datetime", label: t("forms.fields.dateTime") }]} />,
        )}
      {c.type === "images" && field("fileLimit", t("forms.fields.fileLimit"), <InputNumber id={id("fileLimit")} min={1} max={FORM_IMAGES_MAX} precision={0} value={c.fileLimit ?? null} onChange={(v) => set({ fileLimit: v ?? undefined })} />)}
      {c.type === "list" &&
        field(
          "selectorId",
          t("forms.fields.selector"),
          <Select id={id("selectorId")} status={problemOf("selectorId") ? "error" : undefined} value={c.selectorId} onChange={(v) => set({ selectorId: v })} options={selectors.map((s) => ({ value: s.id, label: s.name }))} data-testid="editor-selector" />,
        )}
      {(c.type === "dropdown" || c.type === "list") &&
        field(
          "dependsOn",
          t("forms.fields.dependsOn"),
          <Select
            id={id("dependsOn")}
            allowClear={clearable}
            placeholder={t("forms.fields.noParent")}
            value={c.dependsOn}
            onChange={(v) => set({ dependsOn: v })}
            options={parents.map((p) => ({ value: p.fieldKey, label: `${p.label || p.fieldKey} (${p.fieldKey})` }))}
            data-testid="editor-dependsOn"
          />,
        )}
      {c.dependsOn && <Alert type="warning" showIcon title={t("forms.fields.dependentWarning")} className="builder-editor-warning" />}
      {HAS_OPTIONS.has(c.type) && <OptionsEditor c={c} parent={parent} problems={problems} onChange={(options) => onChange({ ...c, options })} />}
      {c.type === "bulkDefault" && (
        field("defaultValue", t("forms.fields.bulkValue"), <Input id={id("defaultValue")} maxLength={200} value={typeof c.defaultValue === "string" ? c.defaultValue : ""} onChange={(e) => onChange({ ...c, defaultValue: e.target.value })} data-testid="editor-bulkValue" />)
      )}
      <div className="builder-editor-checks">
        {isValue && check("required", t("forms.fields.required"))}
        {(isValue || c.type === "bulkDefault") && check("disabled", t("forms.fields.disabled"))}
        {(c.type === "dropdown" || c.type === "list") && check("search", t("forms.fields.search"))}
        {(c.type === "dropdown" || c.type === "list") && check("ascendingSort", t("forms.fields.ascendingSort"))}
        {(c.type === "dropdown" || c.type === "list") && check("multiple", t("forms.fields.multiple"))}
        {isValue && check("fullScreenLabel", t("forms.fields.fullScreenLabel"))}
        {c.type === "geolocation" && check("previewAddress", t("forms.fields.previewAddress"))}
        {c.type === "geolocation" && check("changesReportLocation", t("forms.fields.changesReportLocation"))}
        {c.type === "date" && check("changesReportDate", t("forms.fields.changesReportDate"))}
        {isValue && c.type !== "images" && c.type !== "signature" && check("writesOptionalCode", t("forms.fields.writesOptionalCode"))}
        {isValue && c.type !== "images" && c.type !== "signature" && check("writesExtraInfo", t("forms.fields.writesExtraInfo"))}
        {c.type === "numeric" && check("enableRating", t("forms.fields.enableRating"))}
        {(HAS_OPTIONS.has(c.type) || c.type === "list" || c.type === "text" || c.type === "numeric") && check("advancedFilter", t("forms.fields.advancedFilter"))}
        {c.type === "section" && check("collapsed", t("forms.fields.collapsed"))}
      </div>
      <Space wrap className="builder-editor-moves">
        {sections.length > 0 && (
          <Select
            aria-label={t("forms.builder.moveInto")}
            placeholder={t("forms.builder.moveInto")}
            value={null}
            onChange={(v: string) => onMoveInto(v.split(".").map(Number))}
            options={sections.map((s) => ({ value: s.path.join("."), label: s.name }))}
            className="builder-move-select"
            data-testid="editor-move-into"
          />
        )}
        {inSection && <Button onClick={onMoveOut}>{t("forms.builder.moveOut")}</Button>}
      </Space>
    </div>
  );
}

function OptionsEditor({ c, parent, problems, onChange }: { c: FormComponent; parent: FormComponent | undefined; problems: { field: string; code: string }[]; onChange: (o: FormOption[]) => void }): ReactNode {
  const { t } = useTranslation();
  const options = c.options ?? [];
  const update = (i: number, patch: Partial<FormOption>) =>
    onChange(
      options.map((o, j) => {
        if (j !== i) return o;
        const next = { ...o, ...patch } as Record<string, unknown>;
        for (const [k, v] of Object.entries(patch)) if (v === undefined || v === false || (v === "" && k !== "label" && k !== "value")) delete next[k];
        return next as unknown as FormOption;
      }),
    );
  const problem = (i: number, f: string) => problems.find((p) => p.field === `options.${i}.${f}`);
  const slug = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return (
    <fieldset className="builder-options" data-testid="editor-options">
      <legend className="builder-editor-label">{t("forms.fields.options")}</legend>
      {problems.find((p) => p.field === "options") && (
        <div className="form-field-error" role="alert">
          {t(`forms.rules.${problems.find((p) => p.field === "options")!.code}`)}
        </div>
      )}
      {options.map((o, i) => (
        <div key={i} className="builder-option" data-testid="editor-option">
          <div className="builder-option-row">
            <Input aria-label={`${t("forms.fields.optionLabel")} ${i + 1}`} placeholder={t("forms.fields.optionLabel")} maxLength={200} value={o.label} onChange={(e) => update(i, { label: e.target.value, ...(o.value === slug(o.label) || !o.value ? { value: slug(e.target.value) || e.target.value } : {}) })} data-testid="option-label" />
            <Input aria-label={`${t("forms.fields.optionValue")} ${i + 1}`} placeholder={t("forms.fields.optionValue")} maxLength={200} value={o.value} status={problem(i, "value") ? "error" : undefined} onChange={(e) => update(i, { value: e.target.value })} data-testid="option-value" />
            <Button type="text" icon={<MinusCircleOutlined />} aria-label={t("forms.fields.removeOption", { n: i + 1 })} onClick={() => onChange(options.filter((_, j) => j !== i))} />
          </div>
          <div className="builder-option-row">
            {c.dependsOn && (
              <Select
                aria-label={`${t("forms.fields.parentValue")} ${i + 1}`}
                placeholder={t("forms.fields.parentValue")}
                status={problem(i, "parentValue") ? "error" : undefined}
                value={o.parentValue}
                onChange={(v) => update(i, { parentValue: v })}
                options={(parent?.options ?? []).map((p) => ({ value: p.value, label: p.label }))}
                className="builder-option-parent"
                data-testid="option-parent"
              />
            )}
            <InputNumber aria-label={`${t("forms.fields.percentage")} ${i + 1}`} placeholder="%" min={0} max={100} value={o.percentage ?? null} status={problem(i, "percentage") ? "error" : undefined} onChange={(v) => update(i, { percentage: v ?? undefined })} />
            <Checkbox checked={!!o.extraValue} onChange={(e) => update(i, { extraValue: e.target.checked })}>
              {t("forms.fields.extraValue")}
            </Checkbox>
            <Checkbox checked={!!o.triggerIssue} onChange={(e) => update(i, { triggerIssue: e.target.checked })}>
              {t("forms.fields.triggerIssue")}
            </Checkbox>
          </div>
          {o.extraValue && <Input aria-label={`${t("forms.fields.extraPlaceholder")} ${i + 1}`} placeholder={t("forms.fields.extraPlaceholder")} maxLength={200} value={o.extraPlaceholder ?? ""} onChange={(e) => update(i, { extraPlaceholder: e.target.value })} />}
          {["percentage", "value", "parentValue", "label"].map((f) => problem(i, f)).filter(Boolean).map((p) => (
            <div key={p!.field} className="form-field-error" role="alert">
              {t(`forms.rules.${p!.code}`, { defaultValue: p!.code })}
            </div>
          ))}
        </div>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} block onClick={() => onChange([...options, { label: `Opción ${options.length + 1}`, value: `opcion-${options.length + 1}` }])} data-testid="option-add">
        {t("forms.fields.addOption")}
      </Button>
    </fieldset>
  );
}
