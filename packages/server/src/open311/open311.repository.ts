import type { TenantScope } from "../auth/access.js";
import { one, type Db } from "../db/db.js";

/** A report as Open311 shows it: never private, deleted, nor anything about who reported it. */
export interface Open311RequestRow {
  id: number;
  uuid: string;
  type_id: number;
  description: string;
  latitude: number;
  longitude: number;
  address: string | null;
  media_url: string | null;
  status: "pending" | "in_progress" | "in_observation" | "solved" | "false";
  status_notes: string | null;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
  due_date: Date | null;
}

/** Which reports a read asks for: ids (overriding the rest), or types, statuses and a window of creation. */
export type Open311Filter =
  | { ids: number[] }
  | { typeIds: number[] | null; statuses: string[] | null; from: Date; to: Date };

// The company's attentions an API key may read: not private, not deleted by an admin, not deleted by
// their author. status_notes is the closing comment (the one the closure posted, unless hidden).
const SELECT = `
select r.id, r.uuid::text as uuid, r.type_id, r.description, r.latitude, r.longitude, r.address, r.media_url,
       a.status, r.created_at, greatest(r.updated_at, a.updated_at) as updated_at, a.closed_at, a.due_date,
       case when a.status in ('solved', 'false') then
         (select c.body from activity_log l join comments c on c.id::text = l.data->>'commentId'
           where l.company_id = a.company_id and l.report_id = r.id and l.action = 'closed' and not c.hidden
           order by l.id desc limit 1) end as status_notes
  from report_attentions a
  join reports r on r.id = a.report_id
 where a.company_id = $1 and not a.is_private and a.deleted_at is null and r.deleted_at is null`;

/** The requests of the company matching the filter, newest first, at most `limit`. */
export async function listOpen311Requests(db: Db, scope: TenantScope, filter: Open311Filter, limit: number): Promise<Open311RequestRow[]> {
  if ("ids" in filter) {
    return db.query<Open311RequestRow>(`${SELECT} and r.id = any($2::int[]) order by r.created_at desc, r.id desc limit ${limit}`, [scope.companyId, filter.ids]);
  }
  return db.query<Open311RequestRow>(
    `${SELECT} and r.created_at >= $2 and r.created_at <= $3
       and ($4::int[] is null or r.type_id = any($4::int[]))
       and ($5::text[] is null or a.status = any($5::text[]))
     order by r.created_at desc, r.id desc limit ${limit}`,
    [scope.companyId, filter.from, filter.to, filter.typeIds, filter.statuses],
  );
}

/** The company's request whose token (the report's uuid) this is, if an API key may read it. */
export function findOpen311RequestByToken(db: Db, scope: TenantScope, token: string): Promise<Open311RequestRow | undefined> {
  return one<Open311RequestRow>(db, `${SELECT} and r.uuid::text = $2`, [scope.companyId, token.toLowerCase()]);
}

/** The report types the company attends (active), by id. */
export async function attendedTypeIds(db: Db, scope: TenantScope): Promise<number[]> {
  const rows = await db.query<{ report_type_id: number }>(
    "select report_type_id from company_report_types where company_id = $1 and active order by report_type_id",
    [scope.companyId],
  );
  return rows.map((r) => r.report_type_id);
}

/** What decides whether the company receives a request at a point: a zone of its containing it, and
 * whether it is freemium (attends only its own reports) or hears of reports after a delay. */
export async function receivingAt(db: Db, scope: TenantScope, latitude: number, longitude: number): Promise<{ inZone: boolean; freemium: boolean; delayed: boolean }> {
  const row = await one<{ in_zone: boolean; freemium: boolean; delayed: boolean }>(
    db,
    `select exists (select 1 from zones z where z.company_id = c.id and z.area @> point($3, $2)) as in_zone,
            c.is_freemium as freemium, c.has_delay_in_report_notifications as delayed
       from companies c where c.id = $1`,
    [scope.companyId, latitude, longitude],
  );
  return { inZone: row?.in_zone ?? false, freemium: row?.freemium ?? false, delayed: row?.delayed ?? false };
}

/** True when the company hears of community reports after a delay (SPEC §3 hasDelayInReportNotifications). */
export async function hearsLater(db: Db, scope: TenantScope): Promise<boolean> {
  const row = await one<{ delayed: boolean }>(db, "select has_delay_in_report_notifications as delayed from companies where id = $1", [scope.companyId]);
  return row?.delayed ?? false;
}

/** The organisation a jurisdiction_id names: its name and whether anyone may read its requests
 * without an API key (public_open311_reads, migration 043). */
export async function findJurisdiction(db: Db, companyId: number): Promise<{ companyId: number; companyName: string; publicReads: boolean } | undefined> {
  const row = await one<{ id: number; name: string; public_open311_reads: boolean }>(db, "select id, name, public_open311_reads from companies where id = $1", [companyId]);
  return row && { companyId: row.id, companyName: row.name, publicReads: row.public_open311_reads };
}
