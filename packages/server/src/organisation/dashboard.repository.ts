import type { CustomDashboard } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db } from "../db/db.js";

const COLUMNS = "id, name, link";

/** The company's custom dashboards by name. */
export function listDashboards(db: Db, scope: TenantScope): Promise<CustomDashboard[]> {
  return db.query<CustomDashboard>(`select ${COLUMNS} from custom_dashboards where company_id = $1 order by lower(name), id`, [scope.companyId]);
}

/** Stores a new dashboard with its link's origin; answers it. */
export async function insertDashboard(db: Db, scope: TenantScope, d: { name: string; link: string; origin: string }): Promise<CustomDashboard> {
  return (await one<CustomDashboard>(db, `insert into custom_dashboards (company_id, name, link, origin) values ($1, $2, $3, $4) returning ${COLUMNS}`, [
    scope.companyId,
    d.name,
    d.link,
    d.origin,
  ]))!;
}

/** Replaces a dashboard; undefined when the company has no such dashboard. */
export function updateDashboard(db: Db, scope: TenantScope, id: number, d: { name: string; link: string; origin: string }): Promise<CustomDashboard | undefined> {
  return one<CustomDashboard>(db, `update custom_dashboards set name = $3, link = $4, origin = $5 where company_id = $1 and id = $2 returning ${COLUMNS}`, [
    scope.companyId,
    id,
    d.name,
    d.link,
    d.origin,
  ]);
}

/** Deletes a dashboard; false when there was none. */
export async function deleteDashboard(db: Db, scope: TenantScope, id: number): Promise<boolean> {
  return (await db.query("delete from custom_dashboards where company_id = $1 and id = $2 returning id", [scope.companyId, id])).length === 1;
}

/** Every origin a stored custom dashboard links to, across companies: what the portal's CSP frames.
 * A system read for the HTTP layer (no company's records, only the origins, sorted). */
export async function allDashboardOrigins(db: Db): Promise<string[]> {
  return (await db.query<{ origin: string }>("select distinct origin from custom_dashboards order by origin")).map((r) => r.origin);
}
