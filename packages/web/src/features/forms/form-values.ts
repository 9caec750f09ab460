import { checkSubmissionValues, optionsOf, walkComponents, type FormComponent, type FormsMessage, type SelectorItems } from "@atalaya/shared";
import { formatCalendarDay, formatInstant } from "../../lib/dates";

// The renderer's pure logic: starting values, what changing one value does to the others, and the
// shared check of a submission turned into one problem per field key.

export type Values = Record<string, unknown>;

/** Starting values: each component's default value (a disabled field keeps it). */
export function initialValues(components: readonly FormComponent[]): Values {
  const values: Values = {};
  for (const { component: c } of walkComponents(components)) {
    if (c.defaultValue === undefined || c.defaultValue === null) continue;
    if (c.type === "text" && typeof c.defaultValue === "string") values[c.fieldKey] = c.defaultValue;
    else if (c.type === "numeric" && typeof c.defaultValue === "number") values[c.fieldKey] = c.defaultValue;
    else if ((c.type === "dropdown" || c.type === "radio" || c.type === "list") && (typeof c.defaultValue === "string" || Array.isArray(c.defaultValue))) values[c.fieldKey] = c.defaultValue;
    else if (c.type === "date" && typeof c.defaultValue === "string") values[c.fieldKey] = c.defaultValue;
  }
  return values;
}

/** Sets one value; fields that depend on it lose choices that are no longer among their options,
 * and so on down the chain. */
export function setValue(components: readonly FormComponent[], values: Values, key: string, value: unknown, selectors?: SelectorItems): Values {
  const next: Values = { ...values, [key]: value };
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) delete next[key];
  const all = walkComponents(components).map((l) => l.component);
  const queue = [key];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const child of all.filter((c) => c.dependsOn === parent)) {
      const current = next[child.fieldKey];
      if (current === undefined) continue;
      const allowed = new Set(optionsOf(child, next, selectors).map((o) => o.value));
      const kept = Array.isArray(current) ? current.filter((v) => allowed.has(v as string)) : allowed.has(current as string) ? current : undefined;
      if (kept === undefined || (Array.isArray(kept) && kept.length === 0)) delete next[child.fieldKey];
      else next[child.fieldKey] = kept;
      queue.push(child.fieldKey);
    }
  }
  return next;
}

/** A bulk default: every radio group of the section takes the chosen value. */
export function applyBulkDefault(section: FormComponent, values: Values, value: string): Values {
  const next = { ...values };
  for (const c of section.children ?? []) if (c.type === "radio" && c.options?.some((o) => o.value === value)) next[c.fieldKey] = value;
  return next;
}

/** The problems of the values, one per field key (the first), as the shared rules' codes. */
export function problemsOf(components: readonly FormComponent[], values: Values, selectors?: SelectorItems): Record<string, FormsMessage> {
  const problems: Record<string, FormsMessage> = {};
  // Values of components no longer in the form (the builder's preview) are not the filler's problem.
  const keys = new Set(walkComponents(components).map((l) => l.component.fieldKey));
  const known = Object.fromEntries(Object.entries(values).filter(([k]) => keys.has(k)));
  checkSubmissionValues(components, known, {
    addIssue: ({ message, path }) => {
      const key = String(path[1] ?? "");
      problems[key] ??= message as FormsMessage;
    },
  }, selectors);
  return problems;
}

/** Only the extras of options still chosen. */
export function keptExtras(components: readonly FormComponent[], values: Values, extras: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { component: c } of walkComponents(components)) {
    const extra = extras[c.fieldKey]?.trim();
    if (!extra) continue;
    const v = values[c.fieldKey];
    const chosen = Array.isArray(v) ? v : [v];
    if (c.options?.some((o) => o.extraValue && chosen.includes(o.value))) out[c.fieldKey] = extra;
  }
  return out;
}

/** A date component's value as the portal writes dates (lib/dates): a day ("2026-03-02") as "2 mar 2026",
 * an instant (ISO, for `dateKind: "datetime"`) in the portal's date-time format in the reader's time
 * zone; anything unreadable as stored. */
export function dateText(c: Pick<FormComponent, "dateKind">, value: unknown, lang: string, zone: string): string {
  const text = String(value);
  if (c.dateKind === "datetime") return (/^\d{4}-\d{2}-\d{2}T/.test(text) && formatInstant(text, zone, lang)) || text;
  return formatCalendarDay(text, lang);
}
