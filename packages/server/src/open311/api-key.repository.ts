import type { ApiKey } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db } from "../db/db.js";
import type { Tables } from "../db/tables.js";

const COLUMNS = `k.id, k.name, k.prefix, k.created_at, k.last_used_at, k.revoked_at,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as created_by`;

type ApiKeyRow = Pick<Tables["api_keys"], "id" | "name" | "prefix" | "created_at" | "last_used_at" | "revoked_at"> & {
  /** The name of whoever created it (null once their account is gone). */
  created_by: string | null;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const present = (r: ApiKeyRow): ApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: iso(r.created_at)!,
  createdBy: r.created_by,
  lastUsedAt: iso(r.last_used_at),
  revokedAt: iso(r.revoked_at),
});

/** The company's keys, newest first (revoked ones included, marked). */
export async function listApiKeys(db: Db, scope: TenantScope): Promise<ApiKey[]> {
  const rows = await db.query<ApiKeyRow>(
    `select ${COLUMNS} from api_keys k left join users u on u.id = k.created_by_user_id where k.company_id = $1 order by k.id desc`,
    [scope.companyId],
  );
  return rows.map(present);
}

/** Stores a new key of the company by its hash; answers it as listed. */
export async function insertApiKey(db: Db, scope: TenantScope, k: { name: string; prefix: string; hash: Buffer; userId: number }): Promise<ApiKey> {
  const row = await one<ApiKeyRow>(
    db,
    `with k as (insert into api_keys (company_id, name, prefix, key_hash, created_by_user_id) values ($1, $2, $3, $4, $5) returning *)
     select ${COLUMNS} from k left join users u on u.id = k.created_by_user_id`,
    [scope.companyId, k.name, k.prefix, k.hash, k.userId],
  );
  return present(row!);
}

/** Revokes one of the company's keys (again: no change); undefined when the company has no such key. */
export async function revokeApiKey(db: Db, scope: TenantScope, id: number): Promise<ApiKey | undefined> {
  const row = await one<ApiKeyRow>(
    db,
    `with k as (update api_keys set revoked_at = coalesce(revoked_at, now()) where company_id = $1 and id = $2 returning *)
     select ${COLUMNS} from k left join users u on u.id = k.created_by_user_id`,
    [scope.companyId, id],
  );
  return row && present(row);
}

/** The live key with this hash: its id, company and the company's name; marks it used (at most once a
 * minute, so a busy client does not write on every call). */
export async function useApiKey(db: Db, hash: Buffer): Promise<{ id: number; companyId: number; companyName: string } | undefined> {
  const row = await one<{ id: number; company_id: number; company_name: string; last_used_at: Date | null }>(
    db,
    `select k.id, k.company_id, c.name as company_name, k.last_used_at
       from api_keys k join companies c on c.id = k.company_id
      where k.key_hash = $1 and k.revoked_at is null`,
    [hash],
  );
  if (!row) return undefined;
  if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000)
    await db.query("update api_keys set last_used_at = now() where id = $1", [row.id]);
  return { id: row.id, companyId: row.company_id, companyName: row.company_name };
}
