import type { FormCategory, FormComponent, FormTemplate, FormTemplateFields } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

// Every statement of the forms domain, each filtered by the scope's company.

// ── Categories ─────────────────────────────────────────────────────────────────────────────────────

const CATEGORY = `id, name, parent_id as "parentId"`;

/** The company's categories and subcategories, by name. */
export function listCategories(db: Tx, scope: TenantScope): Promise<FormCategory[]> {
  return db.query<FormCategory>(`select ${CATEGORY} from form_categories where company_id = $1 order by lower(name), id`, [scope.companyId]);
}

/** One category of the company. */
export function findCategory(db: Tx, scope: TenantScope, id: number): Promise<FormCategory | undefined> {
  return one<FormCategory>(db, `select ${CATEGORY} from form_categories where company_id = $1 and id = $2`, [scope.companyId, id]);
}

/** Whether a sibling (same parent) already has the name, letter case aside. */
export async function categoryNameTaken(db: Tx, scope: TenantScope, name: string, parentId: number | null, exceptId?: number): Promise<boolean> {
  const rows = await db.query(
    `select 1 from form_categories where company_id = $1 and coalesce(parent_id, 0) = $2 and lower(name) = lower($3) and id <> $4`,
    [scope.companyId, parentId ?? 0, name, exceptId ?? 0],
  );
  return rows.length > 0;
}

export async function insertCategory(db: Tx, scope: TenantScope, name: string, parentId: number | null): Promise<FormCategory> {
  return (await one<FormCategory>(db, `insert into form_categories (company_id, name, parent_id) values ($1, $2, $3) returning ${CATEGORY}`, [scope.companyId, name, parentId]))!;
}

export function updateCategory(db: Tx, scope: TenantScope, id: number, name: string, parentId: number | null): Promise<FormCategory | undefined> {
  return one<FormCategory>(db, `update form_categories set name = $3, parent_id = $4 where company_id = $1 and id = $2 returning ${CATEGORY}`, [scope.companyId, id, name, parentId]);
}

/** Deletes a category (its subcategories with it); templates that named them keep no category. */
export async function deleteCategory(db: Tx, scope: TenantScope, id: number): Promise<boolean> {
  const gone = await db.query<{ id: number }>(`delete from form_categories where company_id = $1 and (id = $2 or parent_id = $2) returning id`, [scope.companyId, id]);
  if (gone.length === 0) return false;
  const ids = gone.map((g) => g.id);
  await db.query(`update form_template_versions set category_id = null where company_id = $1 and category_id = any($2::int[])`, [scope.companyId, ids]);
  await db.query(`update form_template_versions set subcategory_id = null where company_id = $1 and subcategory_id = any($2::int[])`, [scope.companyId, ids]);
  return true;
}

// ── Templates ──────────────────────────────────────────────────────────────────────────────────────

type Versions = Tables["form_template_versions"];

/** A template at one version (TEMPLATE_SELECT: columns renamed for the API). */
type TemplateRow = Pick<Tables["form_templates"], "id"> &
  Pick<Versions, "title" | "version" | "components"> & {
    category: Versions["category_id"];
    subcategory: Versions["subcategory_id"];
    /** The categories' names (left joins: null without one). */
    categoryName: Tables["form_categories"]["name"] | null;
    subcategoryName: Tables["form_categories"]["name"] | null;
    reportType: Versions["report_type_id"];
    components: FormComponent[];
    deleted: boolean;
    updatedAt: Tables["form_templates"]["updated_at"];
    /** count(*), an int8: a number with db/postgres.ts's parser. */
    submissions: number;
  };

const TEMPLATE_SELECT = `
  select t.id, v.title, v.category_id as category, v.subcategory_id as subcategory, c.name as "categoryName", s.name as "subcategoryName",
         v.report_type_id as "reportType", v.version, v.components, t.deleted_at is not null as deleted, t.updated_at as "updatedAt",
         (select count(*) from form_submissions fs where fs.company_id = t.company_id and fs.template_id = t.id) as submissions
    from form_templates t
    join form_template_versions v on v.company_id = t.company_id and v.template_id = t.id`;
const NAMES = `
    left join form_categories c on c.company_id = v.company_id and c.id = v.category_id
    left join form_categories s on s.company_id = v.company_id and s.id = v.subcategory_id`;

const present = (r: TemplateRow): FormTemplate => ({
  ...r,
  updatedAt: new Date(r.updatedAt).toISOString(),
  submissions: Number(r.submissions),
});

/** The company's templates at their current version, newest change first; `q` matches the title. */
export async function listTemplates(db: Tx, scope: TenantScope, q: string | undefined, includeDeleted: boolean): Promise<FormTemplate[]> {
  const rows = await db.query<TemplateRow>(
    `${TEMPLATE_SELECT} and v.version = t.version ${NAMES}
      where t.company_id = $1 and ($2::boolean or t.deleted_at is null) and ($3::text is null or v.title ilike '%' || $3 || '%')
      order by t.updated_at desc, t.id desc`,
    [scope.companyId, includeDeleted, q ? q.replace(/[\\%_]/g, (m) => `\\${m}`) : null],
  );
  return rows.map(present);
}

/** A template at its current version (deleted ones too: their submissions still read). */
export async function findTemplate(db: Tx, scope: TenantScope, id: number): Promise<FormTemplate | undefined> {
  const row = await one<TemplateRow>(db, `${TEMPLATE_SELECT} and v.version = t.version ${NAMES} where t.company_id = $1 and t.id = $2`, [scope.companyId, id]);
  return row && present(row);
}

/** A template at one of its versions. */
export async function findTemplateVersions(db: Tx, scope: TenantScope, id: number, versions: readonly number[]): Promise<FormTemplate[]> {
  const rows = await db.query<TemplateRow>(
    `${TEMPLATE_SELECT} ${NAMES} where t.company_id = $1 and t.id = $2 and v.version = any($3::int[]) order by v.version`,
    [scope.companyId, id, versions],
  );
  return rows.map(present);
}

/** Locks a template's row for a change; undefined when the company has no such template. */
export function lockTemplate(tx: Tx, scope: TenantScope, id: number): Promise<{ version: number; deleted: boolean } | undefined> {
  return one(tx, `select version, deleted_at is not null as deleted from form_templates where company_id = $1 and id = $2 for update`, [scope.companyId, id]);
}

/** Whether a version has submissions, or a report's information gathering asked it (its answers will be
 * one): then it is never changed again, so every answer reads with the form it answered. */
export async function versionUsed(tx: Tx, scope: TenantScope, id: number, version: number): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from form_submissions where company_id = $1 and template_id = $2 and version = $3
     union all
     select 1 from report_gatherings where company_id = $1 and form_template_id = $2 and (form->>'version')::int = $3
     limit 1`,
    [scope.companyId, id, version],
  );
  return rows.length > 0;
}

/** Creates a template at version 1; answers its id. */
export async function insertTemplate(tx: Tx, scope: TenantScope, t: FormTemplateFields, createdBy: number | null): Promise<number> {
  const row = await one<{ id: number }>(tx, `insert into form_templates (company_id, created_by) values ($1, $2) returning id`, [scope.companyId, createdBy]);
  await writeVersion(tx, scope, row!.id, 1, t);
  return row!.id;
}

/** Writes a version's content (a new one, or the unused current one replaced) and makes it current. */
export async function writeVersion(tx: Tx, scope: TenantScope, id: number, version: number, t: FormTemplateFields): Promise<void> {
  await tx.query(
    `insert into form_template_versions (company_id, template_id, version, title, category_id, subcategory_id, report_type_id, components)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (company_id, template_id, version) do update
       set title = excluded.title, category_id = excluded.category_id, subcategory_id = excluded.subcategory_id,
           report_type_id = excluded.report_type_id, components = excluded.components`,
    [scope.companyId, id, version, t.title, t.category, t.subcategory, t.reportType, JSON.stringify(t.components)],
  );
  await tx.query(`update form_templates set version = $3, updated_at = now() where company_id = $1 and id = $2`, [scope.companyId, id, version]);
}

/** Marks a template deleted; false when the company has no such template. */
export async function softDeleteTemplate(db: Tx, scope: TenantScope, id: number): Promise<boolean> {
  return (await db.query(`update form_templates set deleted_at = coalesce(deleted_at, now()), updated_at = now() where company_id = $1 and id = $2 returning id`, [scope.companyId, id])).length === 1;
}

/** Forms of the given companies for SPEC §7's list. */
export function companyForms(db: Tx, scope: TenantScope, includeDeleted: boolean) {
  return db.query<{ id: number; companyId: number; title: string; version: number; deleted: boolean }>(
    `select t.id, t.company_id as "companyId", v.title, t.version, t.deleted_at is not null as deleted
       from form_templates t join form_template_versions v on v.company_id = t.company_id and v.template_id = t.id and v.version = t.version
      where t.company_id = $1 and ($2::boolean or t.deleted_at is null)
      order by lower(v.title), t.id`,
    [scope.companyId, includeDeleted],
  );
}

/** How many forms the company has, and how many of them are deleted. */
export async function countForms(db: Tx, scope: TenantScope): Promise<{ total: number; deleted: number }> {
  const row = await one<{ total: string | number; deleted: string | number }>(
    db,
    `select count(*) as total, count(*) filter (where deleted_at is not null) as deleted from form_templates where company_id = $1`,
    [scope.companyId],
  );
  return { total: Number(row?.total ?? 0), deleted: Number(row?.deleted ?? 0) };
}

// ── Submissions ────────────────────────────────────────────────────────────────────────────────────

type Submissions = Tables["form_submissions"];

/** A submission (SELECT_SUBMISSION: columns renamed for the API). */
export type SubmissionRow = Pick<Submissions, "id" | "version" | "values" | "extras" | "via"> & {
  templateId: Submissions["template_id"];
  values: Record<string, unknown>;
  extras: Record<string, string>;
  authorId: Submissions["author_id"];
  authorName: string | null;
  via: "portal" | "app" | "public";
  reportId: Submissions["report_id"];
  /** The report's (left join: null without one). */
  reportUuid: Tables["reports"]["uuid"] | null;
  createdAt: Submissions["created_at"];
};

/** A submission with its author's name and its report's uuid (a query adds its where clause). */
const SELECT_SUBMISSION = `select s.id, s.template_id as "templateId", s.version, s."values", s.extras, s.author_id as "authorId",
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "authorName", s.via, s.report_id as "reportId", r.uuid::text as "reportUuid", s.created_at as "createdAt"
  from form_submissions s left join users u on u.id = s.author_id left join reports r on r.id = s.report_id`;

export interface NewSubmission {
  templateId: number;
  version: number;
  values: Record<string, unknown>;
  extras: Record<string, string>;
  authorId: number | null;
  via: "portal" | "app" | "public";
  linkId: number | null;
  /** The report whose workflow form it fills (issue 16). */
  reportId?: number | null;
}

export async function insertSubmission(tx: Tx, scope: TenantScope, s: NewSubmission): Promise<number> {
  const row = await one<{ id: number }>(
    tx,
    `insert into form_submissions (company_id, template_id, version, "values", extras, author_id, via, link_id, report_id) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [scope.companyId, s.templateId, s.version, JSON.stringify(s.values), JSON.stringify(s.extras), s.authorId, s.via, s.linkId, s.reportId ?? null],
  );
  return row!.id;
}

export async function setSubmissionReport(tx: Tx, scope: TenantScope, id: number, reportId: number): Promise<void> {
  await tx.query(`update form_submissions set report_id = $3 where company_id = $1 and id = $2`, [scope.companyId, id, reportId]);
}

export interface SubmissionFilter {
  templateId: number;
  authorId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** field key → value it must hold (equal, or among the chosen values). */
  fields: Record<string, string>;
}

function filterWhere(scope: TenantScope, f: SubmissionFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [scope.companyId, f.templateId];
  const parts = ["s.company_id = $1", "s.template_id = $2"];
  if (f.authorId !== undefined) parts.push(`s.author_id = $${params.push(f.authorId)}`);
  if (f.from) parts.push(`s.created_at >= $${params.push(f.from)}`);
  if (f.to) parts.push(`s.created_at < $${params.push(f.to)}`);
  for (const [key, value] of Object.entries(f.fields)) {
    const k = params.push(key);
    const v = params.push(value);
    // A value, or one of a multiple choice, or a number equal to it.
    parts.push(`(s."values"->>$${k} = $${v} or (jsonb_typeof(s."values"->$${k}) = 'array' and s."values"->$${k} ? $${v}))`);
  }
  return { sql: parts.join(" and "), params };
}

/** A page of a template's submissions matching the filter, newest first, and how many match. */
export async function listSubmissions(db: Tx, scope: TenantScope, f: SubmissionFilter, page: number, pageSize: number): Promise<{ rows: SubmissionRow[]; total: number }> {
  const { sql, params } = filterWhere(scope, f);
  const rows = await db.query<SubmissionRow>(
    `${SELECT_SUBMISSION} where ${sql}
      order by s.created_at desc, s.id desc limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  const total = await one<{ n: string | number }>(db, `select count(*) as n from form_submissions s where ${sql}`, params);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Submissions after an id, oldest first (the export's pages). */
export function submissionsAfter(db: Tx, scope: TenantScope, templateId: number, afterId: number, limit: number): Promise<SubmissionRow[]> {
  return db.query<SubmissionRow>(
    `${SELECT_SUBMISSION}
      where s.company_id = $1 and s.template_id = $2 and s.id > $3 order by s.id limit $4`,
    [scope.companyId, templateId, afterId, limit],
  );
}

export async function countSubmissions(db: Tx, scope: TenantScope, templateId: number): Promise<number> {
  const row = await one<{ n: string | number }>(db, `select count(*) as n from form_submissions where company_id = $1 and template_id = $2`, [scope.companyId, templateId]);
  return Number(row?.n ?? 0);
}

export function findSubmission(db: Tx, scope: TenantScope, id: number): Promise<SubmissionRow | undefined> {
  return one<SubmissionRow>(db, `${SELECT_SUBMISSION} where s.company_id = $1 and s.id = $2`, [scope.companyId, id]);
}

// ── Files ──────────────────────────────────────────────────────────────────────────────────────────

export async function insertFormFile(db: Tx, scope: TenantScope, templateId: number, f: { name: string; mime: string; size: number; originalName: string | null }): Promise<void> {
  await db.query(`insert into form_files (company_id, name, template_id, mime, size, original_name) values ($1, $2, $3, $4, $5, $6)`, [
    scope.companyId,
    f.name,
    templateId,
    f.mime,
    f.size,
    f.originalName,
  ]);
}

/** Gives unclaimed uploads of the template to a submission; answers how many it took. */
export async function claimFormFiles(tx: Tx, scope: TenantScope, templateId: number, submissionId: number, names: readonly string[]): Promise<number> {
  if (names.length === 0) return 0;
  const rows = await tx.query(
    `update form_files set submission_id = $4 where company_id = $1 and template_id = $2 and submission_id is null and name = any($3::text[]) returning name`,
    [scope.companyId, templateId, names, submissionId],
  );
  return rows.length;
}

export function findFormFile(db: Tx, scope: TenantScope, name: string): Promise<{ name: string; mime: string; size: number; original_name: string | null } | undefined> {
  return one(db, `select name, mime, size, original_name from form_files where company_id = $1 and name = $2`, [scope.companyId, name]);
}

// ── Fill links ─────────────────────────────────────────────────────────────────────────────────────

type Links = Tables["form_links"];

/** A fill link (LINK: columns renamed for the API). */
export type LinkRow = Pick<Links, "id" | "token"> & {
  expiresAt: Links["expires_at"];
  revokedAt: Links["revoked_at"];
  createdAt: Links["created_at"];
};
const LINK = `id, token, expires_at as "expiresAt", revoked_at as "revokedAt", created_at as "createdAt"`;

export function listLinks(db: Tx, scope: TenantScope, templateId: number): Promise<LinkRow[]> {
  return db.query<LinkRow>(`select ${LINK} from form_links where company_id = $1 and template_id = $2 order by id desc`, [scope.companyId, templateId]);
}

export async function insertLink(db: Tx, scope: TenantScope, templateId: number, token: string, expiresAt: Date | null, createdBy: number): Promise<LinkRow> {
  return (await one<LinkRow>(db, `insert into form_links (company_id, template_id, token, expires_at, created_by) values ($1, $2, $3, $4, $5) returning ${LINK}`, [
    scope.companyId,
    templateId,
    token,
    expiresAt,
    createdBy,
  ]))!;
}

export function revokeLink(db: Tx, scope: TenantScope, linkId: number): Promise<LinkRow | undefined> {
  return one<LinkRow>(db, `update form_links set revoked_at = coalesce(revoked_at, now()) where company_id = $1 and id = $2 returning ${LINK}`, [scope.companyId, linkId]);
}

/** The live link of a token (not revoked, not expired, its template not deleted): whose it is. Not
 * tenant-scoped: the token is the whole credential of a public door. */
export function findLiveLink(db: Db, token: string): Promise<{ id: number; companyId: number; templateId: number } | undefined> {
  return one(
    db,
    `select l.id, l.company_id as "companyId", l.template_id as "templateId"
       from form_links l join form_templates t on t.company_id = l.company_id and t.id = l.template_id
      where l.token = $1 and l.revoked_at is null and (l.expires_at is null or l.expires_at > now()) and t.deleted_at is null`,
    [token],
  );
}

/** The company of a template, for the app's door (which names only the template). */
export function templateCompany(db: Db, id: number): Promise<{ companyId: number } | undefined> {
  return one(db, `select company_id as "companyId" from form_templates where id = $1 and deleted_at is null`, [id]);
}

/** Items of the company's selector lists, by id (the predefined lists' options). */
export async function selectorItems(db: Tx, scope: TenantScope): Promise<Map<number, string[]>> {
  const rows = await db.query<{ id: number; items: { name: string }[] }>(`select id, items from selector_lists where company_id = $1`, [scope.companyId]);
  return new Map(rows.map((r) => [r.id, r.items.map((i) => i.name)]));
}

// ── Reports' workflow forms (issue 16, migration 038) ─────────────────────────────────────────────

/** The report's latest submission of a template (what its form tab reads back). */
export function latestReportSubmission(db: Tx, scope: TenantScope, reportId: number, templateId: number): Promise<SubmissionRow | undefined> {
  return one<SubmissionRow>(
    db,
    `${SELECT_SUBMISSION}
      where s.company_id = $1 and s.report_id = $2 and s.template_id = $3 order by s.id desc limit 1`,
    [scope.companyId, reportId, templateId],
  );
}

/** The company's report types that follow a (not deleted) template. */
export function listWorkflows(db: Tx, scope: TenantScope): Promise<{ typeId: number; templateId: number }[]> {
  return db.query(
    `select w.report_type_id as "typeId", w.template_id as "templateId" from report_type_workflows w
       join form_templates t on t.company_id = w.company_id and t.id = w.template_id and t.deleted_at is null
      where w.company_id = $1 order by w.report_type_id`,
    [scope.companyId],
  );
}

/** Sets (or with null removes) the template a report type's reports follow. */
export async function setWorkflow(db: Tx, scope: TenantScope, typeId: number, templateId: number | null): Promise<void> {
  if (templateId === null) {
    await db.query(`delete from report_type_workflows where company_id = $1 and report_type_id = $2`, [scope.companyId, typeId]);
    return;
  }
  await db.query(
    `insert into report_type_workflows (company_id, report_type_id, template_id) values ($1, $2, $3)
     on conflict (company_id, report_type_id) do update set template_id = excluded.template_id, updated_at = now()`,
    [scope.companyId, typeId, templateId],
  );
}

/** Which of the ids are members of the company. */
export async function memberIds(db: Tx, scope: TenantScope, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ user_id: number }>(`select user_id from memberships where company_id = $1 and user_id = any($2::int[])`, [scope.companyId, ids]);
  return new Set(rows.map((r) => r.user_id));
}

/** Whether the company attends the report type (its settings list it as active). */
export async function attendsType(db: Tx, scope: TenantScope, typeId: number): Promise<boolean> {
  return (await db.query(`select 1 from company_report_types where company_id = $1 and report_type_id = $2 and active`, [scope.companyId, typeId])).length > 0;
}
