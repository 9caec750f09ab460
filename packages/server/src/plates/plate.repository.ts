import type { PlateLookupLog, PlateLookupResult, Vehicle } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

export interface CachedPlate {
  stolen: boolean;
  vehicle: Vehicle | null;
  checkedAt: Date;
}

/** The police service's answer for a plate while it is fresh, else undefined. */
export async function readCachedPlate(db: Db, plate: string): Promise<CachedPlate | undefined> {
  const row = await one<{ stolen: boolean; vehicle: Vehicle | null; checked_at: Date }>(
    db,
    "select stolen, vehicle, checked_at from plate_cache where plate = $1 and expires_at > now()",
    [plate],
  );
  return row ? { stolen: row.stolen, vehicle: row.vehicle, checkedAt: new Date(row.checked_at) } : undefined;
}

/** Keeps an answer for `seconds`; a few expired answers of other plates go with each write, so the
 * table holds about what is fresh without a job of its own. */
export async function cachePlate(db: Db, plate: string, answer: CachedPlate, seconds: number): Promise<void> {
  await db.query(
    `insert into plate_cache (plate, stolen, vehicle, checked_at, expires_at) values ($1, $2, $3, $4, $4::timestamptz + make_interval(secs => $5))
     on conflict (plate) do update set stolen = excluded.stolen, vehicle = excluded.vehicle, checked_at = excluded.checked_at, expires_at = excluded.expires_at`,
    [plate, answer.stolen, answer.vehicle === null ? null : JSON.stringify(answer.vehicle), answer.checkedAt, seconds],
  );
  await db.query("delete from plate_cache where plate in (select plate from plate_cache where expires_at < now() limit 20)");
}

/** Writes one lookup to the company's log. */
export async function logPlateLookup(
  db: Db,
  scope: TenantScope,
  userId: number,
  entry: { plate: string; result: PlateLookupResult; cached: boolean },
): Promise<void> {
  await db.query("insert into plate_lookups (company_id, user_id, plate, result, cached) values ($1, $2, $3, $4, $5)", [
    scope.companyId,
    userId,
    entry.plate,
    entry.result,
    entry.cached,
  ]);
}

type LookupRow = Pick<Tables["plate_lookups"], "user_id" | "plate" | "result" | "cached" | "created_at"> & {
  /** The bigint id as text. */
  id: string;
  result: PlateLookupResult;
  /** Who looked it up (left join: null once the account is gone). */
  name: string | null;
  email: Tables["users"]["email"] | null;
};

/** A page of the company's lookups, newest first, optionally of one plate. */
export async function listPlateLookups(
  db: Db,
  scope: TenantScope,
  q: { plate?: string; limit: number; offset: number },
): Promise<{ lookups: PlateLookupLog[]; total: number }> {
  const params: unknown[] = [scope.companyId];
  let where = "l.company_id = $1";
  if (q.plate !== undefined) {
    params.push(q.plate);
    where += ` and l.plate = $${params.length}`;
  }
  const [rows, count] = await Promise.all([
    db.query<LookupRow>(
      `select l.id::text as id, l.user_id, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as name, u.email,
              l.plate, l.result, l.cached, l.created_at
         from plate_lookups l left join users u on u.id = l.user_id
        where ${where} order by l.created_at desc, l.id desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, q.limit, q.offset],
    ),
    one<{ total: number }>(db, `select count(*)::int as total from plate_lookups l where ${where}`, params),
  ]);
  return {
    total: count?.total ?? 0,
    lookups: rows.map((r) => ({
      id: Number(r.id),
      user: r.user_id === null ? null : { id: r.user_id, name: r.name ?? r.email ?? "", email: r.email ?? "" },
      plate: r.plate,
      result: r.result,
      cached: r.cached,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/** Sets or clears the company's stolen-plate flag on a report it attends. */
export async function setStolenPlate(db: Tx, scope: TenantScope, reportId: number, plate: string | null): Promise<void> {
  await db.query("update report_attentions set stolen_plate = $3 where company_id = $1 and report_id = $2", [scope.companyId, reportId, plate]);
}
