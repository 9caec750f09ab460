import type { Selector } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db } from "../db/db.js";

const COLUMNS = `id, name, group_name as "group", items`;

/** A selector list's fields as stored. */
export interface SelectorFields {
  name: string;
  group: string | null;
  items: { name: string }[];
}

/** The company's form selector lists by group, then name. */
export function listSelectors(db: Db, scope: TenantScope): Promise<Selector[]> {
  return db.query<Selector>(`select ${COLUMNS} from selector_lists where company_id = $1 order by lower(coalesce(group_name, '')), lower(name), id`, [scope.companyId]);
}

/** Stores a new list; answers it. */
export async function insertSelector(db: Db, scope: TenantScope, s: SelectorFields): Promise<Selector> {
  return (await one<Selector>(db, `insert into selector_lists (company_id, name, group_name, items) values ($1, $2, $3, $4) returning ${COLUMNS}`, [
    scope.companyId,
    s.name,
    s.group,
    JSON.stringify(s.items),
  ]))!;
}

/** Replaces a list; undefined when the company has no such list. */
export function updateSelector(db: Db, scope: TenantScope, id: number, s: SelectorFields): Promise<Selector | undefined> {
  return one<Selector>(db, `update selector_lists set name = $3, group_name = $4, items = $5 where company_id = $1 and id = $2 returning ${COLUMNS}`, [
    scope.companyId,
    id,
    s.name,
    s.group,
    JSON.stringify(s.items),
  ]);
}

/** Deletes a list; false when there was none. */
export async function deleteSelector(db: Db, scope: TenantScope, id: number): Promise<boolean> {
  return (await db.query("delete from selector_lists where company_id = $1 and id = $2 returning id", [scope.companyId, id])).length === 1;
}
