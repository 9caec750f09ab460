import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IMAGE_KINDS, routes, type FormComponent, type FormTemplate, type FormTemplateWire } from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { resolveScope, resolveScopeOrDefault, type TenantScope } from "../auth/access.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { checkUpload, fileStoreOf, FILE_NAME_PATTERN, openFile, readUploadForm, removeFile, saveUpload, uploadLimitsOf } from "../files/index.js";
import { invalidField, notFound } from "../http/errors.js";
import { pickLanguage } from "../http/messages.js";
import { limits } from "../http/rate-limit.js";
import { at } from "../http/route.js";
import { FORM_EXPORT_JOB, formExportFile, formExportJobHandler, formExportStatus, startFormExport } from "./form-export.js";
import * as repo from "./form.repository.js";
import * as service from "./form.service.js";
import * as reportForms from "./report-form.service.js";

const ok = { success: true as const };
const HOUR = 60 * 60 * 1000;
/** Public fill links: opening and submitting per client address and hour. */
export const FORM_LINK_LIMITS = { opensPerAddress: 120 } as const;

// The template schema's recursive getter infers a nested component as Record<string, unknown>, which the
// FormComponent interface (no index signature) is not assignable to: the same JSON, typed twice. `wire`
// gives an answer holding templates (a report's form, a submission with its version…) their wire type.
type Wire<T> = T extends FormTemplate ? FormTemplateWire : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
const wire = <T>(value: T) => value as unknown as Wire<T>;

const fields = <T extends { components: unknown }>(body: T) => ({ ...body, components: body.components as FormComponent[] });

/** Dynamic forms (issue 16): templates, categories, submissions, fill links, images, the results'
 * export, SPEC §7's list of forms and the app's and public doors. */
export async function formRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.jobs.handle(FORM_EXPORT_JOB, formExportJobHandler(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const byAddress = (name: string, max: number) => ({ name, max, windowMs: HOUR, key: (req: { ip: string }) => req.ip });

  r.route({
    ...at(routes.getCompanyFormsForms),
    handler: async (req) => {
      const scope = await resolveScopeOrDefault(ctx.db, actorOf(req), req.query.companyId, "forms.read");
      return { ...ok, data: { forms: await repo.companyForms(ctx.db, scope, req.query.includeDeleted === "true") } };
    },
  });

  // Categories
  r.route({
    ...at(routes.getCompaniesByCompanyIdFormCategories),
    handler: async (req) => ({ ...ok, categories: await service.companyCategories(ctx, scopeOf(req)) }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdFormCategories),
    handler: async (req) => ({ ...ok, category: await service.createCategory(ctx, scopeOf(req), req.body) }),
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdFormCategoriesById),
    handler: async (req) => ({ ...ok, category: await service.editCategory(ctx, scopeOf(req), req.params.id, req.body) }),
  });
  r.route({
    ...at(routes.deleteCompaniesByCompanyIdFormCategoriesById),
    handler: async (req) => {
      await service.removeCategory(ctx, scopeOf(req), req.params.id);
      return ok;
    },
  });

  // Templates
  r.route({
    ...at(routes.getCompaniesByCompanyIdFormTemplates),
    handler: async (req) => ({ ...ok, templates: wire(await service.companyTemplates(ctx, scopeOf(req), req.query.q, req.query.includeDeleted === "true")) }),
  });
  r.route({
    ...at(routes.getCompaniesByCompanyIdFormTemplatesById),
    handler: async (req) => ({ ...ok, template: wire(await service.getTemplate(ctx, scopeOf(req), req.params.id)) }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdFormTemplates),
    handler: async (req) => ({ ...ok, template: wire(await service.createTemplate(ctx, scopeOf(req), fields(req.body))) }),
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdFormTemplatesById),
    handler: async (req) => ({ ...ok, template: wire(await service.editTemplate(ctx, scopeOf(req), req.params.id, fields(req.body))) }),
  });
  r.route({
    ...at(routes.deleteCompaniesByCompanyIdFormTemplatesById),
    handler: async (req) => {
      await service.removeTemplate(ctx, scopeOf(req), req.params.id);
      return ok;
    },
  });

  // Fill links
  r.route({
    ...at(routes.getCompaniesByCompanyIdFormTemplatesByIdLinks),
    handler: async (req) => ({ ...ok, links: await service.templateLinks(ctx, scopeOf(req), req.params.id) }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdFormTemplatesByIdLinks),
    handler: async (req) => ({ ...ok, link: await service.createLink(ctx, scopeOf(req), req.params.id, req.body.expiresAt) }),
  });
  r.route({
    ...at(routes.deleteCompaniesByCompanyIdFormLinksById),
    handler: async (req) => ({ ...ok, link: await service.revokeLink(ctx, scopeOf(req), req.params.id) }),
  });

  // Submissions
  r.route({
    ...at(routes.getCompaniesByCompanyIdFormSubmissions),
    handler: async (req) => ({ ...ok, ...wire(await service.listSubmissions(ctx, scopeOf(req), req.query)) }),
  });
  r.route({
    ...at(routes.getCompaniesByCompanyIdFormSubmissionsById),
    handler: async (req) => ({ ...ok, ...wire(await service.getSubmission(ctx, scopeOf(req), req.params.id)) }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdFormTemplatesByIdSubmissions),
    handler: async (req) => {
      const scope = scopeOf(req);
      return { ...ok, submission: await service.submit(ctx, scope, req.params.id, req.body, { authorId: scope.actor.user.id, via: "portal", linkId: null }) };
    },
  });

  // Reports' workflow forms (issue 16): per report type the template its reports follow; the report
  // detail's form tab, its sections' assignment.
  r.route({
    ...at(routes.getCompaniesByCompanyIdReportTypeWorkflows),
    handler: async (req) => ({ ...ok, workflows: await reportForms.reportTypeWorkflows(ctx, scopeOf(req)) }),
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdReportTypeWorkflowsById),
    handler: async (req) => ({ ...ok, workflows: await reportForms.setReportTypeWorkflow(ctx, scopeOf(req), req.params.id, req.body.templateId) }),
  });
  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsByIdForm),
    handler: async (req) => ({ ...ok, form: wire(await reportForms.reportForm(ctx, scopeOf(req), req.params.id)) }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdForm),
    handler: async (req) => {
      const { form, report } = await reportForms.submitReportForm(ctx, scopeOf(req), req.params.id, req.body);
      return { ...ok, form: wire(form), report };
    },
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdReportsByIdSectionsUsers),
    handler: async (req) => ({ ...ok, report: await reportForms.assignSections(ctx, scopeOf(req), req.params.id, req.body.sectionsUsers) }),
  });

  // Export
  r.route({
    ...at(routes.postCompaniesByCompanyIdFormSubmissionsExports),
    handler: async (req) => ({ jobId: await startFormExport(ctx, scopeOf(req), req.body.templateId, pickLanguage(req.headers["accept-language"])) }),
  });
  r.route({
    ...at(routes.getCompaniesByCompanyIdFormSubmissionsExportsByJobId),
    handler: async (req) => formExportStatus(ctx, scopeOf(req), req.params.jobId),
  });
  r.route({
    ...at(routes.getCompaniesByCompanyIdFormSubmissionsExportsByJobIdFile),
    handler: async (req, reply) => {
      const file = await formExportFile(ctx, scopeOf(req), req.params.jobId);
      return reply.type(routes.getCompaniesByCompanyIdFormSubmissionsExportsByJobIdFile.answer.file).header("content-disposition", `attachment; filename="${file.filename}"`).header("content-length", file.size).header("cache-control", "no-store").send(file.stream);
    },
  });

  // Images: members read them; uploads come before the submission that names them.
  r.route({
    ...at(routes.getCompaniesByCompanyIdFormFilesByName),
    handler: async (req, reply) => {
      const scope = scopeOf(req);
      if (!FILE_NAME_PATTERN.test(req.params.name)) throw notFound();
      const file = await repo.findFormFile(ctx.db, scope, req.params.name);
      const opened = file && (await openFile(fileStoreOf(ctx.config), file.name));
      if (!file || !opened) throw notFound();
      return reply.header("content-type", file.mime).header("content-length", opened.size).header("x-content-type-options", "nosniff").header("cache-control", "private, max-age=300").send(opened.stream);
    },
  });

  r.route({
    ...at(routes.getPublicFormsByToken),
    preHandler: limits(app, [byAddress("form-link-open", FORM_LINK_LIMITS.opensPerAddress)]),
    handler: async (req) => {
      const { template, selectors } = await service.openLink(ctx, req.params.token);
      return { ...ok, template: wire(template), selectors };
    },
  });
  r.route({
    ...at(routes.postPublicFormsByToken),
    preHandler: limits(app, [byAddress("form-link-submit", ctx.config.publicFormsPerAddress)]),
    handler: async (req) => ({ ...ok, submission: await service.submitThroughLink(ctx, req.params.token, req.body) }),
  });

  r.route({
    ...at(routes.postAppFormsByIdSubmissions),
    handler: async (req) => {
      const owner = await repo.templateCompany(ctx.db, req.params.id);
      if (!owner) throw notFound();
      const scope = await resolveScope(ctx.db, actorOf(req), owner.companyId, "forms.fill", "forms");
      return { ...ok, submission: await service.submit(ctx, scope, req.params.id, req.body, { authorId: scope.actor.user.id, via: "app", linkId: null }) };
    },
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
    s.route({
      ...at(routes.postCompaniesByCompanyIdFormTemplatesByIdFiles),
      handler: async (req) => {
        const scope = scopeOf(req);
        const t = await service.getTemplate(ctx, scope, req.params.id);
        if (t.deleted) throw notFound();
        return store(scope, t.id, req);
      },
    });
    s.route({
      ...at(routes.postPublicFormsByTokenFiles),
      preHandler: limits(sub, [byAddress("form-link-files", ctx.config.publicFormsPerAddress * 5)]),
      handler: async (req) => {
        const { link, scope } = await service.openLink(ctx, req.params.token);
        return store(scope, link.templateId, req);
      },
    });
  });
}
