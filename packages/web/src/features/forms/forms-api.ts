import {
  exportJobCreatedSchema,
  exportJobStatusSchema,
  formCategoriesResponseSchema,
  formCategoryResponseSchema,
  formLinkResponseSchema,
  formLinksResponseSchema,
  formSubmissionResponseSchema,
  formSubmissionsResponseSchema,
  formSubmittedResponseSchema,
  formTemplateResponseSchema,
  formTemplatesResponseSchema,
  publicFormResponseSchema,
  reportFormResponseSchema,
  reportFormSubmittedSchema,
  reportResponseWithFormSchema,
  reportTypeWorkflowsResponseSchema,
  selectorsResponseSchema,
  successSchema,
  type ExportJobStatus,
  type FormCategory,
  type FormCategoryBody,
  type FormSubmissionBody,
  type FormTemplate,
  type FormTemplateBody,
  type Report,
  type ReportForm,
  type ReportFormBody,
} from "@atalaya/shared";
import { z } from "zod";
import { api } from "../../lib/api";

// The forms domain's calls (issue 16), typed by the shared schemas.

export const formKeys = {
  templates: (companyId: number, q = "") => ["forms", "templates", companyId, q] as const,
  template: (companyId: number, id: number) => ["forms", "template", companyId, id] as const,
  categories: (companyId: number) => ["forms", "categories", companyId] as const,
  submissions: (companyId: number, id: number, filter: unknown) => ["forms", "submissions", companyId, id, filter] as const,
  submission: (companyId: number, id: number) => ["forms", "submission", companyId, id] as const,
  links: (companyId: number, id: number) => ["forms", "links", companyId, id] as const,
  selectors: (companyId: number) => ["forms", "selectors", companyId] as const,
  workflows: (companyId: number) => ["forms", "workflows", companyId] as const,
  // Under ["reports"] like the rest of the detail, so a company switch forgets it too.
  reportForm: (companyId: number, reportId: number) => ["reports", "detail", companyId, reportId, "form"] as const,
};

const base = (companyId: number) => `/companies/${companyId}`;
// Components are typed by the shared interface (the schema's recursive shape is looser).
const asTemplate = (t: unknown) => t as FormTemplate;

/** `GET …/form-templates?q=`: templates at their current version. */
export function fetchTemplates(companyId: number, q: string, signal?: AbortSignal): Promise<FormTemplate[]> {
  return api.get(`${base(companyId)}/form-templates`, { signal, query: { q: q || undefined }, schema: formTemplatesResponseSchema.transform((b) => b.templates.map(asTemplate)) });
}

/** `GET …/form-templates/{id}`. */
export function fetchTemplate(companyId: number, id: number, signal?: AbortSignal): Promise<FormTemplate> {
  return api.get(`${base(companyId)}/form-templates/${id}`, { signal, schema: formTemplateResponseSchema.transform((b) => asTemplate(b.template)) });
}

/** `POST …/form-templates` or `PUT …/form-templates/{id}`. */
export function saveTemplate(companyId: number, id: number | null, body: FormTemplateBody): Promise<FormTemplate> {
  const schema = formTemplateResponseSchema.transform((b) => asTemplate(b.template));
  return id === null ? api.post(`${base(companyId)}/form-templates`, body, { schema }) : api.put(`${base(companyId)}/form-templates/${id}`, body, { schema });
}

/** `DELETE …/form-templates/{id}`. */
export function deleteTemplate(companyId: number, id: number): Promise<unknown> {
  return api.delete(`${base(companyId)}/form-templates/${id}`, { schema: successSchema });
}

/** `GET …/form-categories`. */
export function fetchCategories(companyId: number, signal?: AbortSignal): Promise<FormCategory[]> {
  return api.get(`${base(companyId)}/form-categories`, { signal, schema: formCategoriesResponseSchema.transform((b) => b.categories) });
}

/** `POST …/form-categories`. */
export function createCategory(companyId: number, body: FormCategoryBody): Promise<FormCategory> {
  return api.post(`${base(companyId)}/form-categories`, body, { schema: formCategoryResponseSchema.transform((b) => b.category) });
}

/** `DELETE …/form-categories/{id}`. */
export function deleteCategory(companyId: number, id: number): Promise<unknown> {
  return api.delete(`${base(companyId)}/form-categories/${id}`, { schema: successSchema });
}

/** `GET …/selectors`: the company's selector lists as id → items (the predefined lists' options). */
export function fetchSelectorItems(companyId: number, signal?: AbortSignal): Promise<Map<number, string[]>> {
  return api.get(`${base(companyId)}/selectors`, { signal, schema: selectorsResponseSchema.transform((b) => new Map(b.selectors.map((s) => [s.id, s.items.map((i) => i.name)]))) });
}

/** `GET …/selectors` with names, for the builder's predefined list picker. */
export function fetchSelectorNames(companyId: number, signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  return api.get(`${base(companyId)}/selectors`, { signal, schema: selectorsResponseSchema.transform((b) => b.selectors.map((s) => ({ id: s.id, name: s.name }))) });
}

export interface SubmissionFilter {
  authorId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  filters?: Record<string, string> | undefined;
  page: number;
}

/** `GET …/form-submissions?templateId=`: a page of submissions with the versions they filled. */
export function fetchSubmissions(companyId: number, templateId: number, f: SubmissionFilter, signal?: AbortSignal) {
  const filters = f.filters && Object.keys(f.filters).length ? JSON.stringify(f.filters) : undefined;
  return api.get(`${base(companyId)}/form-submissions`, {
    signal,
    query: { templateId, authorId: f.authorId, from: f.from, to: f.to, filters, page: f.page },
    schema: formSubmissionsResponseSchema.transform((b) => ({ ...b, versions: b.versions.map(asTemplate) })),
  });
}

/** `GET …/form-submissions/{id}` with the template version it filled. */
export function fetchSubmission(companyId: number, id: number, signal?: AbortSignal) {
  return api.get(`${base(companyId)}/form-submissions/${id}`, { signal, schema: formSubmissionResponseSchema.transform((b) => ({ ...b, template: asTemplate(b.template) })) });
}

/** `POST …/form-templates/{id}/submissions`. */
export function submitForm(companyId: number, templateId: number, body: FormSubmissionBody) {
  return api.post(`${base(companyId)}/form-templates/${templateId}/submissions`, body, { schema: formSubmittedResponseSchema.transform((b) => b.submission) });
}

/** Uploads one image (multipart `file`); answers its stored name. `path` is the upload route. */
export async function uploadImage(path: string, file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  return api.post(path, form, { schema: z.object({ name: z.string() }).transform((b) => b.name) });
}

export const templateUploadPath = (companyId: number, templateId: number) => `${base(companyId)}/form-templates/${templateId}/files`;
export const publicUploadPath = (token: string) => `/public/forms/${token}/files`;
export const formFileUrl = (companyId: number, name: string) => `/api${base(companyId)}/form-files/${encodeURIComponent(name)}`;

/** `GET/POST/DELETE …/form-templates/{id}/links`. */
export function fetchLinks(companyId: number, templateId: number, signal?: AbortSignal) {
  return api.get(`${base(companyId)}/form-templates/${templateId}/links`, { signal, schema: formLinksResponseSchema.transform((b) => b.links) });
}
export function createLink(companyId: number, templateId: number, expiresAt: string | null) {
  return api.post(`${base(companyId)}/form-templates/${templateId}/links`, { expiresAt }, { schema: formLinkResponseSchema.transform((b) => b.link) });
}
export function revokeLink(companyId: number, linkId: number) {
  return api.delete(`${base(companyId)}/form-links/${linkId}`, { schema: formLinkResponseSchema.transform((b) => b.link) });
}

/** `GET /api/public/forms/{token}`: the template a fill link opens. */
export function fetchPublicForm(token: string, signal?: AbortSignal) {
  return api.get(`/public/forms/${token}`, {
    signal,
    redirectOnUnauthorized: false,
    schema: publicFormResponseSchema.transform((b) => ({ template: asTemplate(b.template), selectors: new Map(b.selectors.map((s) => [s.id, s.items])) })),
  });
}

/** `POST /api/public/forms/{token}`. */
export function submitPublicForm(token: string, body: FormSubmissionBody) {
  return api.post(`/public/forms/${token}`, body, { redirectOnUnauthorized: false, schema: formSubmittedResponseSchema.transform((b) => b.submission) });
}

/** `POST …/form-submissions/exports`, then `GET …/exports/{jobId}` until done. */
export function startExport(companyId: number, templateId: number): Promise<number> {
  return api.post(`${base(companyId)}/form-submissions/exports`, { templateId }, { schema: exportJobCreatedSchema.transform((b) => b.jobId) });
}
export function fetchExportStatus(companyId: number, jobId: number, signal?: AbortSignal): Promise<ExportJobStatus> {
  return api.get(`${base(companyId)}/form-submissions/exports/${jobId}`, { signal, schema: exportJobStatusSchema });
}
export const exportFileUrl = (companyId: number, jobId: number) => `${base(companyId)}/form-submissions/exports/${jobId}/file`;

// ── Reports' workflow forms (issue 16) ────────────────────────────────────────────────────────────

const asForm = (f: unknown) => f as ReportForm;

/** `GET …/report-type-workflows`: the report types whose reports follow a form. */
export function fetchWorkflows(companyId: number, signal?: AbortSignal): Promise<{ typeId: number; templateId: number }[]> {
  return api.get(`${base(companyId)}/report-type-workflows`, { signal, schema: reportTypeWorkflowsResponseSchema.transform((b) => b.workflows) });
}

/** `PUT …/report-type-workflows/{typeId}`: the template a type's reports follow (null: none). */
export function saveWorkflow(companyId: number, typeId: number, templateId: number | null): Promise<{ typeId: number; templateId: number }[]> {
  return api.put(`${base(companyId)}/report-type-workflows/${typeId}`, { templateId }, { schema: reportTypeWorkflowsResponseSchema.transform((b) => b.workflows) });
}

/** `GET …/reports/{id}/form`: the report's workflow form and its latest submission. */
export function fetchReportForm(companyId: number, reportId: number, signal?: AbortSignal): Promise<ReportForm> {
  return api.get(`${base(companyId)}/reports/${reportId}/form`, { signal, schema: reportFormResponseSchema.transform((b) => asForm(b.form)) });
}

/** `POST …/reports/{id}/form`: saves the whole form from the latest submission (basedOn). */
export function saveReportForm(companyId: number, reportId: number, body: ReportFormBody): Promise<{ form: ReportForm; report: Report }> {
  return api.post(`${base(companyId)}/reports/${reportId}/form`, body, { schema: reportFormSubmittedSchema.transform((b) => ({ form: asForm(b.form), report: b.report })) });
}

/** `PUT …/reports/{id}/sections-users`: who fills which section (company admins). */
export function saveSectionsUsers(companyId: number, reportId: number, sectionsUsers: Record<string, number[]>): Promise<Report> {
  return api.put(`${base(companyId)}/reports/${reportId}/sections-users`, { sectionsUsers }, { schema: reportResponseWithFormSchema.transform((b) => b.report) });
}
