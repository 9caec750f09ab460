import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  IMAGE_KINDS,
  companyFormsQuerySchema,
  companyFormsResponseSchema,
  companyIdParamSchema,
  errorBodySchema,
  exportJobCreatedSchema,
  exportJobParamsSchema,
  exportJobStatusSchema,
  formFileStoredSchema,
  formCategoriesResponseSchema,
  formCategoryBodySchema,
  formCategoryResponseSchema,
  formExportBodySchema,
  formLinkBodySchema,
  formLinkResponseSchema,
  formLinksResponseSchema,
  formParamsSchema,
  formSubmissionBodySchema,
  formSubmissionListQuerySchema,
  formSubmissionResponseSchema,
  formSubmissionsResponseSchema,
  formSubmittedResponseSchema,
  formTemplateBodySchema,
  formTemplateListQuerySchema,
  formTemplateResponseSchema,
  formTemplatesResponseSchema,
  formTokenParamsSchema,
  publicFormResponseSchema,
  reportFormBodySchema,
  reportFormParamsSchema,
  reportFormResponseSchema,
  reportFormSubmittedSchema,
  reportResponseWithFormSchema,
  reportTypeWorkflowBodySchema,
  reportTypeWorkflowParamsSchema,
  reportTypeWorkflowsResponseSchema,
  sectionsUsersBodySchema,
  successSchema,
  type FormComponent,
  type ReportForm,
  type ReportFormWire,
} from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { resolveScope, resolveScopeOrDefault, type TenantScope } from "../auth/access.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { checkUpload, fileStoreOf, FILE_NAME_PATTERN, openFile, readUploadForm, removeFile, saveUpload, uploadLimitsOf } from "../files/index.js";
import { invalidField, notFound } from "../http/errors.js";
import { pickLanguage } from "../http/messages.js";
import { limits } from "../http/rate-limit.js";
import { FORM_EXPORT_JOB, formExportFile, formExportJobHandler, formExportStatus, startFormExport } from "./form-export.js";
import * as repo from "./form.repository.js";
import * as service from "./form.service.js";
import * as reportForms from "./report-form.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };
const ok = { success: true as const };
const HOUR = 60 * 60 * 1000;
/** Public fill links: opening and submitting per client address and hour. */
export const FORM_LINK_LIMITS = { opensPerAddress: 120 } as const;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// The template schema's recursive getter infers a nested component as Record<string, unknown>, which the
// FormComponent interface (no index signature) is not assignable to: the same JSON, typed twice.
const wire = (form: ReportForm) => form as unknown as ReportFormWire;

const fields = <T extends { components: unknown }>(body: T) => ({ ...body, components: body.components as FormComponent[] });

/** Dynamic forms (issue 16): templates, categories, submissions, fill links, images, the results'
 * export, SPEC §7's list of forms and the app's and public doors. */
export async function formRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.jobs.handle(FORM_EXPORT_JOB, formExportJobHandler(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId";
  const byAddress = (name: string, max: number) => ({ name, max, windowMs: HOUR, key: (req: { ip: string }) => req.ip });

  r.get("/api/company-forms/forms", {
    schema: { querystring: companyFormsQuerySchema.extend({ companyId: z.coerce.number().int().positive().max(2147483647).optional() }), response: { 200: companyFormsResponseSchema, ...errors } },
  }, async (req) => {
    const scope = await resolveScopeOrDefault(ctx.db, actorOf(req), req.query.companyId, "forms.read");
    return { ...ok, data: { forms: await repo.companyForms(ctx.db, scope, req.query.includeDeleted === "true") } };
  });

  // Categories
  r.get(`${base}/form-categories`, {
    schema: { params: companyIdParamSchema, response: { 200: formCategoriesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, categories: await service.companyCategories(ctx, scopeOf(req)) }));
  r.post(`${base}/form-categories`, {
    schema: { params: companyIdParamSchema, body: formCategoryBodySchema, response: { 200: formCategoryResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, category: await service.createCategory(ctx, scopeOf(req), req.body) }));
  r.put(`${base}/form-categories/:id`, {
    schema: { params: formParamsSchema, body: formCategoryBodySchema, response: { 200: formCategoryResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, category: await service.editCategory(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/form-categories/:id`, {
    schema: { params: formParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeCategory(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  // Templates
  r.get(`${base}/form-templates`, {
    schema: { params: companyIdParamSchema, querystring: formTemplateListQuerySchema, response: { 200: formTemplatesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, templates: await service.companyTemplates(ctx, scopeOf(req), req.query.q, req.query.includeDeleted === "true") }));
  r.get(`${base}/form-templates/:id`, {
    schema: { params: formParamsSchema, response: { 200: formTemplateResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, template: await service.getTemplate(ctx, scopeOf(req), req.params.id) }));
  r.post(`${base}/form-templates`, {
    schema: { params: companyIdParamSchema, body: formTemplateBodySchema, response: { 200: formTemplateResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, template: await service.createTemplate(ctx, scopeOf(req), fields(req.body)) }));
  r.put(`${base}/form-templates/:id`, {
    schema: { params: formParamsSchema, body: formTemplateBodySchema, response: { 200: formTemplateResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, template: await service.editTemplate(ctx, scopeOf(req), req.params.id, fields(req.body)) }));
  r.delete(`${base}/form-templates/:id`, {
    schema: { params: formParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeTemplate(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  // Fill links
  r.get(`${base}/form-templates/:id/links`, {
    schema: { params: formParamsSchema, response: { 200: formLinksResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, links: await service.templateLinks(ctx, scopeOf(req), req.params.id) }));
  r.post(`${base}/form-templates/:id/links`, {
    schema: { params: formParamsSchema, body: formLinkBodySchema, response: { 200: formLinkResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, link: await service.createLink(ctx, scopeOf(req), req.params.id, req.body.expiresAt) }));
  r.delete(`${base}/form-links/:id`, {
    schema: { params: formParamsSchema, response: { 200: formLinkResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, link: await service.revokeLink(ctx, scopeOf(req), req.params.id) }));

  // Submissions
  r.get(`${base}/form-submissions`, {
    schema: { params: companyIdParamSchema, querystring: formSubmissionListQuerySchema, response: { 200: formSubmissionsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, ...(await service.listSubmissions(ctx, scopeOf(req), req.query)) }));
  r.get(`${base}/form-submissions/:id`, {
    schema: { params: formParamsSchema, response: { 200: formSubmissionResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, ...(await service.getSubmission(ctx, scopeOf(req), req.params.id)) }));
  r.post(`${base}/form-templates/:id/submissions`, {
    schema: { params: formParamsSchema, body: formSubmissionBodySchema, response: { 200: formSubmittedResponseSchema, ...errors } },
  }, async (req) => {
    const scope = scopeOf(req);
    return { ...ok, submission: await service.submit(ctx, scope, req.params.id, req.body, { authorId: scope.actor.user.id, via: "portal", linkId: null }) };
  });

  // Reports' workflow forms (issue 16): per report type the template its reports follow; the report
  // detail's form tab, its sections' assignment.
  r.get(`${base}/report-type-workflows`, {
    schema: { params: companyIdParamSchema, response: { 200: reportTypeWorkflowsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, workflows: await reportForms.reportTypeWorkflows(ctx, scopeOf(req)) }));
  r.put(`${base}/report-type-workflows/:id`, {
    schema: { params: reportTypeWorkflowParamsSchema, body: reportTypeWorkflowBodySchema, response: { 200: reportTypeWorkflowsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, workflows: await reportForms.setReportTypeWorkflow(ctx, scopeOf(req), req.params.id, req.body.templateId) }));
  r.get(`${base}/reports/:id/form`, {
    schema: { params: reportFormParamsSchema, response: { 200: reportFormResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, form: wire(await reportForms.reportForm(ctx, scopeOf(req), req.params.id)) }));
  r.post(`${base}/reports/:id/form`, {
    schema: {
      params: reportFormParamsSchema,
      body: reportFormBodySchema,
      response: { 200: reportFormSubmittedSchema, ...errors },
    },
  }, async (req) => {
    const { form, report } = await reportForms.submitReportForm(ctx, scopeOf(req), req.params.id, req.body);
    return { ...ok, form: wire(form), report };
  });
  r.put(`${base}/reports/:id/sections-users`, {
    schema: { params: reportFormParamsSchema, body: sectionsUsersBodySchema, response: { 200: reportResponseWithFormSchema, ...errors } },
  }, async (req) => ({ ...ok, report: await reportForms.assignSections(ctx, scopeOf(req), req.params.id, req.body.sectionsUsers) }));

  // Export
  r.post(`${base}/form-submissions/exports`, {
    schema: { params: companyIdParamSchema, body: formExportBodySchema, response: { 200: exportJobCreatedSchema, ...errors } },
  }, async (req) => ({ jobId: await startFormExport(ctx, scopeOf(req), req.body.templateId, pickLanguage(req.headers["accept-language"])) }));
  r.get(`${base}/form-submissions/exports/:jobId`, {
    schema: { params: exportJobParamsSchema, response: { 200: exportJobStatusSchema, ...errors } },
  }, async (req) => formExportStatus(ctx, scopeOf(req), req.params.jobId));
  r.get(`${base}/form-submissions/exports/:jobId/file`, {
    schema: { params: exportJobParamsSchema, response: { 200: z.unknown().describe("XLSX attachment"), ...errors } },
  }, async (req, reply) => {
    const file = await formExportFile(ctx, scopeOf(req), req.params.jobId);
    return reply.type(XLSX).header("content-disposition", `attachment; filename="${file.filename}"`).header("content-length", file.size).header("cache-control", "no-store").send(file.stream);
  });

  // Images: members read them; uploads come before the submission that names them.
  const fileParams = z.object({ companyId: companyIdParamSchema.shape.companyId, name: z.string().max(200) });
  r.get(`${base}/form-files/:name`, {
    schema: { params: fileParams },
  }, async (req, reply) => {
    const scope = scopeOf(req);
    if (!FILE_NAME_PATTERN.test(req.params.name)) throw notFound();
    const file = await repo.findFormFile(ctx.db, scope, req.params.name);
    const opened = file && (await openFile(fileStoreOf(ctx.config), file.name));
    if (!file || !opened) throw notFound();
    return reply.header("content-type", file.mime).header("content-length", opened.size).header("x-content-type-options", "nosniff").header("cache-control", "private, max-age=300").send(opened.stream);
  });

  r.get("/api/public/forms/:token", {
    preHandler: limits(app, [byAddress("form-link-open", FORM_LINK_LIMITS.opensPerAddress)]),
    schema: { params: formTokenParamsSchema, response: { 200: publicFormResponseSchema, ...errors } },
  }, async (req) => {
    const { template, selectors } = await service.openLink(ctx, req.params.token);
    return { ...ok, template, selectors };
  });
  r.post("/api/public/forms/:token", {
    preHandler: limits(app, [byAddress("form-link-submit", ctx.config.publicFormsPerAddress)]),
    schema: { params: formTokenParamsSchema, body: formSubmissionBodySchema, response: { 200: formSubmittedResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, submission: await service.submitThroughLink(ctx, req.params.token, req.body) }));

  r.post("/api/app/forms/:id/submissions", {
    schema: { params: z.object({ id: formParamsSchema.shape.id }), body: formSubmissionBodySchema, response: { 200: formSubmittedResponseSchema, ...errors } },
  }, async (req) => {
    const owner = await repo.templateCompany(ctx.db, req.params.id);
    if (!owner) throw notFound();
    const scope = await resolveScope(ctx.db, actorOf(req), owner.companyId, "forms.fill", "forms");
    return { ...ok, submission: await service.submit(ctx, scope, req.params.id, req.body, { authorId: scope.actor.user.id, via: "app", linkId: null }) };
  });

  // Uploads (multipart, one JPEG or PNG per request) in a scope of their own.
  const uploads = uploadLimitsOf(ctx.config);
  await app.register(async (sub) => {
    await sub.register(fastifyMultipart, { limits: { fileSize: ctx.config.maxUploadBytes, files: 1 } });
    const s = sub.withTypeProvider<ZodTypeProvider>();
    const store = async (scope: TenantScope, templateId: number, req: Parameters<typeof readUploadForm>[0]) => {
      const form = await readUploadForm(req, uploads);
      if (!form.file) throw invalidField("file", "valueRequired");
      const checked = await checkUpload(form.file, IMAGE_KINDS);
      const files = fileStoreOf(ctx.config);
      const file = await saveUpload(files, checked);
      // A row that could not be written leaves no file behind.
      await repo.insertFormFile(ctx.db, scope, templateId, file).catch(async (err: unknown) => {
        await removeFile(files, file.name).catch(() => undefined);
        throw err;
      });
      return { ...ok, name: file.name };
    };
    s.post(`${base}/form-templates/:id/files`, {
      schema: { params: formParamsSchema, response: { 200: formFileStoredSchema, ...errors } },
    }, async (req) => {
      const scope = scopeOf(req);
      const t = await service.getTemplate(ctx, scope, req.params.id);
      if (t.deleted) throw notFound();
      return store(scope, t.id, req);
    });
    s.post("/api/public/forms/:token/files", {
      preHandler: limits(sub, [byAddress("form-link-files", ctx.config.publicFormsPerAddress * 5)]),
      schema: { params: formTokenParamsSchema, response: { 200: formFileStoredSchema, ...errors } },
    }, async (req) => {
      const { link, scope } = await service.openLink(ctx, req.params.token);
      return store(scope, link.templateId, req);
    });
  });
}
