import type { ProviderCompany, UpgradeRequest } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

type RequestRow = Pick<Tables["upgrade_requests"], "id" | "company_id" | "created_at" | "closed_at">;

const presentRequest = (r: RequestRow): UpgradeRequest => ({
  id: r.id,
  companyId: r.company_id,
  createdAt: new Date(r.created_at).toISOString(),
  closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
});

/** Opens the company's upgrade request, or answers the one already open (created=false). */
export async function openUpgradeRequest(db: Db, scope: TenantScope, userId: number): Promise<{ request: UpgradeRequest; created: boolean }> {
  // The partial unique index keeps one open request per company, also between two concurrent clicks.
  const inserted = await one<RequestRow>(
    db,
    `insert into upgrade_requests (company_id, requested_by) values ($1, $2)
     on conflict (company_id) where closed_at is null do nothing
     returning id, company_id, created_at, closed_at`,
    [scope.companyId, userId],
  );
  if (inserted) return { request: presentRequest(inserted), created: true };
  const open = await one<RequestRow>(
    db,
    "select id, company_id, created_at, closed_at from upgrade_requests where company_id = $1 and closed_at is null",
    [scope.companyId],
  );
  return { request: presentRequest(open!), created: false };
}

/** Closes the company's open upgrade request, if any (the provider answered it): who asked, or
 * undefined when none was open (null when the requester's account is gone). */
export async function closeUpgradeRequest(tx: Tx, companyId: number, closedBy: number): Promise<{ requestedBy: number | null } | undefined> {
  const row = await one<{ requested_by: number | null }>(
    tx,
    "update upgrade_requests set closed_at = now(), closed_by = $2 where company_id = $1 and closed_at is null returning requested_by",
    [companyId, closedBy],
  );
  return row && { requestedBy: row.requested_by };
}

/** The company's administrators (company admins), who hear the answer to its upgrade request. */
export async function companyAdminIds(tx: Tx, companyId: number): Promise<number[]> {
  const rows = await tx.query<{ user_id: number }>("select user_id from memberships where company_id = $1 and role = 'company_admin' order by user_id", [companyId]);
  return rows.map((r) => r.user_id);
}

type CompanyListRow = Pick<Tables["companies"], "id" | "name" | "modules" | "is_freemium" | "is_observer"> & {
  members: number;
  /** The open upgrade request's (left join: null when none is open). */
  request_id: Tables["upgrade_requests"]["id"] | null;
  request_created_at: Tables["upgrade_requests"]["created_at"] | null;
};

const SELECT_COMPANIES = `
  select c.id, c.name, c.modules, c.is_freemium, c.is_observer,
         (select count(*)::int from memberships m where m.company_id = c.id) as members,
         u.id as request_id, u.created_at as request_created_at
    from companies c
    left join upgrade_requests u on u.company_id = c.id and u.closed_at is null`;

function presentCompany(r: CompanyListRow): ProviderCompany {
  return {
    id: r.id,
    name: r.name,
    modules: r.modules,
    is_freemium: r.is_freemium,
    is_observer: r.is_observer,
    members: r.members,
    pendingUpgradeRequest:
      r.request_id === null ? null : { id: r.request_id, companyId: r.id, createdAt: new Date(r.request_created_at!).toISOString(), closedAt: null },
  };
}

/** Every organisation for the provider: pending upgrade requests first (oldest first), then by name. */
export async function listProviderCompanies(db: Db): Promise<ProviderCompany[]> {
  const rows = await db.query<CompanyListRow>(`${SELECT_COMPANIES} order by u.created_at asc nulls last, c.name, c.id`);
  return rows.map(presentCompany);
}

/** One organisation for the provider, or undefined. */
export async function findProviderCompany(db: Db | Tx, companyId: number): Promise<ProviderCompany | undefined> {
  const row = await one<CompanyListRow>(db, `${SELECT_COMPANIES} where c.id = $1`, [companyId]);
  return row && presentCompany(row);
}
