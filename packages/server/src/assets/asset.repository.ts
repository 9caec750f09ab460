import type { Asset, AssetFields } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db } from "../db/db.js";

/** An asset as stored, in the API's shape plus its company. */
const columns = (a = "") =>
  `${a}id, ${a}uuid::text as uuid, ${a}category, ${a}description, ${a}custom_message as "customMessage", ${a}external_url as "externalUrl",
   ${a}tags, ${a}enabled, ${a}latitude, ${a}longitude, ${a}address, ${a}created_at as "createdAt"`;
const COLUMNS = columns();

type AssetRow = Omit<Asset, "createdAt"> & { createdAt: Date | string };
const present = (row: AssetRow): Asset => ({ ...row, createdAt: new Date(row.createdAt).toISOString() });

export interface AssetFilter {
  q?: string | undefined;
  category?: string | undefined;
  enabled?: boolean | undefined;
}

// Escapes LIKE's wildcards so a search for "50%" finds "50%" and nothing else.
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterWhere(scope: TenantScope, f: AssetFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [scope.companyId];
  const conditions = ["company_id = $1"];
  if (f.q) {
    params.push(likeOf(f.q));
    const n = params.length;
    conditions.push(`(category ilike $${n} or description ilike $${n} or exists (select 1 from unnest(tags) t where t ilike $${n}))`);
  }
  if (f.category) {
    params.push(f.category);
    conditions.push(`category = $${params.length}`);
  }
  if (f.enabled !== undefined) {
    params.push(f.enabled);
    conditions.push(`enabled = $${params.length}`);
  }
  return { where: conditions.join(" and "), params };
}

/** A page of the company's assets (newest first) with the number matching the filter. */
export async function listAssets(db: Db, scope: TenantScope, f: AssetFilter, page: number, pageSize: number): Promise<{ assets: Asset[]; total: number }> {
  const { where, params } = filterWhere(scope, f);
  const [rows, count] = await Promise.all([
    db.query<AssetRow>(`select ${COLUMNS} from assets where ${where} order by id desc limit ${pageSize} offset ${(page - 1) * pageSize}`, params),
    one<{ n: number }>(db, `select count(*)::int as n from assets where ${where}`, params),
  ]);
  return { assets: rows.map(present), total: count?.n ?? 0 };
}

/** The categories the company's assets use, for the list's filter. */
export async function assetCategories(db: Db, scope: TenantScope): Promise<string[]> {
  const rows = await db.query<{ category: string }>("select distinct category from assets where company_id = $1 order by category", [scope.companyId]);
  return rows.map((r) => r.category);
}

/** The company's assets with these ids (or every enabled one when ids is undefined), oldest first, at most `limit`. */
export async function assetsForSheet(db: Db, scope: TenantScope, ids: number[] | undefined, limit: number): Promise<Asset[]> {
  const rows = ids
    ? await db.query<AssetRow>(`select ${COLUMNS} from assets where company_id = $1 and id = any($2::int[]) order by id limit ${limit}`, [scope.companyId, ids])
    : await db.query<AssetRow>(`select ${COLUMNS} from assets where company_id = $1 and enabled order by id limit ${limit}`, [scope.companyId]);
  return rows.map(present);
}

/** One asset of the company; undefined for another company's or a missing one. */
export async function findAsset(db: Db, scope: TenantScope, id: number): Promise<Asset | undefined> {
  const row = await one<AssetRow>(db, `select ${COLUMNS} from assets where company_id = $1 and id = $2`, [scope.companyId, id]);
  return row && present(row);
}

const VALUES = (a: AssetFields) => [a.category, a.description, a.customMessage, a.externalUrl, a.tags, a.enabled, a.latitude, a.longitude, a.address ?? null];

/** Stores a new asset of the company (its uuid, the QR code's link, is drawn by the database). */
export async function insertAsset(db: Db, scope: TenantScope, a: AssetFields): Promise<Asset> {
  const row = await one<AssetRow>(
    db,
    `insert into assets (company_id, category, description, custom_message, external_url, tags, enabled, latitude, longitude, address)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${COLUMNS}`,
    [scope.companyId, ...VALUES(a)],
  );
  return present(row!);
}

/** Replaces an asset's fields; undefined when the company has no such asset. The uuid (printed in its QR code) never changes. */
export async function updateAsset(db: Db, scope: TenantScope, id: number, a: AssetFields): Promise<Asset | undefined> {
  const row = await one<AssetRow>(
    db,
    `update assets set category = $3, description = $4, custom_message = $5, external_url = $6, tags = $7, enabled = $8,
            latitude = $9, longitude = $10, address = $11, updated_at = now()
      where company_id = $1 and id = $2 returning ${COLUMNS}`,
    [scope.companyId, id, ...VALUES(a)],
  );
  return row && present(row);
}

/** Deletes an asset; its reports keep the category they were sent with. False when there was none. */
export async function deleteAsset(db: Db, scope: TenantScope, id: number): Promise<boolean> {
  return (await db.query("delete from assets where company_id = $1 and id = $2 returning id", [scope.companyId, id])).length === 1;
}

/** An asset by the uuid of its QR code, with its company (the public page: no scope, the uuid is the key). */
export async function findAssetByUuid(db: Db, uuid: string): Promise<(Asset & { companyId: number; companyName: string }) | undefined> {
  const row = await one<AssetRow & { companyId: number; companyName: string }>(
    db,
    `select ${columns("a.")}, a.company_id as "companyId", c.name as "companyName"
       from assets a join companies c on c.id = a.company_id where a.uuid = $1`,
    [uuid],
  );
  return row && { ...present(row), companyId: row.companyId, companyName: row.companyName };
}

/** The report types a company attends, active (what a citizen may choose on an asset's page). */
export async function activeCompanyTypeIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>("select report_type_id as id from company_report_types where company_id = $1 and active order by report_type_id", [companyId]);
  return rows.map((r) => r.id);
}

/** The scope's company name (printed on sheets). */
export async function companyNameOf(db: Db, scope: TenantScope): Promise<string> {
  return (await one<{ name: string }>(db, "select name from companies where id = $1", [scope.companyId]))?.name ?? "";
}
