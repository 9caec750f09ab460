import { Suspense, lazy, useMemo, useState, type ReactNode } from "react";
import { Alert, Button, Image, Input, InputNumber, Radio, Rate, Select, Space, Typography } from "antd";
import { DeleteOutlined, DownOutlined, EnvironmentOutlined, RightOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { optionsOf, walkComponents, type FormComponent, type FormTemplate, type FormsMessage, type GeoValue, type SelectorItems } from "@atalaya/shared";
import { useDateLocale } from "../../lib/dates";
import { useFileUrl } from "../files";
import { applyBulkDefault, dateText, initialValues, keptExtras, problemsOf, setValue, type Values } from "./form-values";
import { SignatureField } from "./signature-field";
import "./forms.css";
import { useClearable } from "../../components/use-clearable";

const GeoMap = lazy(async () => ({ default: (await import("./geo-map")).GeoMap }));

export type RendererMode = "fill" | "read" | "preview";

interface FormRendererProps {
  template: Pick<FormTemplate, "title" | "components">;
  mode: RendererMode;
  selectors?: SelectorItems | undefined;
  /** read mode: the submission's values and extras; fill mode: the values it starts from (a report's
   * latest submission). */
  values?: Values | undefined;
  extras?: Record<string, string> | undefined;
  /** fill mode: sends the values; a rejection keeps the form as it is. */
  onSubmit?: ((body: { values: Values; extras: Record<string, string> }) => Promise<void>) | undefined;
  /** Stores an image and answers its name (fill mode). */
  uploadImage?: ((file: File) => Promise<string>) | undefined;
  /** The address an image is read from (an API address is fetched with the session). */
  imageUrl?: ((name: string) => string) | undefined;
  /** Where geolocation maps start. */
  mapCenter?: { latitude: number; longitude: number } | undefined;
  timeZone?: string | undefined;
  submitLabel?: string | undefined;
  busy?: boolean | undefined;
  /** fill mode: field keys shown read-only (sections assigned to others); their problems are not the
   * filler's. */
  lockedKeys?: ReadonlySet<string> | undefined;
  /** fill mode: every field and the submit button disabled (a report not taken yet). */
  disabled?: boolean | undefined;
  /** fill mode: told once, when the filler first changes something. */
  onDirty?: (() => void) | undefined;
}

const NONE: ReadonlySet<string> = new Set();

interface FieldContext {
  mode: RendererMode;
  values: Values;
  extras: Record<string, string>;
  problems: Record<string, FormsMessage>;
  showProblems: boolean;
  selectors?: SelectorItems | undefined;
  set: (key: string, value: unknown) => void;
  setExtra: (key: string, value: string) => void;
  bulk: (section: FormComponent, value: string) => void;
  uploadImage?: ((file: File) => Promise<string>) | undefined;
  imageUrl?: ((name: string) => string) | undefined;
  mapCenter: { latitude: number; longitude: number };
  timeZone?: string | undefined;
  locked: ReadonlySet<string>;
  disabled: boolean;
}

const SANTIAGO = { latitude: -33.4489, longitude: -70.6693 };
const fieldId = (c: FormComponent) => `ff-${c.fieldKey}`;
const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** ISO date-time → the value of a datetime-local input (the browser's wall clock). */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The one renderer of a dynamic form (issue 16): the builder's live preview (`preview`: fillable, never
 * sent), filling it (`fill`: the report's form tab, the public fill link) and reading a submission
 * (`read`). Every SPEC §3 component type; values are checked with the shared rules the server applies.
 */
export function FormRenderer(props: FormRendererProps): ReactNode {
  const { t } = useTranslation();
  const { template, mode, selectors } = props;
  const [values, setValues] = useState<Values>(() => (mode === "read" ? (props.values ?? {}) : props.values ? { ...props.values } : initialValues(template.components)));
  const [extras, setExtras] = useState<Record<string, string>>(() => props.extras ?? {});
  const [tried, setTried] = useState(false);
  const shown = mode === "read" ? (props.values ?? {}) : values;
  const locked = props.lockedKeys ?? NONE;
  const problems = useMemo(() => {
    if (mode === "read") return {};
    const all = problemsOf(template.components, values, selectors);
    // What others fill is theirs to get right.
    return Object.fromEntries(Object.entries(all).filter(([key]) => !locked.has(key)));
  }, [mode, template.components, values, selectors, locked]);
  const { onDirty } = props;
  const changed = () => onDirty?.();

  const ctx: FieldContext = {
    mode,
    values: shown,
    extras: mode === "read" ? (props.extras ?? {}) : extras,
    problems,
    showProblems: tried,
    selectors,
    set: (key, value) => {
      changed();
      setValues((v) => setValue(template.components, v, key, value, selectors));
    },
    setExtra: (key, value) => {
      changed();
      setExtras((e) => ({ ...e, [key]: value }));
    },
    bulk: (section, value) => {
      changed();
      setValues((v) => applyBulkDefault(section, v, value));
    },
    uploadImage: props.uploadImage,
    imageUrl: props.imageUrl,
    mapCenter: props.mapCenter ?? SANTIAGO,
    timeZone: props.timeZone,
    locked,
    disabled: props.disabled === true,
  };
  const count = Object.keys(problems).length;

  const submit = async () => {
    setTried(true);
    if (count > 0 || !props.onSubmit || props.disabled) return;
    await props.onSubmit({ values, extras: keptExtras(template.components, values, extras) });
  };

  return (
    <div className={`form-renderer form-renderer-${mode}`} data-testid={`form-renderer-${mode}`}>
      {template.components.length === 0 && <Typography.Paragraph type="secondary">{t("forms.renderer.empty")}</Typography.Paragraph>}
      {template.components.map((c, i) => (
        <ComponentView key={`${i}-${c.fieldKey}`} c={c} ctx={ctx} />
      ))}
      {mode !== "read" && (
        <div className="form-renderer-actions">
          {tried && count > 0 && <Alert type="error" showIcon role="alert" title={t("forms.renderer.problems", { count })} />}
          {mode === "fill" && (
            <Button type="primary" loading={props.busy} disabled={props.disabled} onClick={() => void submit()} data-testid="form-submit">
              {props.submitLabel ?? t("forms.renderer.submit")}
            </Button>
          )}
          {mode === "preview" && (
            <Button onClick={() => setTried(true)} data-testid="form-preview-check">
              {t("forms.renderer.check")}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function ComponentView({ c: given, ctx }: { c: FormComponent; ctx: FieldContext }): ReactNode {
  const { t } = useTranslation();
  // A form not usable yet shows every field as its own disabled flag would.
  const c = ctx.disabled && !given.disabled ? { ...given, disabled: true } : given;
  const readOnly = ctx.mode === "read" || ctx.locked.has(c.fieldKey);
  if (c.type === "section") return <SectionView c={c} ctx={ctx} />;
  if (c.type === "textSection") return <TextSectionView c={c} />;
  // A bulk default is its section's button (SectionView).
  if (c.type === "bulkDefault") return null;
  const id = fieldId(c);
  const problem = ctx.showProblems ? ctx.problems[c.fieldKey] : undefined;
  const helpId = c.helpText ? `${id}-help` : undefined;
  const errorId = problem ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
  const label = c.label || c.fieldKey;
  const group = c.type === "radio" || c.type === "images" || c.type === "geolocation";
  return (
    <div className={`form-field${c.fullScreenLabel ? " form-field-wide-label" : ""}`} data-testid={`field-${c.fieldKey}`} data-type={c.type} role={group ? "group" : undefined} aria-labelledby={group ? `${id}-label` : undefined}>
      {group ? (
        <div id={`${id}-label`} className="form-field-label">
          {label}
          {c.required && <span className="form-required" aria-hidden="true"> *</span>}
        </div>
      ) : (
        <label htmlFor={id} id={`${id}-label`} className="form-field-label">
          {label}
          {c.required && <span className="form-required" aria-hidden="true"> *</span>}
        </label>
      )}
      {c.helpText && (
        <div id={helpId} className="form-field-help">
          {c.helpText}
        </div>
      )}
      {readOnly ? <ReadValue c={c} ctx={ctx} /> : <FieldInput c={c} ctx={ctx} id={id} describedBy={describedBy} invalid={!!problem} label={label} />}
      {problem && (
        <div id={errorId} className="form-field-error" role="alert">
          {t(`forms.rules.${problem}`)}
        </div>
      )}
    </div>
  );
}

function SectionView({ c, ctx }: { c: FormComponent; ctx: FieldContext }): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(!c.collapsed || ctx.mode === "read");
  const bulk = (c.children ?? []).filter((x) => x.type === "bulkDefault");
  const bodyId = `${fieldId(c)}-body`;
  return (
    <section className="form-section" data-testid={`section-${c.fieldKey}`} aria-labelledby={`${fieldId(c)}-title`}>
      <h3 className="form-section-title" id={`${fieldId(c)}-title`}>
        <button type="button" className="form-section-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
          {open ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />} {c.label || c.fieldKey}
        </button>
      </h3>
      <div id={bodyId} hidden={!open} className="form-section-body">
        {ctx.mode !== "read" &&
          bulk.map((b) =>
            typeof b.defaultValue === "string" ? (
              <Button key={b.fieldKey} size="small" disabled={b.disabled || ctx.disabled || ctx.locked.has(c.fieldKey)} onClick={() => ctx.bulk(c, b.defaultValue as string)} data-testid={`bulk-${b.fieldKey}`}>
                {b.label || t("forms.renderer.bulkDefault", { value: b.defaultValue })}
              </Button>
            ) : null,
          )}
        {(c.children ?? []).map((child, i) => (
          <ComponentView key={`${i}-${child.fieldKey}`} c={child} ctx={ctx} />
        ))}
      </div>
    </section>
  );
}

function TextSectionView({ c }: { c: FormComponent }): ReactNode {
  const text = c.label ?? "";
  switch (c.style) {
    case "title":
      return <h3 className="form-text-title">{text}</h3>;
    case "bold":
      return <p className="form-text-bold"><strong>{text}</strong></p>;
    case "info":
      return <Alert type="info" showIcon title={text} description={c.helpText} className="form-text-info" />;
    default:
      return <p className="form-text-normal">{text}</p>;
  }
}

interface InputProps {
  c: FormComponent;
  ctx: FieldContext;
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  label: string;
}

function FieldInput({ c, ctx, id, describedBy, invalid, label }: InputProps): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const v = ctx.values[c.fieldKey];
  const status = invalid ? ("error" as const) : undefined;
  const aria = { "aria-describedby": describedBy, "aria-invalid": invalid || undefined, "aria-required": c.required || undefined };
  switch (c.type) {
    case "text":
      return (c.rows ?? 1) > 1 ? (
        <Input.TextArea id={id} {...aria} rows={c.rows} maxLength={c.maxLength} placeholder={c.placeholder} disabled={c.disabled} status={status} value={(v as string) ?? ""} onChange={(e) => ctx.set(c.fieldKey, e.target.value)} />
      ) : (
        <Input id={id} {...aria} maxLength={c.maxLength} placeholder={c.placeholder} disabled={c.disabled} status={status} value={(v as string) ?? ""} onChange={(e) => ctx.set(c.fieldKey, e.target.value)} />
      );
    case "numeric":
      if (c.enableRating)
        return <Rate id={id} aria-label={label} disabled={c.disabled} value={(v as number) ?? 0} onChange={(n) => ctx.set(c.fieldKey, n || undefined)} />;
      return (
        <InputNumber
          id={id}
          {...aria}
          className="form-number"
          placeholder={c.placeholder}
          disabled={c.disabled}
          status={status}
          precision={c.numberKind === "integer" ? 0 : undefined}
          value={(v as number | undefined) ?? null}
          onChange={(n) => ctx.set(c.fieldKey, n ?? undefined)}
        />
      );
    case "dropdown":
    case "list": {
      const options = optionsOf(c, ctx.values, ctx.selectors).map((o) => ({ label: o.label, value: o.value }));
      if (c.ascendingSort) options.sort((a, b) => a.label.localeCompare(b.label));
      const parentMissing = c.dependsOn !== undefined && isEmpty(ctx.values[c.dependsOn]);
      return (
        <>
          <Select
            id={id}
            {...aria}
            className="form-select"
            mode={c.multiple ? "multiple" : undefined}
            showSearch={c.search ? { optionFilterProp: "label" } : false}
            allowClear={clearable}
            placeholder={parentMissing ? t("forms.renderer.chooseParentFirst") : (c.placeholder ?? t("forms.renderer.choose"))}
            disabled={c.disabled || parentMissing}
            status={status}
            options={options}
            value={(v as string | string[] | undefined) ?? (c.multiple ? [] : undefined)}
            onChange={(value) => ctx.set(c.fieldKey, value)}
            data-testid={`select-${c.fieldKey}`}
          />
          <ExtraInput c={c} ctx={ctx} />
        </>
      );
    }
    case "radio":
      return (
        <>
          <Radio.Group
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy}
            disabled={c.disabled}
            value={v as string | undefined}
            onChange={(e) => ctx.set(c.fieldKey, e.target.value)}
            options={(c.options ?? []).map((o) => ({ label: o.label, value: o.value }))}
          />
          <ExtraInput c={c} ctx={ctx} />
        </>
      );
    case "date":
      return c.dateKind === "datetime" ? (
        <Input
          id={id}
          {...aria}
          type="datetime-local"
          className="form-date"
          disabled={c.disabled}
          status={status}
          value={typeof v === "string" ? toLocalInput(v) : ""}
          onChange={(e) => ctx.set(c.fieldKey, e.target.value ? new Date(e.target.value).toISOString() : undefined)}
        />
      ) : (
        <Input id={id} {...aria} type="date" className="form-date" disabled={c.disabled} status={status} value={(v as string) ?? ""} onChange={(e) => ctx.set(c.fieldKey, e.target.value || undefined)} />
      );
    case "images":
      return <ImagesInput c={c} ctx={ctx} id={id} describedBy={describedBy} />;
    case "signature":
      return <SignatureField id={id} label={label} value={v as string | undefined} disabled={c.disabled} invalid={invalid} describedBy={describedBy} onChange={(s) => ctx.set(c.fieldKey, s)} />;
    case "geolocation":
      return <GeoInput c={c} ctx={ctx} id={id} label={label} />;
    default:
      return null;
  }
}

/** The text an option asks for when chosen ("extra value", with its placeholder). */
function ExtraInput({ c, ctx }: { c: FormComponent; ctx: FieldContext }): ReactNode {
  const { t } = useTranslation();
  const v = ctx.values[c.fieldKey];
  const chosen = Array.isArray(v) ? v : [v];
  const option = c.options?.find((o) => o.extraValue && chosen.includes(o.value));
  if (!option) return null;
  return (
    <Input
      className="form-extra"
      aria-label={t("forms.renderer.extraFor", { option: option.label })}
      placeholder={option.extraPlaceholder}
      disabled={c.disabled}
      maxLength={500}
      value={ctx.extras[c.fieldKey] ?? ""}
      onChange={(e) => ctx.setExtra(c.fieldKey, e.target.value)}
      data-testid={`extra-${c.fieldKey}`}
    />
  );
}

function ImagesInput({ c, ctx, id, describedBy }: { c: FormComponent; ctx: FieldContext; id: string; describedBy: string | undefined }): ReactNode {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const names = (ctx.values[c.fieldKey] as string[] | undefined) ?? [];
  const limit = c.fileLimit ?? 10;
  const full = names.length >= limit;
  const add = async (files: FileList | null) => {
    if (!files?.length || !ctx.uploadImage) return;
    setError(null);
    const picked = [...files];
    if (picked.some((f) => f.type !== "image/jpeg" && f.type !== "image/png")) return setError(t("forms.renderer.imageType"));
    if (names.length + picked.length > limit) return setError(t("forms.renderer.imageLimit", { count: limit }));
    setBusy(true);
    try {
      const stored: string[] = [];
      for (const f of picked) stored.push(await ctx.uploadImage(f));
      ctx.set(c.fieldKey, [...names, ...stored]);
    } catch (err) {
      setError(err instanceof Error ? err.message : t("forms.renderer.imageFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="form-images">
      <Space wrap>
        {names.map((name, i) => (
          <span key={name} className="form-image-item">
            {ctx.imageUrl ? <StoredImage url={ctx.imageUrl(name)} alt={t("forms.renderer.imageAlt", { n: i + 1 })} /> : <span>{name}</span>}
            <Button size="small" icon={<DeleteOutlined />} aria-label={t("forms.renderer.removeImage", { n: i + 1 })} disabled={c.disabled} onClick={() => ctx.set(c.fieldKey, names.filter((x) => x !== name))} />
          </span>
        ))}
      </Space>
      {ctx.mode === "fill" && ctx.uploadImage && (
        <label className={`form-upload${full || c.disabled ? " form-upload-disabled" : ""}`}>
          <input id={id} type="file" accept="image/jpeg,image/png" multiple={limit > 1} disabled={full || c.disabled || busy} aria-describedby={describedBy} className="form-upload-input" onChange={(e) => void add(e.target.files).finally(() => (e.target.value = ""))} data-testid={`upload-${c.fieldKey}`} />
          <UploadOutlined aria-hidden /> {busy ? t("forms.renderer.uploading") : t("forms.renderer.addImages", { count: limit - names.length })}
        </label>
      )}
      {ctx.mode === "preview" && <Typography.Text type="secondary">{t("forms.renderer.imagesPreview", { count: limit })}</Typography.Text>}
      {error && (
        <div className="form-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

function GeoInput({ c, ctx, id, label }: { c: FormComponent; ctx: FieldContext; id: string; label: string }): ReactNode {
  const { t } = useTranslation();
  const [map, setMap] = useState(false);
  const [locating, setLocating] = useState(false);
  const point = ctx.values[c.fieldKey] as GeoValue | undefined;
  // Coordinates typed one at a time: the value exists once both are there.
  const [partial, setPartial] = useState<Partial<GeoValue>>(() => point ?? {});
  const set = (p: Partial<GeoValue>) => {
    const next = { ...partial, ...(point ?? {}), ...p } as Partial<GeoValue>;
    setPartial(next);
    ctx.set(c.fieldKey, typeof next.lat === "number" && typeof next.lng === "number" ? (next as GeoValue) : undefined);
  };
  const locate = () => {
    if (!navigator.geolocation) return;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        set({ lat: Number(pos.coords.latitude.toFixed(6)), lng: Number(pos.coords.longitude.toFixed(6)) });
      },
      () => setLocating(false),
      { timeout: 10_000 },
    );
  };
  return (
    <div className="form-geo">
      <Space wrap>
        <InputNumber id={id} aria-label={t("forms.renderer.latitude")} placeholder={t("forms.renderer.latitude")} min={-90} max={90} step={0.0001} disabled={c.disabled} value={point?.lat ?? partial.lat ?? null} onChange={(n) => set({ lat: n ?? (undefined as unknown as number) })} data-testid={`lat-${c.fieldKey}`} />
        <InputNumber aria-label={t("forms.renderer.longitude")} placeholder={t("forms.renderer.longitude")} min={-180} max={180} step={0.0001} disabled={c.disabled} value={point?.lng ?? partial.lng ?? null} onChange={(n) => set({ lng: n ?? (undefined as unknown as number) })} data-testid={`lng-${c.fieldKey}`} />
        <Button icon={<EnvironmentOutlined />} disabled={c.disabled} loading={locating} onClick={locate}>
          {t("forms.renderer.myLocation")}
        </Button>
        <Button onClick={() => setMap((m) => !m)} aria-expanded={map}>
          {map ? t("forms.renderer.hideMap") : t("forms.renderer.showMap")}
        </Button>
      </Space>
      {c.previewAddress && (
        <Input className="form-extra" aria-label={t("forms.renderer.address")} placeholder={t("forms.renderer.address")} maxLength={300} disabled={c.disabled || !point} value={point?.address ?? ""} onChange={(e) => set({ address: e.target.value || undefined })} />
      )}
      {map && (
        <Suspense fallback={<div className="form-geo-map" aria-busy="true" />}>
          <GeoMap label={label} center={ctx.mapCenter} point={point} timeZone={ctx.timeZone} disabled={c.disabled} onPick={(p) => set(p)} />
        </Suspense>
      )}
    </div>
  );
}

function StoredImage({ url, alt }: { url: string; alt: string }): ReactNode {
  const { src } = useFileUrl(url);
  return src ? <Image src={src} alt={alt} width={96} height={96} className="form-image" /> : <span className="form-image form-image-loading" aria-busy="true" />;
}

/** A submitted value as text (choices by their labels), images and signature as pictures. */
function ReadValue({ c, ctx }: { c: FormComponent; ctx: FieldContext }): ReactNode {
  const { t } = useTranslation();
  const { lang, zone } = useDateLocale();
  const v = ctx.values[c.fieldKey];
  if (isEmpty(v)) return <span className="form-read-empty">{t("forms.renderer.noAnswer")}</span>;
  const extra = ctx.extras[c.fieldKey];
  switch (c.type) {
    case "signature":
      return <img src={v as string} alt={t("forms.renderer.signatureOf", { label: c.label || c.fieldKey })} className="form-read-signature" data-testid={`read-signature-${c.fieldKey}`} />;
    case "images":
      return (
        <Space wrap>
          {(v as string[]).map((name, i) => (ctx.imageUrl ? <StoredImage key={name} url={ctx.imageUrl(name)} alt={t("forms.renderer.imageAlt", { n: i + 1 })} /> : <span key={name}>{name}</span>))}
        </Space>
      );
    case "geolocation": {
      const g = v as GeoValue;
      return (
        <span className="form-read-value" data-testid={`read-${c.fieldKey}`}>
          {g.lat}, {g.lng}
          {g.address ? ` — ${g.address}` : ""}
        </span>
      );
    }
    case "dropdown":
    case "radio":
    case "list": {
      const options = c.type === "list" ? optionsOf(c, ctx.values, ctx.selectors) : (c.options ?? []);
      const labelOf = (x: string) => options.find((o) => o.value === x)?.label ?? x;
      const text = (Array.isArray(v) ? v : [v]).map((x) => labelOf(String(x))).join(", ");
      return (
        <span className="form-read-value" data-testid={`read-${c.fieldKey}`}>
          {text}
          {extra ? ` — ${extra}` : ""}
        </span>
      );
    }
    case "date":
      return (
        <span className="form-read-value" data-testid={`read-${c.fieldKey}`}>
          {dateText(c, v, lang, zone)}
        </span>
      );
    case "numeric":
      if (c.enableRating) return <Rate disabled value={v as number} aria-label={c.label || c.fieldKey} />;
      return (
        <span className="form-read-value" data-testid={`read-${c.fieldKey}`}>
          {String(v)}
        </span>
      );
    default:
      return (
        <span className="form-read-value form-read-text" data-testid={`read-${c.fieldKey}`}>
          {String(v)}
        </span>
      );
  }
}

/** The components of a template that hold values, in document order (the results table's columns). */
export function valueComponents(components: readonly FormComponent[]): FormComponent[] {
  return walkComponents(components)
    .map((l) => l.component)
    .filter((c) => !["section", "textSection", "bulkDefault"].includes(c.type));
}
