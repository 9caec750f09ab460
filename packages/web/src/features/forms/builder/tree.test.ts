import { describe, expect, it } from "vitest";
import { formTemplateBodySchema, type FormComponent } from "@atalaya/shared";
import { applyBulkDefault, problemsOf, setValue } from "../form-values";
import { componentAt, duplicateAt, moveInto, moveOut, moveWithin, newComponent, problemsByComponent, removeAt } from "./tree";

const tree = (): FormComponent[] => [
  { type: "text", fieldKey: "a" },
  { type: "section", fieldKey: "s", children: [{ type: "text", fieldKey: "b" }, { type: "radio", fieldKey: "r", options: [{ label: "Sí", value: "si" }] }] },
  { type: "numeric", fieldKey: "c" },
];
const keys = (t: FormComponent[]): string[] => t.map((c) => (c.children ? `${c.fieldKey}[${keys(c.children).join(",")}]` : c.fieldKey));

describe("builder tree edits", () => {
  it("reorders, nests, un-nests, duplicates and deletes", () => {
    expect(keys(moveWithin(tree(), [], 0, 2))).toEqual(["s[b,r]", "c", "a"]);
    expect(keys(moveWithin(tree(), [1], 1, 0))).toEqual(["a", "s[r,b]", "c"]);
    const into = moveInto(tree(), [0], [1]);
    expect(keys(into.tree)).toEqual(["s[b,r,a]", "c"]);
    expect(into.path).toEqual([0, 2]);
    const out = moveOut(tree(), [1, 0]);
    expect(keys(out.tree)).toEqual(["a", "s[r]", "b", "c"]);
    expect(out.path).toEqual([2]);
    const dup = duplicateAt(tree(), [1]);
    expect(keys(dup.tree)).toEqual(["a", "s[b,r]", "s-copia[b-copia,r-copia]", "c"]);
    expect(componentAt(dup.tree, dup.path)?.fieldKey).toBe("s-copia");
    expect(keys(removeAt(tree(), [1, 0]))).toEqual(["a", "s[r]", "c"]);
    // A section cannot go into itself.
    expect(keys(moveInto(tree(), [1], [1]).tree)).toEqual(keys(tree()));
  });

  it("new components get free field keys and valid first values", () => {
    const t = tree();
    const added = [newComponent(t, "text", "Texto"), newComponent(t, "dropdown", "Lista"), newComponent(t, "section", "Sección")];
    expect(added.map((c) => c.fieldKey)).toEqual(["text", "dropdown", "section"]);
    expect(formTemplateBodySchema.safeParse({ title: "x", components: [...t, ...added] }).success).toBe(true);
  });

  it("maps the schema's issues to their components", () => {
    const r = formTemplateBodySchema.safeParse({ title: "x", components: [{ type: "text", fieldKey: "a b" }, { type: "section", fieldKey: "s", children: [{ type: "text", fieldKey: "" }] }] });
    expect(r.success).toBe(false);
    const map = problemsByComponent(r.success ? [] : r.error.issues);
    expect(map.get("0")).toEqual([{ field: "fieldKey", code: "fieldKeyPattern" }]);
    expect(map.get("1.0")).toEqual([{ field: "fieldKey", code: "fieldKeyRequired" }]);
  });
});

describe("renderer values", () => {
  const form: FormComponent[] = [
    { type: "dropdown", fieldKey: "region", options: [{ label: "N", value: "n" }, { label: "S", value: "s" }] },
    { type: "dropdown", fieldKey: "city", dependsOn: "region", options: [{ label: "A", value: "arica", parentValue: "n" }, { label: "O", value: "osorno", parentValue: "s" }] },
    { type: "section", fieldKey: "s", children: [{ type: "radio", fieldKey: "r1", required: true, options: [{ label: "ok", value: "ok" }] }, { type: "radio", fieldKey: "r2", options: [{ label: "ok", value: "ok" }, { label: "no", value: "no" }] }] },
  ];
  it("changing a parent clears a dependent choice that no longer fits", () => {
    let v = setValue(form, {}, "region", "n");
    v = setValue(form, v, "city", "arica");
    expect(setValue(form, v, "region", "n")).toEqual({ region: "n", city: "arica" });
    expect(setValue(form, v, "region", "s")).toEqual({ region: "s" });
  });
  it("a bulk default sets every radio group of the section; problems are the shared rules'", () => {
    expect(problemsOf(form, {})).toEqual({ r1: "valueRequired" });
    const section = form[2]!;
    expect(applyBulkDefault(section, {}, "ok")).toEqual({ r1: "ok", r2: "ok" });
    expect(problemsOf(form, { region: "n", city: "osorno", r1: "ok" })).toEqual({ city: "valueNotOption" });
  });
});
