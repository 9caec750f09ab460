import type { Shift } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";

const SELECT = "select id, name, to_char(start_time, 'HH24:MI:SS') as start_time, to_char(end_time, 'HH24:MI:SS') as end_time from shifts";

/** The company's shifts by start time. */
export function listShifts(db: Tx, scope: TenantScope): Promise<Shift[]> {
  return db.query<Shift>(`${SELECT} where company_id = $1 order by start_time, id`, [scope.companyId]);
}

/** One shift of the company, or undefined (another company's id is simply not found). */
export function findShift(db: Tx, scope: TenantScope, id: number): Promise<Shift | undefined> {
  return one<Shift>(db, `${SELECT} where company_id = $1 and id = $2`, [scope.companyId, id]);
}

/** True when another shift of the company has the name, letter case aside. */
export async function shiftNameTaken(db: Tx, scope: TenantScope, name: string, exceptId?: number): Promise<boolean> {
  const row = await one(db, "select 1 from shifts where company_id = $1 and lower(name) = lower($2) and id is distinct from $3", [
    scope.companyId,
    name,
    exceptId ?? null,
  ]);
  return row !== undefined;
}

interface ShiftFields {
  name: string;
  start_time: string;
  end_time: string;
}

/** Stores a new shift; answers its id. */
export async function insertShift(db: Db, scope: TenantScope, s: ShiftFields): Promise<number> {
  const row = await one<{ id: number }>(db, "insert into shifts (company_id, name, start_time, end_time) values ($1, $2, $3, $4) returning id", [
    scope.companyId,
    s.name,
    s.start_time,
    s.end_time,
  ]);
  return row!.id;
}

/** Replaces a shift's name and times; false when the company has no such shift. */
export async function updateShift(db: Db, scope: TenantScope, id: number, s: ShiftFields): Promise<boolean> {
  const rows = await db.query("update shifts set name = $3, start_time = $4, end_time = $5 where company_id = $1 and id = $2 returning id", [
    scope.companyId,
    id,
    s.name,
    s.start_time,
    s.end_time,
  ]);
  return rows.length === 1;
}

/** Deletes a shift of the company; false when there was none. */
export async function deleteShift(db: Db, scope: TenantScope, id: number): Promise<boolean> {
  return (await db.query("delete from shifts where company_id = $1 and id = $2 returning id", [scope.companyId, id])).length === 1;
}
