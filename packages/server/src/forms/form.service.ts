import { randomBytes } from "node:crypto";
import {
  formFiltersSchema,
  reportTypeById,
  submissionBodySchemaFor,
  walkComponents,
  type FieldError,
  type FormCategory,
  type FormCategoryBody,
  type FormComponent,
  type FormSubmission,
  type FormSubmissionBody,
  type FormSubmissionListQuery,
  type FormTemplate,
  type FormTemplateFields,
  type GeoValue,
} from "@atalaya/shared";
import { systemScope, type CompanyScope, type TenantScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/db.js";
import { AppError, invalidField, notFound } from "../http/errors.js";
import { createFormReport } from "../reports/index.js";
import * as repo from "./form.repository.js";

// The forms domain's rules: who changes templates (company admins), how versions are kept, how a
// submission is checked against the version it fills and what it creates.

// ── Categories ─────────────────────────────────────────────────────────────────────────────────────

const categoryTaken = () => new AppError(409, "conflict", "categoryNameTaken", [{ field: "name", code: "categoryNameTaken" }]);
// Two saves with the same name at once: the unique index refuses the second.
const categoryRace = (err: unknown): never => {
  if ((err as { code?: string }).code === "23505") throw categoryTaken();
  throw err;
};

/** The company's categories and subcategories. */
export function companyCategories(ctx: AppContext, scope: CompanyScope): Promise<FormCategory[]> {
  return repo.listCategories(ctx.db, scope);
}

async function checkCategory(tx: Tx, scope: CompanyScope, body: { name: string; parentId: number | null }, id?: number): Promise<void> {
  if (body.parentId !== null) {
    const parent = await repo.findCategory(tx, scope, body.parentId);
    // A subcategory needs a category of the company, itself not a subcategory.
    if (!parent || parent.parentId !== null || parent.id === id) throw invalidField("parentId", "subcategoryNeedsCategory");
  }
  if (await repo.categoryNameTaken(tx, scope, body.name, body.parentId, id)) throw categoryTaken();
}

/** Creates a category, or a subcategory of one (names unique among siblings: 409 categoryNameTaken). */
export async function createCategory(ctx: AppContext, scope: CompanyScope, body: Required<FormCategoryBody>): Promise<FormCategory> {
  return ctx.db.transaction(async (tx) => {
    await checkCategory(tx, scope, body);
    return repo.insertCategory(tx, scope, body.name, body.parentId);
  }).catch(categoryRace);
}

/** Renames or moves a category. */
export async function editCategory(ctx: AppContext, scope: CompanyScope, id: number, body: Required<FormCategoryBody>): Promise<FormCategory> {
  return ctx.db.transaction(async (tx) => {
    const current = await repo.findCategory(tx, scope, id);
    if (!current) throw notFound();
    await checkCategory(tx, scope, body, id);
    return (await repo.updateCategory(tx, scope, id, body.name, body.parentId))!;
  }).catch(categoryRace);
}

/** Deletes a category with its subcategories; templates filed under them keep none. */
export async function removeCategory(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  if (!(await ctx.db.transaction((tx) => repo.deleteCategory(tx, scope, id)))) throw notFound();
}

// ── Templates ──────────────────────────────────────────────────────────────────────────────────────

/** The company's templates (current versions); deleted ones with includeDeleted. */
export function companyTemplates(ctx: AppContext, scope: CompanyScope, q: string | undefined, includeDeleted: boolean): Promise<FormTemplate[]> {
  return repo.listTemplates(ctx.db, scope, q, includeDeleted);
}

/** One template at its current version, or 404. */
export async function getTemplate(ctx: AppContext, scope: TenantScope, id: number): Promise<FormTemplate> {
  const t = await repo.findTemplate(ctx.db, scope, id);
  if (!t) throw notFound();
  return t;
}

// What the shared schema cannot see: the category and subcategory are the company's and go together,
// the report type exists and is active, predefined lists name the company's selector lists.
async function checkReferences(tx: Tx, scope: TenantScope, t: FormTemplateFields): Promise<void> {
  const fields: FieldError[] = [];
  if (t.category !== null) {
    const c = await repo.findCategory(tx, scope, t.category);
    if (!c || c.parentId !== null) fields.push({ field: "category", code: "invalid" });
  }
  if (t.subcategory !== null) {
    const s = await repo.findCategory(tx, scope, t.subcategory);
    if (!s || s.parentId !== t.category) fields.push({ field: "subcategory", code: "subcategoryNeedsCategory" });
  }
  if (t.reportType !== null && !reportTypeById(t.reportType)?.active) fields.push({ field: "reportType", code: "invalid" });
  const selectors = await repo.selectorItems(tx, scope);
  for (const { component, path } of walkComponents(t.components)) {
    if (component.type === "list" && component.selectorId !== undefined && !selectors.has(component.selectorId)) fields.push({ field: [...path, "selectorId"].join("."), code: "selectorRequired" });
  }
  if (fields.length) throw new AppError(400, "validation", "Validation errors", fields);
}

/** Creates a template at version 1. */
export async function createTemplate(ctx: AppContext, scope: CompanyScope, t: FormTemplateFields): Promise<FormTemplate> {
  const id = await ctx.db.transaction(async (tx) => {
    await checkReferences(tx, scope, t);
    return repo.insertTemplate(tx, scope, t, scope.actor.user.id);
  });
  return getTemplate(ctx, scope, id);
}

/** Saves a template: its current version is replaced while nobody filled it; once it has submissions
 * the change becomes the next version, so each submission keeps the version it was filled with. */
export async function editTemplate(ctx: AppContext, scope: CompanyScope, id: number, t: FormTemplateFields): Promise<FormTemplate> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockTemplate(tx, scope, id);
    if (!current || current.deleted) throw notFound();
    await checkReferences(tx, scope, t);
    const used = await repo.versionUsed(tx, scope, id, current.version);
    await repo.writeVersion(tx, scope, id, used ? current.version + 1 : current.version, t);
  });
  return getTemplate(ctx, scope, id);
}

/** Marks a template deleted: it leaves lists and fill links stop working; its submissions stay. */
export async function removeTemplate(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  if (!(await repo.softDeleteTemplate(ctx.db, scope, id))) throw notFound();
}

// ── Submissions ────────────────────────────────────────────────────────────────────────────────────

/** Who fills a form and through which door. */
export interface Filler {
  authorId: number | null;
  via: "portal" | "app" | "public";
  linkId: number | null;
}

/** The point a submission reports at: the geolocation component that changes the report's location,
 * else the first one filled. */
function reportPoint(components: readonly FormComponent[], values: Record<string, unknown>): GeoValue | undefined {
  const geos = walkComponents(components).map((l) => l.component).filter((c) => c.type === "geolocation" && values[c.fieldKey]);
  const chosen = geos.find((c) => c.changesReportLocation) ?? geos[0];
  return chosen ? (values[chosen.fieldKey] as GeoValue) : undefined;
}

/** A short plain-text account of the answers, for the report a form creates. */
function describe(template: FormTemplate, values: Record<string, unknown>): string {
  const lines = walkComponents(template.components)
    .map((l) => l.component)
    .filter((c) => ["text", "numeric", "dropdown", "list", "radio", "date"].includes(c.type) && values[c.fieldKey] !== undefined && values[c.fieldKey] !== null && values[c.fieldKey] !== "")
    .map((c) => `${c.label || c.fieldKey}: ${Array.isArray(values[c.fieldKey]) ? (values[c.fieldKey] as string[]).join(", ") : String(values[c.fieldKey])}`);
  return [template.title, ...lines].join("\n").slice(0, 4000);
}

/** Checks a submission against the template's current version (400 with `values.<fieldKey>` paths),
 * stores it, claims its uploaded images, and when the template has a report type creates that report at
 * the form's point. Answers the submission's id and the report's. */
export async function submit(ctx: AppContext, scope: TenantScope, templateId: number, body: FormSubmissionBody, filler: Filler): Promise<{ id: number; reportId: number | null }> {
  const template = await repo.findTemplate(ctx.db, scope, templateId);
  if (!template || template.deleted) throw notFound();
  const selectors = await repo.selectorItems(ctx.db, scope);
  const checked = submissionBodySchemaFor(template.components, selectors).safeParse(body);
  if (!checked.success) {
    throw new AppError(400, "validation", "Validation errors", checked.error.issues.map((i) => ({ field: i.path.join("."), code: i.message })));
  }
  const values = body.values as Record<string, unknown>;
  const images = walkComponents(template.components).flatMap(({ component: c }) => (c.type === "images" && Array.isArray(values[c.fieldKey]) ? (values[c.fieldKey] as string[]) : []));
  if (new Set(images).size !== images.length) throw invalidField("values", "valueInvalid");
  const point = template.reportType !== null ? reportPoint(template.components, values) : undefined;
  if (template.reportType !== null && !point) {
    const geo = walkComponents(template.components).find((l) => l.component.type === "geolocation");
    throw invalidField(geo ? `values.${geo.component.fieldKey}` : "values", "valueRequired");
  }
  const id = await ctx.db.transaction(async (tx) => {
    const id = await repo.insertSubmission(tx, scope, {
      templateId,
      version: template.version,
      values,
      extras: body.extras ?? {},
      authorId: filler.authorId,
      via: filler.via,
      linkId: filler.linkId,
    });
    // Each image must be an upload of this template that no other submission took.
    if ((await repo.claimFormFiles(tx, scope, templateId, id, images)) !== images.length) throw invalidField("values", "valueInvalid");
    return id;
  });
  let reportId: number | null = null;
  if (template.reportType !== null && point) {
    reportId = await createFormReport(ctx, scope.companyId, filler.authorId, {
      type: template.reportType,
      description: describe(template, values),
      latitude: point.lat,
      longitude: point.lng,
      ...(point.address ? { address: point.address } : {}),
      informerType: "operator",
    });
    await repo.setSubmissionReport(ctx.db, scope, id, reportId);
  }
  return { id, reportId };
}

/** A stored submission as it travels. */
export const presentSubmission = (r: repo.SubmissionRow): FormSubmission => ({
  id: r.id,
  templateId: r.templateId,
  version: r.version,
  values: r.values,
  extras: r.extras,
  author: r.authorId === null ? null : { id: r.authorId, name: r.authorName ?? "" },
  via: r.via,
  reportId: r.reportId,
  reportUuid: r.reportUuid,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** A page of a template's submissions with the filters (advanced-filter components only), and the
 * versions they filled. */
export async function listSubmissions(ctx: AppContext, scope: CompanyScope, q: FormSubmissionListQuery) {
  const template = await getTemplate(ctx, scope, q.templateId);
  let fields: Record<string, string> = {};
  if (q.filters) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(q.filters);
    } catch {
      throw invalidField("filters", "invalid");
    }
    const r = formFiltersSchema.safeParse(parsed);
    if (!r.success) throw invalidField("filters", "invalid");
    const filterable = new Set(walkComponents(template.components).filter((l) => l.component.advancedFilter).map((l) => l.component.fieldKey));
    for (const key of Object.keys(r.data)) if (!filterable.has(key)) throw invalidField(`filters.${key}`, "invalid");
    fields = r.data;
  }
  const { rows, total } = await repo.listSubmissions(
    ctx.db,
    scope,
    { templateId: q.templateId, authorId: q.authorId, from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined, fields },
    q.page,
    q.pageSize,
  );
  const versions = [...new Set(rows.map((r) => r.version))];
  return { submissions: rows.map(presentSubmission), total, page: q.page, pageSize: q.pageSize, versions: await repo.findTemplateVersions(ctx.db, scope, q.templateId, versions) };
}

/** One submission with the template version it filled. */
export async function getSubmission(ctx: AppContext, scope: CompanyScope, id: number): Promise<{ submission: FormSubmission; template: FormTemplate }> {
  const row = await repo.findSubmission(ctx.db, scope, id);
  if (!row) throw notFound();
  const [template] = await repo.findTemplateVersions(ctx.db, scope, row.templateId, [row.version]);
  return { submission: presentSubmission(row), template: template! };
}

// ── Fill links ─────────────────────────────────────────────────────────────────────────────────────

const presentLink = (l: repo.LinkRow) => ({
  id: l.id,
  token: l.token,
  expiresAt: l.expiresAt === null ? null : new Date(l.expiresAt).toISOString(),
  revokedAt: l.revokedAt === null ? null : new Date(l.revokedAt).toISOString(),
  createdAt: new Date(l.createdAt).toISOString(),
});

/** A template's fill links. */
export async function templateLinks(ctx: AppContext, scope: CompanyScope, templateId: number) {
  await getTemplate(ctx, scope, templateId);
  return (await repo.listLinks(ctx.db, scope, templateId)).map(presentLink);
}

/** Creates a public fill link (a 192-bit token), optionally expiring. */
export async function createLink(ctx: AppContext, scope: CompanyScope, templateId: number, expiresAt: string | null) {
  const t = await getTemplate(ctx, scope, templateId);
  if (t.deleted) throw notFound();
  if (expiresAt !== null && Date.parse(expiresAt) <= Date.now()) throw invalidField("expiresAt", "invalid");
  const token = randomBytes(24).toString("base64url");
  return presentLink(await repo.insertLink(ctx.db, scope, templateId, token, expiresAt === null ? null : new Date(expiresAt), scope.actor.user.id));
}

/** Revokes a fill link: its token answers 404 from then on. */
export async function revokeLink(ctx: AppContext, scope: CompanyScope, linkId: number) {
  const l = await repo.revokeLink(ctx.db, scope, linkId);
  if (!l) throw notFound();
  return presentLink(l);
}

/** The template and selector lists a live token opens; 404 for an unknown, revoked or expired one. */
export async function openLink(ctx: AppContext, token: string) {
  const link = await repo.findLiveLink(ctx.db, token);
  if (!link) throw notFound();
  const scope = systemScope(link.companyId);
  const template = await getTemplate(ctx, scope, link.templateId);
  const selectors = await repo.selectorItems(ctx.db, scope);
  return { link, scope, template, selectors: usedSelectors([template], selectors) };
}

/** The selector lists the templates' predefined lists offer (and no other of the company's). */
export function usedSelectors(templates: readonly Pick<FormTemplate, "components">[], selectors: ReadonlyMap<number, string[]>): { id: number; items: string[] }[] {
  const used = new Set(templates.flatMap((t) => walkComponents(t.components).flatMap((l) => (l.component.type === "list" && l.component.selectorId !== undefined ? [l.component.selectorId] : []))));
  return [...selectors].filter(([id]) => used.has(id)).map(([id, items]) => ({ id, items }));
}

/** A submission through a public fill link. */
export async function submitThroughLink(ctx: AppContext, token: string, body: FormSubmissionBody) {
  const { link, scope } = await openLink(ctx, token);
  return submit(ctx, scope, link.templateId, body, { authorId: null, via: "public", linkId: link.id });
}

// ── Gathering forms ────────────────────────────────────────────────────────────────────────────────

/** A reporter's answers to a form gathering (issue 17), kept as a submission of the version asked, linked
 * to the report and coming through the app: the form's results, filters and export count them with the
 * others. Inside the caller's transaction (the gathering completes with it or not at all). */
export async function recordGatheringSubmission(
  tx: Tx,
  scope: TenantScope,
  s: { templateId: number; version: number; values: Record<string, unknown>; extras: Record<string, string>; authorId: number | null; reportId: number },
): Promise<number> {
  return repo.insertSubmission(tx, scope, { ...s, via: "app", linkId: null });
}

/** The form a report's information gathering asks (issue 17): the company's live template at its
 * current version with the items of the selector lists it uses, to keep on the gathering as asked.
 * Undefined for a template that is not the company's or is deleted; `hasImages` because the reporter's
 * app has no door to upload a form's images. */
export async function gatheringFormOf(
  db: Tx,
  scope: TenantScope,
  templateId: number,
): Promise<{ form: { id: number; title: string; version: number; components: FormComponent[]; selectors: { id: number; items: string[] }[] }; hasImages: boolean } | undefined> {
  const template = await repo.findTemplate(db, scope, templateId);
  if (!template || template.deleted) return undefined;
  const located = walkComponents(template.components);
  const used = new Set(located.flatMap((l) => (l.component.type === "list" && l.component.selectorId !== undefined ? [l.component.selectorId] : [])));
  const selectors = [...(await repo.selectorItems(db, scope))].filter(([id]) => used.has(id)).map(([id, items]) => ({ id, items }));
  return {
    form: { id: template.id, title: template.title, version: template.version, components: template.components, selectors },
    hasImages: located.some((l) => l.component.type === "images"),
  };
}
