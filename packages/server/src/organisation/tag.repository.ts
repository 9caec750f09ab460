import type { Tag, TagListQuery, TagTranslations } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";

const COLUMNS = "id, uuid::text as uuid, name, color, lang, translations";

/** A tag's fields as stored (translations without empty ones). */
export interface TagFields {
  name: string;
  color: string;
  lang: string;
  translations: TagTranslations;
}

/** The company's tags by name matching q; a page of them when page is given, with the total. */
export async function listTags(db: Db, scope: TenantScope, q: TagListQuery): Promise<{ tags: Tag[]; total: number }> {
  const filter = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = "company_id = $1 and ($2::text is null or name ilike $2)";
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total from tags where ${where}`, [scope.companyId, filter]);
  const page = q.page === undefined ? "" : ` limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`;
  const tags = await db.query<Tag>(`select ${COLUMNS} from tags where ${where} order by lower(name), id${page}`, [scope.companyId, filter]);
  return { tags, total: count!.total };
}

/** One tag of the company, or undefined. */
export function findTag(db: Tx, scope: TenantScope, id: number): Promise<Tag | undefined> {
  return one<Tag>(db, `select ${COLUMNS} from tags where company_id = $1 and id = $2`, [scope.companyId, id]);
}

/** True when another tag of the company has the name, letter case aside. */
export async function tagNameTaken(db: Tx, scope: TenantScope, name: string, exceptId?: number): Promise<boolean> {
  return (await one(db, "select 1 from tags where company_id = $1 and lower(name) = lower($2) and id is distinct from $3", [scope.companyId, name, exceptId ?? null])) !== undefined;
}

/** Stores a new tag; answers it. */
export async function insertTag(db: Db, scope: TenantScope, t: TagFields): Promise<Tag> {
  return (await one<Tag>(db, `insert into tags (company_id, name, color, lang, translations) values ($1, $2, $3, $4, $5) returning ${COLUMNS}`, [
    scope.companyId,
    t.name,
    t.color,
    t.lang,
    JSON.stringify(t.translations),
  ]))!;
}

/** Replaces a tag's fields; undefined when the company has no such tag. */
export function updateTag(db: Db, scope: TenantScope, id: number, t: TagFields): Promise<Tag | undefined> {
  return one<Tag>(db, `update tags set name = $3, color = $4, lang = $5, translations = $6 where company_id = $1 and id = $2 returning ${COLUMNS}`, [
    scope.companyId,
    id,
    t.name,
    t.color,
    t.lang,
    JSON.stringify(t.translations),
  ]);
}

/** Deletes a tag (it leaves the reports that carried it); false when there was none. */
export async function deleteTag(db: Db, scope: TenantScope, id: number): Promise<boolean> {
  return (await db.query("delete from tags where company_id = $1 and id = $2 returning id", [scope.companyId, id])).length === 1;
}
