import type { Substatus } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";

const COLUMNS = "id, name, position";

/** The company's live substatuses in their order. */
export function listSubstatuses(db: Db, scope: TenantScope): Promise<Substatus[]> {
  return db.query<Substatus>(`select ${COLUMNS} from company_substatuses where company_id = $1 and deleted_at is null order by position, id`, [scope.companyId]);
}

/** One live substatus of the company. */
export function findSubstatus(db: Tx, scope: TenantScope, id: number): Promise<Substatus | undefined> {
  return one<Substatus>(db, `select ${COLUMNS} from company_substatuses where company_id = $1 and id = $2 and deleted_at is null`, [scope.companyId, id]);
}

/** Whether another live substatus of the company has the name (letter case aside). */
export async function substatusNameTaken(db: Tx, scope: TenantScope, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await db.query(
    "select 1 from company_substatuses where company_id = $1 and deleted_at is null and lower(name) = lower($2) and id <> coalesce($3::int, 0)",
    [scope.companyId, name, exceptId],
  );
  return rows.length > 0;
}

/** How many live substatuses the company has. */
export async function countSubstatuses(db: Tx, scope: TenantScope): Promise<number> {
  return (await one<{ n: number }>(db, "select count(*)::int as n from company_substatuses where company_id = $1 and deleted_at is null", [scope.companyId]))?.n ?? 0;
}

/** Adds a substatus at the position given, else last. */
export async function insertSubstatus(db: Tx, scope: TenantScope, name: string, position: number | undefined): Promise<Substatus> {
  return (await one<Substatus>(
    db,
    `insert into company_substatuses (company_id, name, position)
     values ($1, $2, coalesce($3::int, (select coalesce(max(position), -1) + 1 from company_substatuses where company_id = $1 and deleted_at is null)))
     returning ${COLUMNS}`,
    [scope.companyId, name, position ?? null],
  ))!;
}

/** Renames (and moves) a live substatus; the reports carrying it show the new name. */
export function updateSubstatus(db: Tx, scope: TenantScope, id: number, name: string, position: number | undefined): Promise<Substatus | undefined> {
  return one<Substatus>(
    db,
    `update company_substatuses set name = $3, position = coalesce($4::int, position)
      where company_id = $1 and id = $2 and deleted_at is null returning ${COLUMNS}`,
    [scope.companyId, id, name, position ?? null],
  );
}

/** Deletes a substatus from the list; reports that carry it keep showing it. False when it was not live. */
export async function deleteSubstatus(db: Tx, scope: TenantScope, id: number): Promise<boolean> {
  const rows = await db.query("update company_substatuses set deleted_at = now() where company_id = $1 and id = $2 and deleted_at is null returning 1", [
    scope.companyId,
    id,
  ]);
  return rows.length > 0;
}
