import type { CustomDashboard } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { hashSecret, newSecret } from "../auth/tokens.js";
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

/** A single-use ticket for the dashboard's frame page, issued to a member under their session; undefined
 * when the company has no such dashboard. */
export async function issueFrameTicket(
  db: Db,
  scope: TenantScope,
  dashboardId: number,
  viewer: { userId: number; accessToken: string },
  ttlSeconds: number,
): Promise<string | undefined> {
  const ticket = newSecret();
  const row = await one<{ id: number }>(
    db,
    `insert into dashboard_frame_tickets (ticket_hash, company_id, dashboard_id, user_id, access_token_hash, expires_at)
     select $1, d.company_id, d.id, $4, $5, now() + make_interval(secs => $6)
       from custom_dashboards d where d.company_id = $2 and d.id = $3
     returning dashboard_id as id`,
    [hashSecret(ticket), scope.companyId, dashboardId, viewer.userId, hashSecret(viewer.accessToken), ttlSeconds],
  );
  // Old tickets are worthless; cleared as we go.
  await db.query("delete from dashboard_frame_tickets where expires_at < now() - interval '1 hour'");
  return row ? ticket : undefined;
}

/** Uses a frame ticket up atomically and answers the dashboard it opens: undefined for a second use, an
 * expired ticket, a session that ended since (token revoked or expired, user locked), a viewer no
 * longer a member of the company, or a dashboard deleted meanwhile. */
export function consumeFrameTicket(db: Db, ticket: string): Promise<{ name: string; link: string; origin: string } | undefined> {
  return one(
    db,
    `with used as (
       update dashboard_frame_tickets t set used_at = now()
        where t.ticket_hash = $1 and t.used_at is null and t.expires_at > now()
          and exists (select 1 from access_tokens k join users u on u.id = k.user_id
                       where k.token_hash = t.access_token_hash and k.user_id = t.user_id and k.revoked_at is null
                         and k.expires_at > now() and not u.locked)
          and exists (select 1 from memberships m where m.company_id = t.company_id and m.user_id = t.user_id)
        returning t.company_id, t.dashboard_id)
     select d.name, d.link, d.origin from used join custom_dashboards d on d.company_id = used.company_id and d.id = used.dashboard_id`,
    [hashSecret(ticket)],
  );
}
