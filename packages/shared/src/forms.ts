import type { ZodArray, ZodOptional } from "zod";
import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import type { FormsMessage } from "./forms-messages.js";

// Dynamic forms (issue 16, SPEC §3 Dynamic form template, §5 rules). A template is one JSON document:
// this schema validates it in the builder and on the server alike, so an invalid template answers 400
// with the path of each offending component (`components.2.children.0.fieldKey`). Every rule's message
// is a code of the `forms` catalogue (FormsMessage, forms-messages.ts); the English texts of the field key
// rules are SPEC §5's, word for word.


const msg = (code: FormsMessage) => ({ message: code });
const NO_CONTROL = /^[^\p{Cc}]*$/u;
// Multi-line texts (help, info sections) keep line breaks and tabs but no other control character.
const NO_CONTROL_MULTILINE = /^(?:[^\p{Cc}]|[\n\r\t])*$/u;
/** SPEC §5: letters, digits and hyphens. */
export const FIELD_KEY_PATTERN = /^[A-Za-z0-9-]+$/;
export const FIELD_KEY_MAX = 60;
export const FORM_TEXT_MAX = 500;
export const FORM_TITLE_MAX = 120;

/** A form's title as the stem of a file name (its results' XLSX, its JSON): letters and digits with the
 * accents dropped ("Inspección" → "Inspeccion", not "Inspeccio-n"), every other run one hyphen, at most
 * 40 characters; "formulario" when nothing is left. */
export function formFileStem(title: string): string {
  const stem = title.normalize("NFD").replace(/\p{M}/gu, "").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40).replace(/-$/, "");
  return stem || "formulario";
}
export const FORM_OPTIONS_MAX = 200;
export const FORM_COMPONENTS_MAX = 300;
export const FORM_ROWS_MAX = 20;
export const FORM_MAX_LENGTH_MAX = 5000;
export const FORM_IMAGES_MAX = 10;
export const FORM_SECTION_DEPTH_MAX = 4;

const text = (max = FORM_TEXT_MAX) => z.string().max(max, msg("formTextTooLong")).regex(NO_CONTROL, msg("formInvalidText"));
const longText = (max = 2000) => z.string().max(max, msg("formTextTooLong")).regex(NO_CONTROL_MULTILINE, msg("formInvalidText"));
const id = z.number().int().positive().max(MAX_ID);

/** SPEC §3 component types, as they travel. */
export const FORM_COMPONENT_TYPES = ["text", "numeric", "dropdown", "list", "radio", "date", "images", "signature", "geolocation", "section", "textSection", "bulkDefault"] as const;
export type FormComponentType = (typeof FORM_COMPONENT_TYPES)[number];
/** Components that hold a value in a submission. */
export const VALUE_COMPONENT_TYPES = ["text", "numeric", "dropdown", "list", "radio", "date", "images", "signature", "geolocation"] as const satisfies readonly FormComponentType[];
/** Components whose value is one of their options. */
export const OPTION_COMPONENT_TYPES = ["dropdown", "radio", "list"] as const satisfies readonly FormComponentType[];
export const TEXT_SECTION_STYLES = ["normal", "title", "bold", "info"] as const;
export const NUMERIC_KINDS = ["integer", "decimal"] as const;
export const DATE_KINDS = ["date", "datetime"] as const;

/** An option of a dropdown or radio group: its label and stored value; an extra value the filler types
 * (with its placeholder); whether choosing it triggers an issue; a custom percentage 0–100; for a
 * dependent field, the value of the parent's option it belongs to. */
export const formOptionSchema = z.object({
  label: text(200).trim().min(1, msg("optionLabelRequired")),
  value: text(200).trim().min(1, msg("optionLabelRequired")),
  extraValue: z.boolean().optional(),
  extraPlaceholder: text(200).optional(),
  triggerIssue: z.boolean().optional(),
  percentage: z.number(msg("percentageRange")).min(0, msg("percentageRange")).max(100, msg("percentageRange")).optional(),
  parentValue: text(200).optional(),
});
export type FormOption = z.infer<typeof formOptionSchema>;

/** A default value: text, number, a set of option values, or nothing. */
const defaultValueSchema = z.union([text(FORM_MAX_LENGTH_MAX), z.number(), z.array(text(200)).max(FORM_OPTIONS_MAX), z.boolean(), z.null()]);

/** One component of a template (SPEC §3 component fields). Every type shares one shape so the builder
 * edits any of them alike; the fields a type does not use are simply absent. */
export interface FormComponent {
  type: FormComponentType;
  label?: string | undefined;
  fieldKey: string;
  required?: boolean | undefined;
  placeholder?: string | undefined;
  helpText?: string | undefined;
  defaultValue?: string | number | string[] | boolean | null | undefined;
  disabled?: boolean | undefined;
  rows?: number | undefined;
  maxLength?: number | undefined;
  search?: boolean | undefined;
  ascendingSort?: boolean | undefined;
  multiple?: boolean | undefined;
  dependsOn?: string | undefined;
  options?: FormOption[] | undefined;
  fullScreenLabel?: boolean | undefined;
  previewAddress?: boolean | undefined;
  enableRating?: boolean | undefined;
  advancedFilter?: boolean | undefined;
  changesReportLocation?: boolean | undefined;
  changesReportDate?: boolean | undefined;
  /** Filled for a report (its workflow form), the value becomes the report's optionalCode. */
  writesOptionalCode?: boolean | undefined;
  /** Filled for a report, the labelled answer is written into the report's extraInfo. */
  writesExtraInfo?: boolean | undefined;
  /** numeric: integer or decimal. */
  numberKind?: (typeof NUMERIC_KINDS)[number] | undefined;
  /** date: date or date and time. */
  dateKind?: (typeof DATE_KINDS)[number] | undefined;
  /** images: how many files at most. */
  fileLimit?: number | undefined;
  /** list: the company's form selector list it offers. */
  selectorId?: number | undefined;
  /** textSection: its style. */
  style?: (typeof TEXT_SECTION_STYLES)[number] | undefined;
  /** section: whether it starts collapsed. */
  collapsed?: boolean | undefined;
  /** section: the components it holds. */
  children?: FormComponent[] | undefined;
}

const componentShape = z.object({
  type: z.enum(FORM_COMPONENT_TYPES),
  label: text().optional(),
  // Checked in the template's refinement, so a missing key reports SPEC §5's message at its path.
  fieldKey: z.string().max(FIELD_KEY_MAX, msg("formTextTooLong")),
  required: z.boolean().optional(),
  placeholder: text(200).optional(),
  helpText: longText().optional(),
  defaultValue: defaultValueSchema.optional(),
  disabled: z.boolean().optional(),
  rows: z.number().int().min(1).max(FORM_ROWS_MAX).optional(),
  maxLength: z.number().int().min(1).max(FORM_MAX_LENGTH_MAX).optional(),
  search: z.boolean().optional(),
  ascendingSort: z.boolean().optional(),
  multiple: z.boolean().optional(),
  dependsOn: z.string().max(FIELD_KEY_MAX).optional(),
  options: z.array(formOptionSchema).max(FORM_OPTIONS_MAX).optional(),
  fullScreenLabel: z.boolean().optional(),
  previewAddress: z.boolean().optional(),
  enableRating: z.boolean().optional(),
  advancedFilter: z.boolean().optional(),
  changesReportLocation: z.boolean().optional(),
  changesReportDate: z.boolean().optional(),
  writesOptionalCode: z.boolean().optional(),
  writesExtraInfo: z.boolean().optional(),
  numberKind: z.enum(NUMERIC_KINDS).optional(),
  dateKind: z.enum(DATE_KINDS).optional(),
  fileLimit: z.number().int().min(1).max(FORM_IMAGES_MAX).optional(),
  selectorId: id.optional(),
  style: z.enum(TEXT_SECTION_STYLES).optional(),
  collapsed: z.boolean().optional(),
  get children(): ZodOptional<ZodArray<typeof componentShape>> {
    return z.array(componentShape).max(FORM_COMPONENTS_MAX).optional();
  },
});

// Registered by name: the shape holds itself (a section's children), and a JSON Schema of it (the API
// document's) refers to it by that name.
z.globalRegistry.add(componentShape, { id: "FormComponent" });

/** One component's shape (the rules across components are the template's). */
export const formComponentSchema: z.ZodType<FormComponent, FormComponent> = componentShape as unknown as z.ZodType<FormComponent, FormComponent>;

type Path = (string | number)[];
interface Located {
  component: FormComponent;
  path: Path;
  /** The section holding it, if any. */
  section?: Located | undefined;
}

/** Every component of a template with its path, depth first in document order. */
export function walkComponents(components: readonly FormComponent[], base: Path = ["components"], section?: Located): Located[] {
  const out: Located[] = [];
  components.forEach((component, i) => {
    const here: Located = { component, path: [...base, i], section };
    out.push(here);
    if (component.children) out.push(...walkComponents(component.children, [...base, i, "children"], here));
  });
  return out;
}

interface IssueSink {
  addIssue(issue: { code: "custom"; message: string; path: Path }): void;
}

/** The SPEC §5 rules across a template's components, each problem reported at its component's path. */
export function checkComponents(components: readonly FormComponent[], ctx: IssueSink): void {
  const all = walkComponents(components);
  if (all.length > FORM_COMPONENTS_MAX) ctx.addIssue({ code: "custom", message: "tooManyComponents", path: ["components"] });
  const byKey = new Map<string, FormComponent>();
  for (const { component: c, path } of all) {
    const key = c.fieldKey.trim();
    if (!key) ctx.addIssue({ code: "custom", message: "fieldKeyRequired", path: [...path, "fieldKey"] });
    else if (!FIELD_KEY_PATTERN.test(key)) ctx.addIssue({ code: "custom", message: "fieldKeyPattern", path: [...path, "fieldKey"] });
    else if (byKey.has(key)) ctx.addIssue({ code: "custom", message: "fieldKeyTaken", path: [...path, "fieldKey"] });
    else byKey.set(key, c);
    if (path.filter((p) => p === "children").length > FORM_SECTION_DEPTH_MAX) ctx.addIssue({ code: "custom", message: "tooManyComponents", path });
  }
  for (const located of all) {
    const { component: c, path } = located;
    if (c.type === "dropdown" || c.type === "radio") {
      if (!c.options?.length) ctx.addIssue({ code: "custom", message: "optionsRequired", path: [...path, "options"] });
      const seen = new Set<string>();
      c.options?.forEach((o, i) => {
        const k = `${o.parentValue ?? ""}\u0000${o.value}`;
        if (seen.has(k)) ctx.addIssue({ code: "custom", message: "optionDuplicate", path: [...path, "options", i, "value"] });
        seen.add(k);
      });
    }
    if (c.type === "list" && c.selectorId === undefined) ctx.addIssue({ code: "custom", message: "selectorRequired", path: [...path, "selectorId"] });
    if (c.dependsOn) {
      const parent = byKey.get(c.dependsOn);
      if (!parent || parent === c) ctx.addIssue({ code: "custom", message: "dependentParentMissing", path: [...path, "dependsOn"] });
      else if (!parent.options?.length) ctx.addIssue({ code: "custom", message: "dependentParentNoOptions", path: [...path, "dependsOn"] });
      else {
        const parentValues = new Set(parent.options.map((o) => o.value));
        c.options?.forEach((o, i) => {
          if (o.parentValue === undefined || !parentValues.has(o.parentValue)) ctx.addIssue({ code: "custom", message: "dependentOptionParent", path: [...path, "options", i, "parentValue"] });
        });
      }
    }
    if (c.type === "bulkDefault") {
      const section = located.section;
      if (!section) {
        ctx.addIssue({ code: "custom", message: "bulkDefaultOutsideSection", path });
        continue;
      }
      const chosen = typeof c.defaultValue === "string" ? c.defaultValue : undefined;
      const radios = (section.component.children ?? []).filter((s) => s.type === "radio");
      if (!chosen || radios.some((r) => !r.options?.some((o) => o.value === chosen))) ctx.addIssue({ code: "custom", message: "bulkDefaultMissingOption", path: [...path, "defaultValue"] });
    }
  }
}

/** The editable part of a template (body of POST and PUT …/form-templates): title, category and
 * subcategory ids (a subcategory needs its category), an optional report type a submission creates,
 * and the components. */
export const formTemplateBodySchema = z
  .object({
    title: text(FORM_TITLE_MAX).trim().min(1, msg("formTitleRequired")),
    category: id.nullable().default(null),
    subcategory: id.nullable().default(null),
    reportType: z.number().int().min(0).max(MAX_ID).nullable().default(null),
    components: z.array(componentShape).max(FORM_COMPONENTS_MAX, msg("tooManyComponents")),
  })
  .superRefine((t, ctx) => {
    if (t.subcategory !== null && t.category === null) ctx.addIssue({ code: "custom", message: "subcategoryNeedsCategory", path: ["subcategory"] });
    checkComponents(t.components as FormComponent[], ctx);
  });
export type FormTemplateBody = z.input<typeof formTemplateBodySchema>;
export type FormTemplateFields = Omit<z.output<typeof formTemplateBodySchema>, "components"> & { components: FormComponent[] };

/** A template as it travels: the body's fields plus id, version, names of its category and
 * subcategory, whether it is deleted, when it was last changed and how many submissions its family holds. */
export const formTemplateSchema = z.object({
  id: z.number(),
  title: z.string(),
  category: z.number().nullable(),
  subcategory: z.number().nullable(),
  categoryName: z.string().nullable(),
  subcategoryName: z.string().nullable(),
  reportType: z.number().nullable(),
  version: z.number(),
  components: z.array(componentShape),
  deleted: z.boolean(),
  updatedAt: z.string(),
  submissions: z.number(),
});
export type FormTemplate = Omit<z.infer<typeof formTemplateSchema>, "components"> & { components: FormComponent[] };
/** A template as its schema infers it (what a route answers). */
export type FormTemplateWire = z.infer<typeof formTemplateSchema>;

// ── Submission values ──────────────────────────────────────────────────────────────────────────────

/** A point a geolocation component holds, with the address shown when it was picked. */
export const geoValueSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  address: text(300).optional(),
});
export type GeoValue = z.infer<typeof geoValueSchema>;

/** A stored upload's name, as the files domain generates them. */
export const FORM_FILE_NAME_PATTERN = /^\d{8}T\d{9}Z-[a-z0-9]{6}\.[a-z0-9]{2,5}$/;
/** A drawn signature: a PNG data URL of at most ~150 kB. */
export const SIGNATURE_PATTERN = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;
export const SIGNATURE_MAX = 200_000;
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const ISO_DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?$/;

/** A submission's value of any component (the template's validator narrows it per field). */
// The point's bounds are the template check's (one problem per field, at its key).
export const formValueSchema = z.union([
  z.string().max(SIGNATURE_MAX),
  z.number(),
  z.array(z.string().max(200)).max(FORM_OPTIONS_MAX),
  z.object({ lat: z.number(), lng: z.number(), address: z.string().max(300).optional() }),
  z.null(),
]);
export type FormValue = z.infer<typeof formValueSchema>;
/** Values by field key, and the extra texts typed for options that ask for one. */
export const formValuesSchema = z.record(z.string().max(FIELD_KEY_MAX), formValueSchema);
export type FormValues = z.infer<typeof formValuesSchema>;
export const formExtrasSchema = z.record(z.string().max(FIELD_KEY_MAX), text(FORM_TEXT_MAX));

/** Options each predefined list offers, by selector id (the company's form selector lists). */
export type SelectorItems = ReadonlyMap<number, readonly string[]>;

/** The options a component offers, given the values chosen so far (a dependent field offers the
 * options of its parent's chosen value only) and the company's selector lists. */
export function optionsOf(c: FormComponent, values: Readonly<Record<string, unknown>>, selectors?: SelectorItems): FormOption[] {
  if (c.type === "list") return (selectors?.get(c.selectorId ?? 0) ?? []).map((name) => ({ label: name, value: name }));
  const options = c.options ?? [];
  if (!c.dependsOn) return options;
  const parent = values[c.dependsOn];
  const chosen = Array.isArray(parent) ? parent : parent === undefined || parent === null ? [] : [String(parent)];
  return options.filter((o) => o.parentValue !== undefined && chosen.includes(o.parentValue));
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** Checks a submission's values against the template it fills (required fields, each type's shape,
 * maxLength, integers, options — a dependent field's among its parent's choice —, file limit); reports
 * each problem at `values.<fieldKey>`. Unknown keys are problems too. */
export function checkSubmissionValues(components: readonly FormComponent[], values: Readonly<Record<string, unknown>>, ctx: IssueSink, selectors?: SelectorItems, extras?: Readonly<Record<string, string>>): void {
  const fields = walkComponents(components).map((l) => l.component).filter((c) => (VALUE_COMPONENT_TYPES as readonly string[]).includes(c.type));
  const keys = new Set(fields.map((c) => c.fieldKey));
  for (const key of Object.keys(values)) if (!keys.has(key)) ctx.addIssue({ code: "custom", message: "valueInvalid", path: ["values", key] });
  for (const key of Object.keys(extras ?? {})) if (!keys.has(key)) ctx.addIssue({ code: "custom", message: "valueInvalid", path: ["extras", key] });
  for (const c of fields) {
    const v = values[c.fieldKey];
    const path = ["values", c.fieldKey];
    const problem = (message: FormsMessage) => ctx.addIssue({ code: "custom", message, path });
    if (isEmpty(v)) {
      if (c.required) problem("valueRequired");
      continue;
    }
    switch (c.type) {
      case "text":
        if (typeof v !== "string" || !NO_CONTROL_MULTILINE.test(v)) problem("valueInvalid");
        else if (v.length > (c.maxLength ?? FORM_MAX_LENGTH_MAX)) problem("valueTooLong");
        break;
      case "numeric":
        if (typeof v !== "number" || !Number.isFinite(v)) problem("valueInvalid");
        else if ((c.numberKind ?? "decimal") === "integer" && !Number.isInteger(v)) problem("valueNotInteger");
        break;
      case "dropdown":
      case "radio":
      case "list": {
        const allowed = new Set(optionsOf(c, values, selectors).map((o) => o.value));
        const chosen = Array.isArray(v) ? v : [v];
        if (Array.isArray(v) && !(c.multiple && c.type !== "radio")) problem("valueInvalid");
        else if (chosen.some((x) => typeof x !== "string" || !allowed.has(x))) problem("valueNotOption");
        break;
      }
      case "date":
        if (typeof v !== "string" || !((c.dateKind ?? "date") === "date" ? ISO_DATE_PATTERN : ISO_DATETIME_PATTERN).test(v) || Number.isNaN(Date.parse(v))) problem("valueInvalid");
        break;
      case "images":
        if (!Array.isArray(v) || v.some((x) => typeof x !== "string" || !FORM_FILE_NAME_PATTERN.test(x))) problem("valueInvalid");
        else if (v.length > (c.fileLimit ?? FORM_IMAGES_MAX)) problem("tooManyFiles");
        break;
      case "signature":
        if (typeof v !== "string" || v.length > SIGNATURE_MAX || !SIGNATURE_PATTERN.test(v)) problem("valueInvalid");
        break;
      case "geolocation":
        if (!geoValueSchema.safeParse(v).success) problem("valueInvalid");
        break;
    }
  }
}

/** The option values of a template's components whose chosen option asks for an extra text. */
export function extraValueKeys(components: readonly FormComponent[], values: Readonly<Record<string, unknown>>): Set<string> {
  const keys = new Set<string>();
  for (const { component: c } of walkComponents(components)) {
    const v = values[c.fieldKey];
    const chosen = Array.isArray(v) ? v : [v];
    if (c.options?.some((o) => o.extraValue && chosen.includes(o.value))) keys.add(c.fieldKey);
  }
  return keys;
}

/** A zod schema of a submission body for one template: `{values, extras}` checked by checkSubmissionValues. */
export function submissionBodySchemaFor(components: readonly FormComponent[], selectors?: SelectorItems) {
  return formSubmissionBodySchema.superRefine((body, ctx) => checkSubmissionValues(components, body.values, ctx, selectors, body.extras));
}

// ── Categories ─────────────────────────────────────────────────────────────────────────────────────

/** A form category, or a subcategory when it has a parent. */
export const formCategorySchema = z.object({ id: z.number(), name: z.string(), parentId: z.number().nullable() });
export type FormCategory = z.infer<typeof formCategorySchema>;
/** Body of POST and PUT …/form-categories: a name (required, unique among its siblings: 409) and, for a
 * subcategory, its category. */
export const formCategoryBodySchema = z.object({
  name: z.string(msg("categoryNameRequired")).trim().min(1, msg("categoryNameRequired")).max(80, msg("formTextTooLong")).regex(NO_CONTROL, msg("formInvalidText")),
  parentId: id.nullable().default(null),
});
export type FormCategoryBody = z.input<typeof formCategoryBodySchema>;
export const formCategoriesResponseSchema = z.object({ success: z.literal(true), categories: z.array(formCategorySchema) });
export const formCategoryResponseSchema = z.object({ success: z.literal(true), category: formCategorySchema });

// ── Routes' shapes ─────────────────────────────────────────────────────────────────────────────────

export const formParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});
export const formTemplateListQuerySchema = z.object({
  q: z.string().trim().max(FORM_TITLE_MAX).regex(NO_CONTROL).optional(),
  includeDeleted: z.enum(["true", "false"]).optional(),
});
export const formTemplatesResponseSchema = z.object({ success: z.literal(true), templates: z.array(formTemplateSchema) });
export const formTemplateResponseSchema = z.object({ success: z.literal(true), template: formTemplateSchema });

/** SPEC §7 GET /api/company-forms/forms?includeDeleted=true: the forms of the caller's companies (companyId,
 * or the default one). */
export const companyFormsQuerySchema = z.object({
  includeDeleted: z.enum(["true", "false"]).optional(),
  companyId: z.coerce.number().int().positive().max(MAX_ID).optional(),
});
export const companyFormSchema = z.object({ id: z.number(), companyId: z.number(), title: z.string(), version: z.number(), deleted: z.boolean() });
export const companyFormsResponseSchema = z.object({ success: z.literal(true), data: z.object({ forms: z.array(companyFormSchema) }) });

/** Body of a submission: the values by field key, and extra texts of options that ask for one. */
export const formSubmissionBodySchema = z.object({
  values: formValuesSchema,
  extras: formExtrasSchema.optional(),
});
export type FormSubmissionBody = z.infer<typeof formSubmissionBodySchema>;

/** A submission as it travels: the template version it filled, its author, the report it created. */
export const formSubmissionSchema = z.object({
  id: z.number(),
  templateId: z.number(),
  version: z.number(),
  values: z.record(z.string(), z.unknown()),
  extras: z.record(z.string(), z.string()),
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
  via: z.enum(["portal", "app", "public"]),
  reportId: z.number().nullable(),
  /** The report's uuid, for the portal's link to its detail. */
  reportUuid: z.string().nullable(),
  createdAt: z.string(),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;

export const FORM_SUBMISSIONS_PAGE_SIZE = 20;
/** GET …/form-submissions: one form family's submissions, newest first; filters by author, dates
 * (ISO) and the advanced-filter components (`filter[fieldKey]=value`, JSON-encoded in `filters`). */
export const formSubmissionListQuerySchema = z.object({
  templateId: z.coerce.number().int().positive().max(MAX_ID),
  authorId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  filters: z.string().max(2000).regex(NO_CONTROL).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(FORM_SUBMISSIONS_PAGE_SIZE),
});
export type FormSubmissionListQuery = z.infer<typeof formSubmissionListQuerySchema>;
/** The advanced filters as decoded from `filters`: field key → the value it must hold. */
export const formFiltersSchema = z.record(z.string().regex(FIELD_KEY_PATTERN).max(FIELD_KEY_MAX), z.string().max(200).regex(NO_CONTROL)).refine((r) => Object.keys(r).length <= 20);

export const formSubmissionsResponseSchema = z.object({
  success: z.literal(true),
  submissions: z.array(formSubmissionSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The template versions these submissions filled, so each reads with its own. */
  versions: z.array(formTemplateSchema),
});
export const formSubmissionResponseSchema = z.object({ success: z.literal(true), submission: formSubmissionSchema, template: formTemplateSchema });

/** A public fill link of a template: created and revoked by company admins, optionally expiring. */
export const formLinkSchema = z.object({ id: z.number(), token: z.string(), expiresAt: z.string().nullable(), revokedAt: z.string().nullable(), createdAt: z.string() });
export const formLinkBodySchema = z.object({ expiresAt: z.iso.datetime({ offset: true }).nullable().default(null) });
export const formLinksResponseSchema = z.object({ success: z.literal(true), links: z.array(formLinkSchema) });
export const formLinkResponseSchema = z.object({ success: z.literal(true), link: formLinkSchema });
/** POST …/form-templates/{id}/files and /api/public/forms/{token}/files: the stored image's name. */
export const formFileStoredSchema = z.object({ success: z.literal(true), name: z.string() });
/** GET …/form-files/{name}: an image attached to a submission, by its stored name. */
export const formFileParamsSchema = z.object({ companyId: formParamsSchema.shape.companyId, name: z.string().max(200) });
/** POST /api/app/forms/{id}/submissions: the template the app fills. */
export const appFormParamsSchema = z.object({ id: formParamsSchema.shape.id });
/** A fill link's token: 32 base64url characters. */
export const formTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/) });
/** GET /api/public/forms/{token}: the template to fill, and the selector lists its predefined lists use. */
export const publicFormResponseSchema = z.object({
  success: z.literal(true),
  template: formTemplateSchema,
  selectors: z.array(z.object({ id: z.number(), items: z.array(z.string()) })),
});
export const formSubmittedResponseSchema = z.object({ success: z.literal(true), submission: z.object({ id: z.number(), reportId: z.number().nullable() }) });
/** POST …/form-submissions/export: the background job that writes the XLSX. */
export const formExportBodySchema = z.object({ templateId: z.number().int().positive().max(MAX_ID) });
