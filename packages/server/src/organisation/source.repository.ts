import type { Source } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";

/** The company's sources by name. */
export function listSources(db: Db, scope: TenantScope): Promise<Source[]> {
  return db.query<Source>("select id, name from sources where company_id = $1 order by lower(name), id", [scope.companyId]);
}

/** True when another source of the company has the name, letter case aside. */
export async function sourceNameTaken(db: Tx, scope: TenantScope, name: string, exceptId?: number): Promise<boolean> {
  return (await one(db, "select 1 from sources where company_id = $1 and lower(name) = lower($2) and id is distinct from $3", [scope.companyId, name, exceptId ?? null])) !== undefined;
}

/** Stores a new source; answers it. */
export async function insertSource(db: Db, scope: TenantScope, name: string): Promise<Source> {
  return (await one<Source>(db, "insert into sources (company_id, name) values ($1, $2) returning id, name", [scope.companyId, name]))!;
}

/** Renames a source; undefined when the company has no such source. */
export function updateSource(db: Db, scope: TenantScope, id: number, name: string): Promise<Source | undefined> {
  return one<Source>(db, "update sources set name = $3 where company_id = $1 and id = $2 returning id, name", [scope.companyId, id, name]);
}

/** Deletes a source; false when there was none. */
export async function deleteSource(db: Db, scope: TenantScope, id: number): Promise<boolean> {
  return (await db.query("delete from sources where company_id = $1 and id = $2 returning id", [scope.companyId, id])).length === 1;
}

/** True when the company has the source. */
export async function sourceExists(db: Tx, scope: TenantScope, id: number): Promise<boolean> {
  return (await one(db, "select 1 from sources where company_id = $1 and id = $2", [scope.companyId, id])) !== undefined;
}
