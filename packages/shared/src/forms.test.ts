import { describe, expect, it } from "vitest";
import { formCategoryBodySchema, formFileStem, formTemplateBodySchema, optionsOf, submissionBodySchemaFor, type FormComponent } from "./forms.js";
import es from "../locales/es/forms.json" with { type: "json" };
import en from "../locales/en/forms.json" with { type: "json" };
import fr from "../locales/fr/forms.json" with { type: "json" };
import type { FormsMessage } from "./forms-messages.js";

/** The `forms` catalogue (locales/<lang>/forms.json): the rules' texts the API answers with. */
const FORMS_MESSAGES: Record<"es" | "en" | "fr", Record<FormsMessage, string>> = { es, en, fr };

const radio = (fieldKey: string, values: string[]): FormComponent => ({ type: "radio", fieldKey, label: fieldKey, options: values.map((v) => ({ label: v, value: v })) });

function problems(body: unknown): { path: string; message: string }[] {
  const r = formTemplateBodySchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}
const template = (components: FormComponent[], extra: object = {}) => ({ title: "Inspección", components, ...extra });

describe("form template rules (SPEC §5)", () => {
  it("accepts a template with every component type", () => {
    const components: FormComponent[] = [
      { type: "text", fieldKey: "name", label: "Nombre", required: true, maxLength: 40, rows: 2 },
      { type: "numeric", fieldKey: "count", numberKind: "integer", enableRating: true },
      { type: "dropdown", fieldKey: "region", options: [{ label: "Norte", value: "n" }, { label: "Sur", value: "s" }] },
      { type: "dropdown", fieldKey: "city", dependsOn: "region", options: [{ label: "Arica", value: "arica", parentValue: "n" }, { label: "Osorno", value: "osorno", parentValue: "s" }] },
      { type: "list", fieldKey: "kind", selectorId: 3 },
      { type: "date", fieldKey: "when", dateKind: "datetime" },
      { type: "images", fieldKey: "photos", fileLimit: 3 },
      { type: "signature", fieldKey: "sign" },
      { type: "geolocation", fieldKey: "where", changesReportLocation: true, previewAddress: true },
      { type: "textSection", fieldKey: "intro", label: "Lea esto", style: "info" },
      {
        type: "section",
        fieldKey: "checks",
        children: [radio("lights", ["ok", "bad"]), radio("doors", ["ok", "bad", "na"]), { type: "bulkDefault", fieldKey: "all-ok", defaultValue: "ok" }],
      },
    ];
    expect(problems(template(components))).toEqual([]);
  });

  it("'Field Key is required' at the component's path", () => {
    expect(problems(template([{ type: "text", fieldKey: " " }]))).toEqual([{ path: "components.0.fieldKey", message: "fieldKeyRequired" }]);
    expect(FORMS_MESSAGES.en.fieldKeyRequired).toBe("Field Key is required");
  });

  it("'Field Key can only contain letters, numbers and hyphens', nested paths included", () => {
    const p = problems(template([{ type: "section", fieldKey: "s", children: [{ type: "text", fieldKey: "has space" }, { type: "text", fieldKey: "under_score" }] }]));
    expect(p).toEqual([
      { path: "components.0.children.0.fieldKey", message: "fieldKeyPattern" },
      { path: "components.0.children.1.fieldKey", message: "fieldKeyPattern" },
    ]);
    expect(FORMS_MESSAGES.en.fieldKeyPattern).toBe("Field Key can only contain letters, numbers and hyphens");
  });

  it("'This Field Key already exists. Must be unique.' across sections", () => {
    const p = problems(template([{ type: "text", fieldKey: "a-1" }, { type: "section", fieldKey: "s", children: [{ type: "numeric", fieldKey: "a-1" }] }]));
    expect(p).toEqual([{ path: "components.1.children.0.fieldKey", message: "fieldKeyTaken" }]);
    expect(FORMS_MESSAGES.en.fieldKeyTaken).toBe("This Field Key already exists. Must be unique.");
  });

  it("a subcategory needs its category", () => {
    expect(problems(template([], { subcategory: 4 }))).toEqual([{ path: "subcategory", message: "subcategoryNeedsCategory" }]);
    expect(problems(template([], { category: 2, subcategory: 4 }))).toEqual([]);
  });

  it("a custom percentage is 0 to 100", () => {
    const opts = (percentage: number) => [{ type: "radio" as const, fieldKey: "r", options: [{ label: "a", value: "a", percentage }] }];
    expect(problems(template(opts(0)))).toEqual([]);
    expect(problems(template(opts(100)))).toEqual([]);
    expect(problems(template(opts(101)))).toEqual([{ path: "components.0.options.0.percentage", message: "percentageRange" }]);
    expect(problems(template(opts(-1)))).toEqual([{ path: "components.0.options.0.percentage", message: "percentageRange" }]);
  });

  it("dependent options need a parent with options, and each option one of the parent's", () => {
    const child = (parentValue: string): FormComponent => ({ type: "dropdown", fieldKey: "c", dependsOn: "p", options: [{ label: "x", value: "x", parentValue }] });
    expect(problems(template([{ type: "text", fieldKey: "p" }, child("a")]))).toEqual([{ path: "components.1.dependsOn", message: "dependentParentNoOptions" }]);
    expect(problems(template([child("a")]))).toEqual([{ path: "components.0.dependsOn", message: "dependentParentMissing" }]);
    expect(problems(template([radio("p", ["a"]), child("b")]))).toEqual([{ path: "components.1.options.0.parentValue", message: "dependentOptionParent" }]);
    expect(problems(template([radio("p", ["a"]), child("a")]))).toEqual([]);
    expect(FORMS_MESSAGES.en.dependentParentNoOptions).toMatch(/progress may be lost/);
  });

  it("a bulk default's option must exist in every radio group of its section", () => {
    const section = (value: string): FormComponent => ({ type: "section", fieldKey: "s", children: [radio("a", ["ok", "bad"]), radio("b", ["bad"]), { type: "bulkDefault", fieldKey: "bd", defaultValue: value }] });
    expect(problems(template([section("ok")]))).toEqual([{ path: "components.0.children.2.defaultValue", message: "bulkDefaultMissingOption" }]);
    expect(problems(template([section("bad")]))).toEqual([]);
    expect(problems(template([{ type: "bulkDefault", fieldKey: "bd", defaultValue: "ok" }]))).toEqual([{ path: "components.0", message: "bulkDefaultOutsideSection" }]);
  });

  it("option lists need options, distinct values; a predefined list its selector; a title", () => {
    expect(problems(template([{ type: "dropdown", fieldKey: "d", options: [] }]))).toEqual([{ path: "components.0.options", message: "optionsRequired" }]);
    expect(problems(template([radio("r", ["a", "a"])]))).toEqual([{ path: "components.0.options.1.value", message: "optionDuplicate" }]);
    expect(problems(template([{ type: "list", fieldKey: "l" }]))).toEqual([{ path: "components.0.selectorId", message: "selectorRequired" }]);
    expect(problems({ title: " ", components: [] })).toEqual([{ path: "title", message: "formTitleRequired" }]);
  });

  it("refuses unknown types, control characters and out-of-range numbers", () => {
    expect(problems(template([{ type: "video", fieldKey: "v" } as unknown as FormComponent])).length).toBeGreaterThan(0);
    expect(problems(template([{ type: "text", fieldKey: "t", label: "a\u0000b" }]))).toEqual([{ path: "components.0.label", message: "formInvalidText" }]);
    expect(problems(template([{ type: "text", fieldKey: "t", rows: 10_000 }])).length).toBe(1);
    expect(problems(template([{ type: "list", fieldKey: "t", selectorId: 2 ** 40 }])).length).toBe(1);
  });
});

describe("a form's file name", () => {
  it("keeps the title's letters without their accents, one hyphen for each other run", () => {
    expect(formFileStem("Inspección nocturna: Ñuñoa")).toBe("Inspeccion-nocturna-Nunoa");
    expect(formFileStem("  ¿Qué pasó?  ")).toBe("Que-paso");
    expect(formFileStem("¿¡!?")).toBe("formulario");
    expect(formFileStem("a".repeat(39) + " b")).toBe("a".repeat(39));
  });
});

describe("form categories", () => {
  it("a name is required", () => {
    const r = formCategoryBodySchema.safeParse({ name: "  " });
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(["categoryNameRequired"]);
    expect(formCategoryBodySchema.parse({ name: " Seguridad " })).toEqual({ name: "Seguridad", parentId: null });
  });
  it("every code has its text in es, en and fr", () => {
    for (const code of Object.keys(FORMS_MESSAGES.es) as FormsMessage[]) for (const lang of ["es", "en", "fr"] as const) expect(FORMS_MESSAGES[lang][code]).toBeTruthy();
  });
});

describe("submission values", () => {
  const components: FormComponent[] = [
    { type: "text", fieldKey: "name", required: true, maxLength: 5 },
    { type: "numeric", fieldKey: "n", numberKind: "integer" },
    { type: "dropdown", fieldKey: "region", options: [{ label: "N", value: "n" }, { label: "S", value: "s", extraValue: true }] },
    { type: "dropdown", fieldKey: "city", dependsOn: "region", options: [{ label: "A", value: "arica", parentValue: "n" }, { label: "O", value: "osorno", parentValue: "s" }] },
    { type: "dropdown", fieldKey: "many", multiple: true, options: [{ label: "1", value: "1" }, { label: "2", value: "2" }] },
    { type: "list", fieldKey: "kind", selectorId: 7 },
    { type: "date", fieldKey: "day" },
    { type: "date", fieldKey: "at", dateKind: "datetime" },
    { type: "images", fieldKey: "photos", fileLimit: 1 },
    { type: "section", fieldKey: "s", children: [{ type: "signature", fieldKey: "sign", required: true }, { type: "geolocation", fieldKey: "where" }] },
  ];
  const selectors = new Map([[7, ["Poste", "Cable"]]]);
  const check = (values: Record<string, unknown>, extras?: Record<string, string>) => {
    const r = submissionBodySchemaFor(components, selectors).safeParse({ values, ...(extras ? { extras } : {}) });
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
  };
  const good = {
    name: "Ana",
    n: 3,
    region: "n",
    city: "arica",
    many: ["1", "2"],
    kind: "Cable",
    day: "2026-03-01",
    at: "2026-03-01T10:30:00-03:00",
    photos: ["20260301T103000123Z-abc123.jpg"],
    sign: "data:image/png;base64,iVBORw0KGgo=",
    where: { lat: -33.4, lng: -70.6 },
  };

  it("accepts every type's value", () => expect(check(good)).toEqual([]));
  it("required fields", () => expect(check({ ...good, name: "", sign: null })).toEqual(["values.name:valueRequired", "values.sign:valueRequired"]));
  it("types, maxLength and integers", () => {
    expect(check({ ...good, name: "Anastasia" })).toEqual(["values.name:valueTooLong"]);
    expect(check({ ...good, n: 2.5 })).toEqual(["values.n:valueNotInteger"]);
    expect(check({ ...good, n: "3" })).toEqual(["values.n:valueInvalid"]);
    expect(check({ ...good, day: "01/03/2026" })).toEqual(["values.day:valueInvalid"]);
    expect(check({ ...good, at: "2026-03-01" })).toEqual(["values.at:valueInvalid"]);
    expect(check({ ...good, where: { lat: 100, lng: 0 } })).toEqual(["values.where:valueInvalid"]);
    expect(check({ ...good, sign: "javascript:alert(1)" })).toEqual(["values.sign:valueInvalid"]);
    expect(check({ ...good, photos: ["20260301T103000123Z-abc123.jpg", "20260301T103000123Z-abc124.jpg"] })).toEqual(["values.photos:tooManyFiles"]);
    expect(check({ ...good, photos: ["../etc/passwd"] })).toEqual(["values.photos:valueInvalid"]);
  });
  it("options, the dependent field's among its parent's choice, predefined lists", () => {
    expect(check({ ...good, region: "x" })).toEqual(["values.region:valueNotOption", "values.city:valueNotOption"]);
    expect(check({ ...good, city: "osorno" })).toEqual(["values.city:valueNotOption"]);
    expect(check({ ...good, region: ["n"] })).toEqual(["values.region:valueInvalid"]);
    expect(check({ ...good, many: ["1", "3"] })).toEqual(["values.many:valueNotOption"]);
    expect(check({ ...good, kind: "Árbol" })).toEqual(["values.kind:valueNotOption"]);
    expect(optionsOf(components[3]!, { region: "s" }).map((o) => o.value)).toEqual(["osorno"]);
  });
  it("unknown keys and extras", () => {
    expect(check({ ...good, other: "x" })).toEqual(["values.other:valueInvalid"]);
    expect(check(good, { region: "detalle" })).toEqual([]);
    expect(check(good, { nope: "x" })).toEqual(["extras.nope:valueInvalid"]);
  });
});
