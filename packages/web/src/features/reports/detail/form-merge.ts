import { DRUGS_TYPE_ID, type Priority, type Report, type UpdateReport } from "@atalaya/shared";

/** Fields of the report form, in display order. */
export const FORM_FIELDS = ["priority", "status", "type", "tagIds", "observations"] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** What the form edits. `status` holds the report's status; only in_progress ↔ in_observation can be sent. */
export interface FormValues {
  priority: Priority;
  status: Report["status"];
  type: number;
  tagIds: number[];
  observations: string;
}

/**
 * The form of one report: `base` is the last server state seen (with its `version`), `edits` only what
 * the operator changed and has not saved. Live updates replace `base` and never touch `edits`, so text
 * being typed is never lost when a colleague changes the report.
 */
export interface FormState {
  base: FormValues;
  version: number;
  edits: Partial<FormValues>;
}

/** The form values of a report. */
export function formValuesOf(report: Pick<Report, "priority" | "status" | "type" | "tags" | "observations">): FormValues {
  return {
    priority: report.priority,
    status: report.status,
    type: report.type,
    tagIds: report.tags.map((tag) => tag.id).sort((a, b) => a - b),
    observations: report.observations ?? "",
  };
}

/** Equality of two values of a field (tag lists compare as sets). */
export function sameValue<F extends FormField>(field: F, a: FormValues[F], b: FormValues[F]): boolean {
  if (field === "tagIds") {
    const left = [...(a as number[])].sort((x, y) => x - y);
    const right = [...(b as number[])].sort((x, y) => x - y);
    return left.length === right.length && left.every((value, index) => value === right[index]);
  }
  return a === b;
}

/** A fresh form for a report: nothing edited. */
export function initialFormState(report: Report): FormState {
  return { base: formValuesOf(report), version: report.version, edits: {} };
}

/** Records an edit; setting a field back to the server value makes it clean again. */
export function editField<F extends FormField>(state: FormState, field: F, value: FormValues[F]): FormState {
  const edits = { ...state.edits };
  if (sameValue(field, value, state.base[field])) delete edits[field];
  else edits[field] = value;
  return { ...state, edits };
}

/** Forgets the operator's edit of one field (take the colleague's value). */
export function discardEdit(state: FormState, field: FormField): FormState {
  const edits = { ...state.edits };
  delete edits[field];
  return { ...state, edits };
}

/** What the form shows: the operator's edits over the server state. */
export function currentValues(state: FormState): FormValues {
  return { ...state.base, ...state.edits };
}

/** Fields the operator changed and has not saved. */
export function dirtyFields(state: FormState): FormField[] {
  return FORM_FIELDS.filter((field) => {
    const edit = state.edits[field];
    return edit !== undefined && !sameValue(field, edit, state.base[field]);
  });
}

/** Outcome of merging a newer server report into the form. */
export interface MergeResult {
  state: FormState;
  /** Fields whose server value changed. */
  changed: FormField[];
  /** Changed fields the operator is also editing with a different value: shown so nothing is overwritten blindly. */
  conflicts: FormField[];
  /** Changed fields that now hold exactly what the operator had typed (typically the echo of their own save). */
  echoed: FormField[];
}

/**
 * Applies a report from the server (live event, refetch, 409 reload) to the form: read-only values
 * follow the server, fields being edited keep the operator's text. An older version is ignored; an
 * edit that now equals the server value becomes clean.
 */
export function mergeServerReport(state: FormState, report: Report): MergeResult {
  if (report.version < state.version) return { state, changed: [], conflicts: [], echoed: [] };
  const incoming = formValuesOf(report);
  const changed = FORM_FIELDS.filter((field) => !sameValue(field, incoming[field], state.base[field]));
  const dirty = new Set(dirtyFields(state));
  const conflicts = changed.filter((field) => {
    const edit = state.edits[field];
    return dirty.has(field) && edit !== undefined && !sameValue(field, edit, incoming[field]);
  });
  const echoed = changed.filter((field) => {
    const edit = state.edits[field];
    return edit !== undefined && sameValue(field, edit, incoming[field]);
  });
  const edits: Partial<FormValues> = {};
  for (const field of FORM_FIELDS) {
    const edit = state.edits[field];
    if (edit !== undefined && !sameValue(field, edit, incoming[field])) Object.assign(edits, { [field]: edit });
  }
  return { state: { base: incoming, version: report.version, edits }, changed, conflicts, echoed };
}

/** The PUT body for the dirty fields, or null when nothing is to be saved. */
export function buildUpdate(state: FormState, options: { confirmDrugs?: boolean } = {}): UpdateReport | null {
  const dirty = dirtyFields(state);
  if (dirty.length === 0) return null;
  const values = currentValues(state);
  const body: UpdateReport = { version: state.version };
  for (const field of dirty) {
    if (field === "priority") body.priority = values.priority;
    if (field === "observations") body.observations = values.observations.trim() === "" ? null : values.observations;
    if (field === "status" && (values.status === "in_progress" || values.status === "in_observation")) body.status = values.status;
    if (field === "type") body.type = values.type;
    if (field === "tagIds") body.tagIds = values.tagIds;
  }
  if (options.confirmDrugs) body.confirmDrugs = true;
  return Object.keys(body).some((key) => key !== "version" && key !== "confirmDrugs") ? body : null;
}

/** True when saving would turn the report into drugs, which SPEC §4 confirms first (private and anonymous). */
export function needsDrugsConfirmation(state: FormState): boolean {
  const edit = state.edits.type;
  return edit !== undefined && edit === DRUGS_TYPE_ID && state.base.type !== DRUGS_TYPE_ID;
}

/**
 * The form after a successful save: the saved report becomes the base; edits typed while the request
 * was in flight (different from what was sent) are kept.
 */
export function afterSave(state: FormState, sent: Partial<FormValues>, saved: Report): FormState {
  // A live event may already have brought a newer version than the save's answer.
  const newer = saved.version >= state.version;
  const base = newer ? formValuesOf(saved) : state.base;
  const edits: Partial<FormValues> = {};
  for (const field of FORM_FIELDS) {
    const edit = state.edits[field];
    if (edit === undefined) continue;
    const sentValue = sent[field];
    const unchangedSinceSend = sentValue !== undefined && sameValue(field, edit, sentValue);
    if (!unchangedSinceSend && !sameValue(field, edit, base[field])) Object.assign(edits, { [field]: edit });
  }
  return { base, version: newer ? saved.version : state.version, edits };
}
