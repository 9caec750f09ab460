import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { FIELD_KEY_MAX, FIELD_KEY_PATTERN, formSubmissionBodySchema, formSubmissionSchema, formTemplateSchema, walkComponents, type FormComponent, type FormTemplate } from "./forms.js";
import { reportSchema } from "./reports.js";

// Issue 16: a report's workflow form (the detail's "Formulario" tab), its section assignment and the
// per-type workflow setting. The report's own fields are in report-form-fields.ts.

const id = z.number().int().positive().max(MAX_ID);

/** The field keys (value components, and sections for their bulk buttons) a user may not fill: those
 * inside a section assigned to others. The nearest enclosing section that has anyone assigned decides;
 * a section nobody is assigned to is open to whoever works the report. */
export function lockedFieldKeys(components: readonly FormComponent[], sectionsUsers: Readonly<Record<string, readonly number[]>>, userId: number): Set<string> {
  const locked = new Set<string>();
  const visit = (list: readonly FormComponent[], owners: readonly number[] | undefined) => {
    for (const c of list) {
      const assigned = c.type === "section" && sectionsUsers[c.fieldKey]?.length ? sectionsUsers[c.fieldKey] : owners;
      if (assigned && !assigned.includes(userId)) locked.add(c.fieldKey);
      if (c.children) visit(c.children, assigned);
    }
  };
  visit(components, undefined);
  return locked;
}

/** The section field keys of a template (what sectionsUsers may name). */
export function sectionKeys(components: readonly FormComponent[]): string[] {
  return walkComponents(components).filter((l) => l.component.type === "section").map((l) => l.component.fieldKey);
}

export const reportFormParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/** GET …/reports/{id}/form: the type's workflow template (current version; null: the type follows
 * none), the report's latest submission of it with the version it filled, and the selector lists its
 * predefined lists offer. */
export const reportFormSchema = z.object({
  workflow: formTemplateSchema.nullable(),
  submission: formSubmissionSchema.nullable(),
  submissionTemplate: formTemplateSchema.nullable(),
  selectors: z.array(z.object({ id: z.number(), items: z.array(z.string()) })),
});
export type ReportForm = Omit<z.infer<typeof reportFormSchema>, "workflow" | "submissionTemplate"> & { workflow: FormTemplate | null; submissionTemplate: FormTemplate | null };
/** The form as its schema infers it (what a route answers). */
export type ReportFormWire = z.infer<typeof reportFormSchema>;
export const reportFormResponseSchema = z.object({ success: z.literal(true), form: reportFormSchema });

/** POST …/reports/{id}/form: the whole form's values (sections of others unchanged), and the
 * submission they start from (null for the first): another one saved since is 409 staleVersion. */
export const reportFormBodySchema = formSubmissionBodySchema.extend({ basedOn: id.nullable() });
export type ReportFormBody = z.infer<typeof reportFormBodySchema>;
export const reportFormSubmittedSchema = z.object({ success: z.literal(true), form: reportFormSchema, report: reportSchema });

/** PUT …/reports/{id}/sections-users: section field key → the members who fill it (an empty list
 * opens the section to whoever works the report). */
export const sectionsUsersBodySchema = z.object({
  sectionsUsers: z
    .record(z.string().max(FIELD_KEY_MAX).regex(FIELD_KEY_PATTERN), z.array(id).max(50))
    .refine((r) => Object.keys(r).length <= 100, { message: "tooManyComponents" }),
});
export const reportResponseWithFormSchema = z.object({ success: z.literal(true), report: reportSchema });

/** A report type's workflow in one company. */
export const reportTypeWorkflowSchema = z.object({ typeId: z.number(), templateId: z.number() });
export const reportTypeWorkflowsResponseSchema = z.object({ success: z.literal(true), workflows: z.array(reportTypeWorkflowSchema) });
/** `id` is the report type's (0 is one): the route walks of the tests fill every `{id}` alike. */
export const reportTypeWorkflowParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().min(0).max(MAX_ID),
});
/** PUT …/report-type-workflows/{id} (a report type id): the template the type's reports follow, or null for none. */
export const reportTypeWorkflowBodySchema = z.object({ templateId: id.nullable() });
