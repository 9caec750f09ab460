import type { Priority, ReportStatus } from "@atalaya/shared";
import { restrictionWhere, type TenantScope } from "../auth/access.js";
import { one, type Db } from "../db/db.js";
import type { Tables } from "../db/tables.js";

/** Which reports a spreadsheet holds: created in [from, to], of these types (none: every type). */
export interface SheetWindow {
  from: Date;
  to: Date;
  typeIds: readonly number[];
}

/** One report as the spreadsheet shows it. */
export type SheetRow = Pick<
  Tables["reports"],
  "id" | "uuid" | "created_at" | "type_id" | "title" | "description" | "address" | "latitude" | "longitude" | "likes_count"
> &
  Pick<Tables["report_attentions"], "status" | "closing_kind" | "priority" | "closed_at"> & {
    status: ReportStatus;
    priority: Priority;
    /** The type's localized names (left join: null for a type that is gone). */
    type_names: Record<string, string> | null;
    zone_names: string[];
    assignee: string | null;
    closer: string | null;
    /** The attention's deletion, else the report's. */
    deleted_at: Date | null;
    deleted_by: string | null;
    comments_count: number;
    tags: string[];
    /** The reporter's account e-mail, read only for a company in SPEC §6's "showing user emails" gate. */
    reporter_email?: string | null;
    /** Where the next page starts: the creation instant to the microsecond (a Date keeps milliseconds). */
    cursor_at: string;
  };

/** The last row of a page: the next page starts after it. */
export type SheetCursor = Pick<SheetRow, "cursor_at" | "id">;

// Every report the company attends, not-applicable and deleted ones included (the export is where they
// stay visible), inside the scope's restrictions.
function where(scope: TenantScope, w: SheetWindow, params: unknown[]): string {
  params.push(scope.companyId, w.from.toISOString(), w.to.toISOString());
  let sql = ` where a.company_id = $1 and r.created_at >= $2 and r.created_at <= $3`;
  if (w.typeIds.length) {
    params.push(w.typeIds);
    sql += ` and r.type_id = any($${params.length}::int[])`;
  }
  return sql + restrictionWhere(scope.restrictions, params);
}

/** How many reports the window holds for the scope. */
export async function countSheetRows(db: Db, scope: TenantScope, w: SheetWindow): Promise<number> {
  const params: unknown[] = [];
  const row = await one<{ n: number }>(db, `select count(*)::int as n from report_attentions a join reports r on r.id = a.report_id${where(scope, w, params)}`, params);
  return row?.n ?? 0;
}

/** The next page of the window's reports after `after` (none: the first page), in creation order
 * (keyset paging on the reports' creation index, which bounds every page to the window: paged by id,
 * a page walked the reports' primary key from its first id or to its last one, 1.25 s for the last page
 * of 100,000 reports, issue 37). */
export function sheetRowsAfter(db: Db, scope: TenantScope, w: SheetWindow, after: SheetCursor | null, limit: number, withEmails = false): Promise<SheetRow[]> {
  const params: unknown[] = [];
  let sql = where(scope, w, params);
  if (after) {
    params.push(after.cursor_at, after.id);
    const [at, id] = [`$${params.length - 1}::timestamptz`, `$${params.length}`];
    sql += ` and r.created_at >= ${at} and (r.created_at, r.id) > (${at}, ${id})`;
  }
  params.push(limit);
  return db.query<SheetRow>(
    `select r.id, r.uuid::text as uuid, r.created_at, r.type_id, rt.name_localized as type_names, a.status, a.closing_kind,
            a.priority, r.title, r.description, r.address, r.latitude, r.longitude,
            coalesce((select array_agg(z.name order by z.name) from zones z where z.company_id = a.company_id and z.id = any(a.zone_ids)), '{}') as zone_names,
            coalesce(trim(au.first_name || ' ' || au.last_name), t.name, trim(ap.first_name || ' ' || ap.last_name)) as assignee,
            trim(cu.first_name || ' ' || cu.last_name) as closer, a.closed_at, coalesce(a.deleted_at, r.deleted_at) as deleted_at,
            case when a.deleted_at is not null then 'admin' else r.deleted_by end as deleted_by, r.likes_count,
            (select count(*)::int from comments c where c.report_id = r.id and not c.hidden) as comments_count,
            coalesce((select array_agg(g.name order by g.name) from report_attention_tags x join tags g on g.company_id = x.company_id and g.id = x.tag_id
                       where x.company_id = a.company_id and x.report_id = r.id), '{}') as tags,${withEmails ? `
            (select u.email from users u where u.id = r.user_id and not (a.is_anonymous or r.is_anonymous)) as reporter_email,` : ""}
            to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
       from report_attentions a
       join reports r on r.id = a.report_id
       left join report_types rt on rt.id = r.type_id
       left join users au on au.id = a.assigned_user_id
       left join teams t on t.company_id = a.company_id and t.id = a.assigned_team_id
       left join users ap on ap.id = a.assigned_patrol_id
       left join users cu on cu.id = a.closed_by_user_id
     ${sql} order by r.created_at, r.id limit $${params.length}`,
    params,
  );
}

/** The company's timezone (SPEC: America/Santiago unless set). */
export async function companyTimezone(db: Db, scope: TenantScope): Promise<string> {
  const row = await one<{ timezone: string }>(db, "select timezone from companies where id = $1", [scope.companyId]);
  return row?.timezone ?? "America/Santiago";
}
