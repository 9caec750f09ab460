import {
  formsRouteTable as forms,
  organisationRouteTable as organisation,
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
import { call, urlOf } from "../../lib/call";

// The forms domain's calls (issue 16), by their route-table entries (@atalaya/shared routes/forms.ts).

/** TanStack Query keys, by hand rather than queryKeyOf: a saved template or submission invalidates ["forms"],
 * which must reach every one of them. */
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

// Components are typed by the shared interface (the schema's recursive shape is looser).
const asTemplate = (t: unknown) => t as FormTemplate;

/** `GET …/form-templates?q=`: templates at their current version. */
export async function fetchTemplates(companyId: number, q: string, signal?: AbortSignal): Promise<FormTemplate[]> {
  const { templates } = await call(forms.getCompaniesByCompanyIdFormTemplates, { params: { companyId }, query: q ? { q } : {}, signal });
  return templates.map(asTemplate);
}

/** `GET …/form-templates/{id}`. */
export async function fetchTemplate(companyId: number, id: number, signal?: AbortSignal): Promise<FormTemplate> {
  return asTemplate((await call(forms.getCompaniesByCompanyIdFormTemplatesById, { params: { companyId, id }, signal })).template);
}

/** `POST …/form-templates` or `PUT …/form-templates/{id}`. */
export async function saveTemplate(companyId: number, id: number | null, body: FormTemplateBody): Promise<FormTemplate> {
  const answer =
    id === null
      ? await call(forms.postCompaniesByCompanyIdFormTemplates, { params: { companyId }, body })
      : await call(forms.putCompaniesByCompanyIdFormTemplatesById, { params: { companyId, id }, body });
  return asTemplate(answer.template);
}

/** `DELETE …/form-templates/{id}`. */
export function deleteTemplate(companyId: number, id: number): Promise<unknown> {
  return call(forms.deleteCompaniesByCompanyIdFormTemplatesById, { params: { companyId, id } });
}

/** `GET …/form-categories`. */
export async function fetchCategories(companyId: number, signal?: AbortSignal): Promise<FormCategory[]> {
  return (await call(forms.getCompaniesByCompanyIdFormCategories, { params: { companyId }, signal })).categories;
}

/** `POST …/form-categories`. */
export async function createCategory(companyId: number, body: FormCategoryBody): Promise<FormCategory> {
  return (await call(forms.postCompaniesByCompanyIdFormCategories, { params: { companyId }, body })).category;
}

/** `DELETE …/form-categories/{id}`. */
export function deleteCategory(companyId: number, id: number): Promise<unknown> {
  return call(forms.deleteCompaniesByCompanyIdFormCategoriesById, { params: { companyId, id } });
}

/** `GET …/selectors`: the company's selector lists as id → items (the predefined lists' options). */
export async function fetchSelectorItems(companyId: number, signal?: AbortSignal): Promise<Map<number, string[]>> {
  const { selectors } = await call(organisation.getCompaniesByCompanyIdSelectors, { params: { companyId }, signal });
  return new Map(selectors.map((s) => [s.id, s.items.map((i) => i.name)]));
}

/** `GET …/selectors` with names, for the builder's predefined list picker. */
export async function fetchSelectorNames(companyId: number, signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  const { selectors } = await call(organisation.getCompaniesByCompanyIdSelectors, { params: { companyId }, signal });
  return selectors.map((s) => ({ id: s.id, name: s.name }));
}

export interface SubmissionFilter {
  authorId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  filters?: Record<string, string> | undefined;
  page: number;
}

/** `GET …/form-submissions?templateId=`: a page of submissions with the versions they filled. */
export async function fetchSubmissions(companyId: number, templateId: number, f: SubmissionFilter, signal?: AbortSignal) {
  const filters = f.filters && Object.keys(f.filters).length ? JSON.stringify(f.filters) : undefined;
  const answer = await call(forms.getCompaniesByCompanyIdFormSubmissions, {
    params: { companyId },
    query: { templateId, authorId: f.authorId, from: f.from, to: f.to, filters, page: f.page },
    signal,
  });
  return { ...answer, versions: answer.versions.map(asTemplate) };
}

/** `GET …/form-submissions/{id}` with the template version it filled. */
export async function fetchSubmission(companyId: number, id: number, signal?: AbortSignal) {
  const answer = await call(forms.getCompaniesByCompanyIdFormSubmissionsById, { params: { companyId, id }, signal });
  return { ...answer, template: asTemplate(answer.template) };
}

/** `POST …/form-templates/{id}/submissions`. */
export async function submitForm(companyId: number, templateId: number, body: FormSubmissionBody) {
  return (await call(forms.postCompaniesByCompanyIdFormTemplatesByIdSubmissions, { params: { companyId, id: templateId }, body })).submission;
}

/** One image as a multipart `file`. */
function imageForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file);
  return form;
}

/** `POST …/form-templates/{id}/files`: uploads one image for a submission of the template; answers its stored name. */
export async function uploadTemplateImage(companyId: number, templateId: number, file: File): Promise<string> {
  return (await call(forms.postCompaniesByCompanyIdFormTemplatesByIdFiles, { params: { companyId, id: templateId }, form: imageForm(file) })).name;
}

/** `POST /api/public/forms/{token}/files`: the same through a fill link. */
export async function uploadPublicImage(token: string, file: File): Promise<string> {
  return (await call(forms.postPublicFormsByTokenFiles, { params: { token }, form: imageForm(file), redirectOnUnauthorized: false })).name;
}

/** The address of an image attached to a submission. */
export const formFileUrl = (companyId: number, name: string) => urlOf(forms.getCompaniesByCompanyIdFormFilesByName, { params: { companyId, name } });

/** `GET/POST/DELETE …/form-templates/{id}/links`. */
export async function fetchLinks(companyId: number, templateId: number, signal?: AbortSignal) {
  return (await call(forms.getCompaniesByCompanyIdFormTemplatesByIdLinks, { params: { companyId, id: templateId }, signal })).links;
}
export async function createLink(companyId: number, templateId: number, expiresAt: string | null) {
  return (await call(forms.postCompaniesByCompanyIdFormTemplatesByIdLinks, { params: { companyId, id: templateId }, body: { expiresAt } })).link;
}
export async function revokeLink(companyId: number, linkId: number) {
  return (await call(forms.deleteCompaniesByCompanyIdFormLinksById, { params: { companyId, id: linkId } })).link;
}

/** `GET /api/public/forms/{token}`: the template a fill link opens. */
export async function fetchPublicForm(token: string, signal?: AbortSignal) {
  const { template, selectors } = await call(forms.getPublicFormsByToken, { params: { token }, signal, redirectOnUnauthorized: false });
  return { template: asTemplate(template), selectors: new Map(selectors.map((s) => [s.id, s.items])) };
}

/** `POST /api/public/forms/{token}`. */
export async function submitPublicForm(token: string, body: FormSubmissionBody) {
  return (await call(forms.postPublicFormsByToken, { params: { token }, body, redirectOnUnauthorized: false })).submission;
}

/** `POST …/form-submissions/exports`, then `GET …/exports/{jobId}` until done. */
export async function startExport(companyId: number, templateId: number): Promise<number> {
  return (await call(forms.postCompaniesByCompanyIdFormSubmissionsExports, { params: { companyId }, body: { templateId } })).jobId;
}
export function fetchExportStatus(companyId: number, jobId: number, signal?: AbortSignal): Promise<ExportJobStatus> {
  return call(forms.getCompaniesByCompanyIdFormSubmissionsExportsByJobId, { params: { companyId, jobId }, signal });
}
export const exportFileUrl = (companyId: number, jobId: number) => urlOf(forms.getCompaniesByCompanyIdFormSubmissionsExportsByJobIdFile, { params: { companyId, jobId } });

// ── Reports' workflow forms (issue 16) ────────────────────────────────────────────────────────────

const asForm = (f: unknown) => f as ReportForm;

/** `GET …/report-type-workflows`: the report types whose reports follow a form. */
export async function fetchWorkflows(companyId: number, signal?: AbortSignal): Promise<{ typeId: number; templateId: number }[]> {
  return (await call(forms.getCompaniesByCompanyIdReportTypeWorkflows, { params: { companyId }, signal })).workflows;
}

/** `PUT …/report-type-workflows/{typeId}`: the template a type's reports follow (null: none). */
export async function saveWorkflow(companyId: number, typeId: number, templateId: number | null): Promise<{ typeId: number; templateId: number }[]> {
  return (await call(forms.putCompaniesByCompanyIdReportTypeWorkflowsById, { params: { companyId, id: typeId }, body: { templateId } })).workflows;
}

/** `GET …/reports/{id}/form`: the report's workflow form and its latest submission. */
export async function fetchReportForm(companyId: number, reportId: number, signal?: AbortSignal): Promise<ReportForm> {
  return asForm((await call(forms.getCompaniesByCompanyIdReportsByIdForm, { params: { companyId, id: reportId }, signal })).form);
}

/** `POST …/reports/{id}/form`: saves the whole form from the latest submission (basedOn). */
export async function saveReportForm(companyId: number, reportId: number, body: ReportFormBody): Promise<{ form: ReportForm; report: Report }> {
  const { form, report } = await call(forms.postCompaniesByCompanyIdReportsByIdForm, { params: { companyId, id: reportId }, body });
  return { form: asForm(form), report };
}

/** `PUT …/reports/{id}/sections-users`: who fills which section (company admins). */
export async function saveSectionsUsers(companyId: number, reportId: number, sectionsUsers: Record<string, number[]>): Promise<Report> {
  return (await call(forms.putCompaniesByCompanyIdReportsByIdSectionsUsers, { params: { companyId, id: reportId }, body: { sectionsUsers } })).report;
}
