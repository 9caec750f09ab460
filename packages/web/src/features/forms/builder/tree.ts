import { walkComponents, type FormComponent, type FormComponentType } from "@atalaya/shared";

// The builder's edits of a component tree, addressed by index paths ([2, 0] is the first child of
// the third component). Every function answers a new tree and leaves the old one as it was.

export type TreePath = readonly number[];

/** The component at a path, if any. */
export function componentAt(tree: readonly FormComponent[], path: TreePath): FormComponent | undefined {
  let list: readonly FormComponent[] | undefined = tree;
  let found: FormComponent | undefined;
  for (const i of path) {
    found = list?.[i];
    list = found?.children;
  }
  return found;
}

function mapList(tree: readonly FormComponent[], parent: TreePath, fn: (list: FormComponent[]) => FormComponent[]): FormComponent[] {
  if (parent.length === 0) return fn([...tree]);
  const [head, ...rest] = parent;
  return tree.map((c, i) => (i === head ? { ...c, children: mapList(c.children ?? [], rest, fn) } : c));
}

/** Replaces the component at a path. */
export function updateAt(tree: readonly FormComponent[], path: TreePath, fn: (c: FormComponent) => FormComponent): FormComponent[] {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1]!;
  return mapList(tree, parent, (list) => list.map((c, i) => (i === index ? fn(c) : c)));
}

/** Removes the component at a path. */
export function removeAt(tree: readonly FormComponent[], path: TreePath): FormComponent[] {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1]!;
  return mapList(tree, parent, (list) => list.filter((_, i) => i !== index));
}

/** Inserts a component into the list at `parent` (a section's path, or [] for the top) at `index`. */
export function insertAt(tree: readonly FormComponent[], parent: TreePath, index: number, c: FormComponent): FormComponent[] {
  return mapList(tree, parent, (list) => [...list.slice(0, index), c, ...list.slice(index)]);
}

/** Moves a component among its siblings from one index to another. */
export function moveWithin(tree: readonly FormComponent[], parent: TreePath, from: number, to: number): FormComponent[] {
  return mapList(tree, parent, (list) => {
    if (to < 0 || to >= list.length || from === to) return list;
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    return next;
  });
}

/** Moves a component into a section (as its last child); answers the tree and the component's new path. */
export function moveInto(tree: readonly FormComponent[], path: TreePath, section: TreePath): { tree: FormComponent[]; path: number[] } {
  const c = componentAt(tree, path);
  const target = componentAt(tree, section);
  if (!c || !target || target.type !== "section" || section.join(".").startsWith(path.join("."))) return { tree: [...tree], path: [...path] };
  // Removing first shifts the section's index when it came after the component among the same siblings.
  const removed = removeAt(tree, path);
  const adjusted = [...section];
  const depth = path.length - 1;
  if (adjusted.length > depth && adjusted.slice(0, depth).join(".") === path.slice(0, depth).join(".") && adjusted[depth]! > path[depth]!) adjusted[depth]!--;
  const count = componentAt(removed, adjusted)?.children?.length ?? 0;
  return { tree: insertAt(removed, adjusted, count, c), path: [...adjusted, count] };
}

/** Moves a component out of its section, right after the section. */
export function moveOut(tree: readonly FormComponent[], path: TreePath): { tree: FormComponent[]; path: number[] } {
  if (path.length < 2) return { tree: [...tree], path: [...path] };
  const c = componentAt(tree, path)!;
  const section = path.slice(0, -1);
  const removed = removeAt(tree, path);
  const grand = section.slice(0, -1);
  const at = section[section.length - 1]! + 1;
  return { tree: insertAt(removed, grand, at, c), path: [...grand, at] };
}

/** Every field key in the tree. */
export function fieldKeys(tree: readonly FormComponent[]): Set<string> {
  return new Set(walkComponents(tree).map((l) => l.component.fieldKey));
}

/** A field key not used yet: `base`, `base-2`, `base-3`… */
export function freeKey(tree: readonly FormComponent[], base: string): string {
  const used = fieldKeys(tree);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A copy of a component (its children too) with fresh field keys, placed right after it. */
export function duplicateAt(tree: readonly FormComponent[], path: TreePath): { tree: FormComponent[]; path: number[] } {
  const c = componentAt(tree, path);
  if (!c) return { tree: [...tree], path: [...path] };
  let current = [...tree];
  const rekey = (x: FormComponent): FormComponent => {
    const key = freeKey(current, `${x.fieldKey || x.type}-copia`);
    // Reserve the key so the next copy gets another one.
    current = [...current, { type: "textSection", fieldKey: key }];
    return { ...structuredClone(x), fieldKey: key, ...(x.children ? { children: x.children.map(rekey) } : {}) };
  };
  const copy = rekey(c);
  const parent = path.slice(0, -1);
  const at = path[path.length - 1]! + 1;
  return { tree: insertAt(tree, parent, at, copy), path: [...parent, at] };
}

/** A new component of a type with sensible first values. */
export function newComponent(tree: readonly FormComponent[], type: FormComponentType, label: string): FormComponent {
  const fieldKey = freeKey(tree, type.toLowerCase());
  switch (type) {
    case "dropdown":
    case "radio":
      return { type, fieldKey, label, options: [{ label: "Opción 1", value: "opcion-1" }, { label: "Opción 2", value: "opcion-2" }] };
    case "numeric":
      return { type, fieldKey, label, numberKind: "integer" };
    case "date":
      return { type, fieldKey, label, dateKind: "date" };
    case "images":
      return { type, fieldKey, label, fileLimit: 3 };
    case "section":
      return { type, fieldKey, label, children: [] };
    case "textSection":
      return { type, fieldKey, label, style: "normal" };
    case "bulkDefault":
      return { type, fieldKey, label, defaultValue: "" };
    default:
      return { type, fieldKey, label };
  }
}

/** Issue paths of the template schema ("components.1.children.0.fieldKey") by component path. */
export function problemsByComponent(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Map<string, { field: string; code: string }[]> {
  const out = new Map<string, { field: string; code: string }[]>();
  for (const issue of issues) {
    if (issue.path[0] !== "components") continue;
    const indices: number[] = [];
    let i = 1;
    while (typeof issue.path[i] === "number") {
      indices.push(issue.path[i] as number);
      if (issue.path[i + 1] === "children" && typeof issue.path[i + 2] === "number") i += 2;
      else {
        i += 1;
        break;
      }
    }
    const key = indices.join(".");
    const field = issue.path.slice(i).map(String).join(".");
    out.set(key, [...(out.get(key) ?? []), { field, code: issue.message }]);
  }
  return out;
}
