import {
  lockedFieldKeys,
  sectionKeys,
  submissionBodySchemaFor,
  walkComponents,
  type FieldError,
  type FormComponent,
  type FormTemplate,
  type FormWriteBack,
  type GeoValue,
  type Report,
  type ReportExtraInfo,
  type ReportForm,
  type ReportFormBody,
} from "@atalaya/shared";
import { requireAccess, type CompanyScope, type TenantScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/db.js";
import { AppError, invalidField, notFound } from "../http/errors.js";
import { zoneOffsetMs } from "../exports/index.js";
import { executeReportCommand, findReport, requireActiveType, requireOpen, type ReportRow } from "../reports/index.js";
import * as repo from "./form.repository.js";
import { presentSubmission, usedSelectors } from "./form.service.js";

// Forms tied to reports (issue 16, SPEC §2 "form (unusable until the report is taken)", §3 workflow,
// sectionsUsers, optionalCode, extraInfo): the template a company's reports of a type follow, the
// report's submissions of it (each a whole copy of the form, the latest read back), who fills which
// section, and what a submission changes on the report. The report's own tables are the reports
// domain's: this module gives its commands (writeBackForm, assignSections) and writes only the form's.

const NO_FORM: ReportForm = { workflow: null, submission: null, submissionTemplate: null, selectors: [] };

async function loadReport(db: Tx, scope: TenantScope, reportId: number): Promise<ReportRow> {
  const row = await findReport(db, scope, reportId);
  if (!row) throw notFound();
  return row;
}

/** What the report's form tab shows: the workflow at its current version, the latest submission with
 * the version it filled, and the selector lists both use. */
async function formState(db: Tx, scope: TenantScope, reportId: number, workflow: number | null): Promise<ReportForm> {
  if (workflow === null) return NO_FORM;
  const template = await repo.findTemplate(db, scope, workflow);
  if (!template) return NO_FORM;
  const latest = await repo.latestReportSubmission(db, scope, reportId, workflow);
  const filled = latest && latest.version !== template.version ? ((await repo.findTemplateVersions(db, scope, workflow, [latest.version]))[0] ?? null) : latest ? template : null;
  const selectors = usedSelectors(filled ? [template, filled] : [template], await repo.selectorItems(db, scope));
  return { workflow: template, submission: latest ? presentSubmission(latest) : null, submissionTemplate: filled, selectors };
}

/** The report's workflow form as the scope sees the report (404 otherwise). */
export async function reportForm(ctx: AppContext, scope: CompanyScope, reportId: number): Promise<ReportForm> {
  const row = await loadReport(ctx.db, scope, reportId);
  return formState(ctx.db, scope, row.id, row.workflow);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** A date component's value as an instant: a date or a wall-clock date-time read in the report's
 * zone (two steps settle the offset across a daylight-saving change); one with an offset as written. */
export function formDateInstant(value: string, timeZone: string): Date {
  if (/(?:Z|[+-]\d{2}:\d{2})$/.test(value)) return new Date(value);
  const [day, time = "00:00"] = value.split("T") as [string, string?];
  const wall = Date.parse(`${day}T${time.length === 5 ? `${time}:00` : time}Z`);
  const offset = (instant: number) => zoneOffsetMs(instant, timeZone);
  const guess = wall - offset(wall);
  return new Date(wall - offset(guess));
}

/** What a value reads as on the report (options by their labels). */
function valueText(c: FormComponent, v: unknown): string {
  const labelOf = (x: unknown) => c.options?.find((o) => o.value === x)?.label ?? String(x);
  if (Array.isArray(v)) return v.map(labelOf).join(", ");
  if (typeof v === "object" && v !== null && "lat" in v) {
    const g = v as GeoValue;
    return g.address ? `${g.address} (${g.lat}, ${g.lng})` : `${g.lat}, ${g.lng}`;
  }
  return labelOf(v).slice(0, 500);
}

/** SPEC §3 optionalCode and extraInfo from a submission: the first filled component marked
 * writesOptionalCode, and every filled one marked writesExtraInfo; null where the form has none. */
export function writeBack(components: readonly FormComponent[], values: Record<string, unknown>): { optionalCode: string | null; extraInfo: ReportExtraInfo[] | null } | undefined {
  const all = walkComponents(components).map((l) => l.component);
  const codes = all.filter((c) => c.writesOptionalCode);
  const infos = all.filter((c) => c.writesExtraInfo);
  if (codes.length === 0 && infos.length === 0) return undefined;
  const code = codes.find((c) => !isEmpty(values[c.fieldKey]));
  return {
    optionalCode: code ? valueText(code, values[code.fieldKey]).slice(0, 200) : null,
    extraInfo: infos.length ? infos.filter((c) => !isEmpty(values[c.fieldKey])).map((c) => ({ fieldKey: c.fieldKey, label: c.label || c.fieldKey, value: valueText(c, values[c.fieldKey]) })) : null,
  };
}

/** Saves the report's workflow form: only a taken report (409 notTaken, alreadyClosed), from the
 * latest submission (409 staleVersion otherwise), values checked against the template's current
 * version (400 at `values.<fieldKey>`; a required field of a section assigned to others is theirs to
 * fill), sections assigned to others unchanged (403 sectionNotAssigned at their fields). The
 * submission is linked to the report; a geolocation marked "changes report location" moves the report
 * (inside the company's zones: 422 notInZone), a date marked "changes report creation date" sets its
 * creation date (not in the future), optionalCode and extraInfo are written back; the activity log
 * records each, and the report's update goes live to its viewers (every attending company's when the
 * shared report moved or changed date). */
export async function submitReportForm(ctx: AppContext, scope: CompanyScope, reportId: number, body: ReportFormBody): Promise<{ form: ReportForm; report: Report }> {
  requireAccess(scope, "forms.fill");
  const current = await loadReport(ctx.db, scope, reportId);
  if (current.deleted_by === "admin") throw new AppError(409, "invalidTransition", "deletedByAdmin");
  requireOpen(current);
  if (current.workflow === null) throw notFound();
  const template = await repo.findTemplate(ctx.db, scope, current.workflow);
  if (!template || template.deleted) throw notFound();
  const userId = scope.actor.user.id;
  const selectors = await repo.selectorItems(ctx.db, scope);
  const lockedNow = lockedFieldKeys(template.components, current.sections_users, userId);
  const checked = submissionBodySchemaFor(template.components, selectors).safeParse({ values: body.values, extras: body.extras });
  const problems: FieldError[] = checked.success
    ? []
    : checked.error.issues
        .map((i) => ({ field: i.path.join("."), code: i.message }))
        .filter((p) => !(p.code === "valueRequired" && lockedNow.has(p.field.replace(/^values\./, ""))));
  if (problems.length) throw new AppError(400, "validation", "Validation errors", problems);
  const values = body.values as Record<string, unknown>;
  const extras = body.extras ?? {};
  const fields = walkComponents(template.components).map((l) => l.component);
  const mover = fields.find((c) => c.type === "geolocation" && c.changesReportLocation && !isEmpty(values[c.fieldKey]));
  const dater = fields.find((c) => c.type === "date" && c.changesReportDate && !isEmpty(values[c.fieldKey]));

  const report = await executeReportCommand(ctx, scope, reportId, {
    kind: "writeBackForm",
    shared: mover !== undefined || dater !== undefined,
    // Inside the command's transaction, under the attention's lock (reports' writeBackFormChange).
    submit: async (tx, row) => {
      // The type's workflow or the section assignment changed since the check above: load again.
      if (row.workflow !== template.id) throw new AppError(409, "conflict", "staleVersion");
      const latest = await repo.latestReportSubmission(tx, scope, reportId, template.id);
      if ((latest?.id ?? null) !== body.basedOn) throw new AppError(409, "conflict", "staleVersion");
      const before = latest?.values ?? {};
      const beforeExtras = latest?.extras ?? {};
      const locked = lockedFieldKeys(template.components, row.sections_users, userId);
      const touched = [...locked].filter((k) => !same(values[k], before[k]) || !same(extras[k], beforeExtras[k]));
      if (touched.length) {
        throw new AppError(403, "sectionNotAssigned", "section assigned to others", touched.map((k) => ({ field: `values.${k}`, code: "sectionNotAssigned" })));
      }
      const images = fields.flatMap((c) => (c.type === "images" && Array.isArray(values[c.fieldKey]) ? (values[c.fieldKey] as string[]) : []));
      if (new Set(images).size !== images.length) throw invalidField("values", "valueInvalid");
      // Images the previous copy already held stay claimed by it; new ones must be unclaimed uploads.
      const kept = new Set(fields.flatMap((c) => (c.type === "images" && Array.isArray(before[c.fieldKey]) ? (before[c.fieldKey] as string[]) : [])));
      const added = images.filter((n) => !kept.has(n));
      const submissionId = await repo.insertSubmission(tx, scope, { templateId: template.id, version: template.version, values, extras, authorId: userId, via: "portal", linkId: null, reportId });
      if ((await repo.claimFormFiles(tx, scope, template.id, submissionId, added)) !== added.length) throw invalidField("values", "valueInvalid");
      const out: FormWriteBack = { log: { submissionId, templateId: template.id, version: template.version, title: template.title } };
      if (mover && !same(values[mover.fieldKey], before[mover.fieldKey])) {
        const g = values[mover.fieldKey] as GeoValue;
        out.location = { field: `values.${mover.fieldKey}`, latitude: g.lat, longitude: g.lng, address: g.address ?? row.address };
      }
      if (dater && !same(values[dater.fieldKey], before[dater.fieldKey]))
        out.createdAt = { field: `values.${dater.fieldKey}`, at: formDateInstant(values[dater.fieldKey] as string, row.timezone) };
      const back = writeBack(template.components, values);
      if (back) out.writeBack = back;
      return out;
    },
  });
  return { report, form: await formState(ctx.db, scope, reportId, template.id) };
}

/** Assigns the sections of the report's workflow form to members (company admins): each key a section
 * of the workflow's current version, each id a member of the company (400 otherwise); an empty list
 * opens the section again. Logged and live as a report update. */
export async function assignSections(ctx: AppContext, scope: CompanyScope, reportId: number, sectionsUsers: Record<string, number[]>): Promise<Report> {
  const current = await loadReport(ctx.db, scope, reportId);
  requireAccess(scope, "forms.manage");
  if (current.workflow === null) throw notFound();
  const template: FormTemplate | undefined = await repo.findTemplate(ctx.db, scope, current.workflow);
  if (!template) throw notFound();
  const sections = new Set(sectionKeys(template.components));
  const fields: FieldError[] = [];
  for (const key of Object.keys(sectionsUsers)) if (!sections.has(key)) fields.push({ field: `sectionsUsers.${key}`, code: "invalid" });
  const ids = [...new Set(Object.values(sectionsUsers).flat())];
  const members = await repo.memberIds(ctx.db, scope, ids);
  for (const [key, users] of Object.entries(sectionsUsers)) if (users.some((u) => !members.has(u))) fields.push({ field: `sectionsUsers.${key}`, code: "invalid_member" });
  if (fields.length) throw new AppError(400, "validation", "Validation errors", fields);
  const kept = Object.fromEntries(Object.entries(sectionsUsers).filter(([, users]) => users.length > 0).map(([k, users]) => [k, [...new Set(users)]]));
  return executeReportCommand(ctx, scope, reportId, { kind: "assignSections", sectionsUsers: kept });
}

/** The company's report types that follow a form. */
export function reportTypeWorkflows(ctx: AppContext, scope: CompanyScope) {
  return repo.listWorkflows(ctx.db, scope);
}

/** Sets the template a report type's reports follow (company admins): a type the company attends (404
 * otherwise, as any record not its own), a template of the company that is not deleted (400 templateId
 * otherwise); null removes it. */
export async function setReportTypeWorkflow(ctx: AppContext, scope: CompanyScope, typeId: number, templateId: number | null): Promise<{ typeId: number; templateId: number }[]> {
  if (!(await repo.attendsType(ctx.db, scope, typeId))) throw notFound();
  requireActiveType(typeId);
  if (templateId !== null) {
    const t = await repo.findTemplate(ctx.db, scope, templateId);
    if (!t || t.deleted) throw invalidField("templateId", "invalid");
  }
  await repo.setWorkflow(ctx.db, scope, typeId, templateId);
  return repo.listWorkflows(ctx.db, scope);
}
