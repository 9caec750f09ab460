import { DEFAULT_TIMEZONE, type ReportStatus } from "@atalaya/shared";
import { restrictionWhere, type TenantScope } from "../auth/access.js";
import { isRestricted } from "../auth/restrictions.js";
import { one, type Db } from "../db/db.js";

// Grouped counts of one company's reports for the dashboard, all in SQL: a few rows per chart leave the
// database, never the reports. A report belongs to a window by the moment the company received it (the
// attention's created_at, which for every report routed at intake is the report's own creation), read
// from report_attentions_window_idx alone (migration 017), and what a query reads of the report from
// reports_dashboard_idx.

/** What the dashboard counts: the company's reports received in [from, to) of these types, statuses and
 * zones (empty: all), seen in the company's timezone. */
export interface DashboardSelection {
  from: Date;
  to: Date;
  timeZone: string;
  typeIds: readonly number[];
  statuses: readonly ReportStatus[];
  zoneIds: readonly number[];
}

const FROM = " from report_attentions a join reports r on r.id = a.report_id";

// A report its author deleted, without joining the report: the few of them are read through
// reports_deleted_idx (migration 017).
const NOT_DELETED_BY_AUTHOR = "not exists (select 1 from reports r where r.id = a.report_id and r.deleted_at is not null)";

// The selection over an attention `a` and its report `r`, inside the scope's restrictions. Reports
// deleted by their author or by an admin are left out. `window` false: any time (complaints are read
// by when they were filed). `joined` false: the report is not joined (no type filter or restriction).
function selected(scope: TenantScope, s: DashboardSelection, params: unknown[], window = true, joined = true): string {
  const add = (value: unknown) => `$${params.push(value)}`;
  let sql = ` where a.company_id = ${add(scope.companyId)} and a.deleted_at is null and ${joined ? "r.deleted_at is null" : NOT_DELETED_BY_AUTHOR}`;
  if (window) sql += ` and a.created_at >= ${add(s.from.toISOString())}::timestamptz and a.created_at < ${add(s.to.toISOString())}::timestamptz`;
  if (s.typeIds.length) sql += ` and r.type_id = any(${add(s.typeIds)}::int[])`;
  if (s.statuses.length) sql += ` and a.status = any(${add(s.statuses)}::text[])`;
  if (s.zoneIds.length) sql += ` and a.zone_ids && ${add(s.zoneIds)}::int[]`;
  return sql + restrictionWhere(scope.restrictions, params);
}

// Not-applicable reports count in the `false` counter only (SPEC §4: they leave the map).
const LIVE = " and a.status <> 'false'";

/** FROM and WHERE of the selection for a query that reads nothing of the report itself: without a type
 * filter or restriction the report is not joined, so the window is read from report_attentions_window_idx
 * alone instead of looking up each of its reports. */
function selectedAttentions(scope: TenantScope, s: DashboardSelection, params: unknown[]): string {
  const joined = s.typeIds.length > 0 || scope.restrictions.reportTypeIds.length > 0;
  return (joined ? FROM : " from report_attentions a") + selected(scope, s, params, true, joined);
}

/** The company's timezone and modules. */
export async function companyClock(db: Db, scope: TenantScope): Promise<{ timezone: string; modules: string[] }> {
  const row = await one<{ timezone: string; modules: string[] }>(db, "select timezone, modules from companies where id = $1", [scope.companyId]);
  return row ?? { timezone: DEFAULT_TIMEZONE, modules: [] };
}

/** The instants of two wall-clock times (`YYYY-MM-DD HH:mm:ss`) in the timezone (null stays null). */
export async function localInstants(db: Db, timeZone: string, start: string | null, end: string | null): Promise<{ start: Date | null; end: Date | null }> {
  const row = await one<{ start: Date | null; end: Date | null }>(
    db,
    `select ($1::timestamp at time zone $3::text) as start, ($2::timestamp at time zone $3::text) as "end"`,
    [start, end, timeZone],
  );
  return { start: row?.start ? new Date(row.start) : null, end: row?.end ? new Date(row.end) : null };
}

/** One group of countReports: by status, by type, by day and status, or by weekday and hour. */
export interface CountRow {
  grouped: "status" | "type" | "day" | "weekday_hour";
  status: ReportStatus | null;
  type_id: number | null;
  day: string | null;
  weekday: number | null;
  hour: number | null;
  count: number;
}

/** The selection's reports counted by status, by type, by day (company calendar) and status, and by ISO
 * weekday (1 = Monday) and hour of the company's clock, in one pass. Not-applicable reports are counted
 * under their status (`false`) only: the type, weekday and hour groups leave them out. */
export function countReports(db: Db, scope: TenantScope, s: DashboardSelection): Promise<CountRow[]> {
  const params: unknown[] = [s.timeZone];
  const where = selected(scope, s, params);
  // Grouped by the local date, formatted once per group (to_char on every report cost more than the
  // grouping); date_part answers in float8 where extract would compute a numeric per report.
  return db.query<CountRow>(
    `select grouped, status, type_id, to_char(day, 'YYYY-MM-DD') as day, weekday, hour, count
       from (select case when grouping(status) = 0 and grouping(day) = 1 then 'status' when grouping(type_id) = 0 then 'type'
                         when grouping(day) = 0 then 'day' else 'weekday_hour' end as grouped,
                    status, type_id, day, weekday, hour, count(*)::int as count
               from (select a.status, l.t::date as day,
                            case when a.status <> 'false' then r.type_id end as type_id,
                            case when a.status <> 'false' then date_part('isodow', l.t)::int end as weekday,
                            case when a.status <> 'false' then date_part('hour', l.t)::int end as hour
                       ${FROM} cross join lateral (select a.created_at at time zone $1::text as t) l${where}) x
              group by grouping sets ((status), (type_id), (day, status), (weekday, hour))
             having (grouping(type_id) = 1 or type_id is not null) and (grouping(weekday) = 1 or weekday is not null)) g`,
    params,
  );
}

/** Figures of durations: how many, their average and median in seconds. */
export interface DurationRow {
  count: number;
  average: number | null;
  median: number | null;
}

/** Attention times of the selection's live reports: time to take (first take or assignment since the
 * window began, minus creation), time to close (closing minus creation), and closings against due times.
 * Durations in seconds through date_part, in float8 (extract computes a numeric for each). */
export async function attentionTimes(
  db: Db,
  scope: TenantScope,
  s: DashboardSelection,
): Promise<{ take: DurationRow; close: DurationRow; closed_with_due: number; closed_late: number }> {
  const params: unknown[] = [];
  const from = selectedAttentions(scope, s, params) + LIVE;
  const row = await one<{
    take_count: number; take_average: number | null; take_median: number | null;
    close_count: number; close_average: number | null; close_median: number | null;
    closed_with_due: number; closed_late: number;
  }>(
    db,
    `with w as (select a.report_id, a.created_at, a.status, a.closed_at, a.due_date${from}),
          takes as (select l.report_id, min(l.created_at) as taken_at
                      from activity_log l join w on w.report_id = l.report_id
                     where l.company_id = $1 and l.action in ('taken', 'assigned') and l.created_at >= $2::timestamptz
                     group by l.report_id),
          d as (select date_part('epoch', t.taken_at - w.created_at) as take_s,
                       case when w.status = 'solved' then date_part('epoch', w.closed_at - w.created_at) end as close_s,
                       w.status = 'solved' and w.closed_at is not null and w.due_date is not null as with_due,
                       w.status = 'solved' and w.closed_at > w.due_date as late
                  from w left join takes t on t.report_id = w.report_id)
     select count(take_s)::int as take_count, avg(take_s)::float8 as take_average,
            percentile_cont(0.5) within group (order by take_s)::float8 as take_median,
            count(close_s)::int as close_count, avg(close_s)::float8 as close_average,
            percentile_cont(0.5) within group (order by close_s)::float8 as close_median,
            (count(*) filter (where with_due))::int as closed_with_due, (count(*) filter (where with_due and late))::int as closed_late
       from d`,
    params,
  );
  return {
    take: { count: row?.take_count ?? 0, average: row?.take_average ?? null, median: row?.take_median ?? null },
    close: { count: row?.close_count ?? 0, average: row?.close_average ?? null, median: row?.close_median ?? null },
    closed_with_due: row?.closed_with_due ?? 0,
    closed_late: row?.closed_late ?? 0,
  };
}

/** The selection's live reports per zone (a report in several zones counts in each; zone null: in no
 * zone); with a zone filter, only the filtered zones. */
export function countByZone(db: Db, scope: TenantScope, s: DashboardSelection): Promise<{ zone_id: number | null; name: string | null; count: number }[]> {
  const params: unknown[] = [];
  const from = selectedAttentions(scope, s, params) + LIVE;
  const only = s.zoneIds.length ? ` where z.zone_id = any($${params.push(s.zoneIds)}::int[])` : "";
  return db.query(
    `select z.zone_id, zn.name, count(*)::int as count
       from (select unnest(case when cardinality(a.zone_ids) = 0 then array[null::int] else a.zone_ids end) as zone_id${from}) z
       left join zones zn on zn.company_id = $1 and zn.id = z.zone_id${only}
      group by z.zone_id, zn.name
      order by count desc, z.zone_id nulls last`,
    params,
  );
}

/** One operator's figures of one kind (take or close) over the window, or over one shift of it
 * (all_shifts false; shift_id null: outside every shift). */
export interface OperatorRow {
  user_id: number;
  name: string;
  kind: "take" | "close";
  all_shifts: boolean;
  shift_id: number | null;
  count: number;
  average: number | null;
  median: number | null;
  /** Closings only: the reporters' ratings of those reports (issue 17), how many and their mean. */
  rating_count: number;
  rating_average: number | null;
}

/** Who took (first take or assignment: the taker, or the user it was assigned to) and who closed the
 * selection's live reports, with times to take and to close, over the window and per shift: an event
 * belongs to the shift its time of day falls in on the company's clock (a shift whose end is before its
 * start crosses midnight; of overlapping shifts, the first created). */
export function operatorFigures(db: Db, scope: TenantScope, s: DashboardSelection): Promise<OperatorRow[]> {
  const params: unknown[] = [s.timeZone];
  const from = selectedAttentions(scope, s, params) + LIVE;
  return db.query<OperatorRow>(
    `with w as (select a.report_id, a.created_at, a.status, a.closed_at, a.closed_by_user_id,
                     (select rr.rating_points from reports rr where rr.id = a.report_id) as rating_points${from}),
          firsts as (select distinct on (l.report_id) l.report_id, l.created_at as at,
                            case when l.action = 'taken' then l.actor_user_id
                                 when jsonb_typeof(l.data->'userId') = 'number' then (l.data->>'userId')::int end as user_id
                       from activity_log l join w on w.report_id = l.report_id
                      where l.company_id = $2 and l.action in ('taken', 'assigned') and l.created_at >= $3::timestamptz
                      order by l.report_id, l.created_at, l.id),
          events as (select f.user_id, 'take' as kind, f.at, date_part('epoch', f.at - w.created_at) as seconds, null::int as rating
                       from firsts f join w on w.report_id = f.report_id where f.user_id is not null
                     union all
                     select w.closed_by_user_id, 'close', w.closed_at, date_part('epoch', w.closed_at - w.created_at), w.rating_points
                       from w where w.status = 'solved' and w.closed_at is not null and w.closed_by_user_id is not null),
          shifted as (select e.*, (select sh.id from shifts sh
                                    where sh.company_id = $2 and case when sh.start_time < sh.end_time
                                      then l.t >= sh.start_time and l.t < sh.end_time
                                      else l.t >= sh.start_time or l.t < sh.end_time end
                                    order by sh.id limit 1) as shift_id
                        from events e cross join lateral (select (e.at at time zone $1::text)::time as t) l),
          figures as (select user_id, kind, grouping(shift_id) = 1 as all_shifts, shift_id, count(*)::int as count,
                             avg(seconds)::float8 as average, percentile_cont(0.5) within group (order by seconds)::float8 as median,
                             count(rating)::int as rating_count, avg(rating)::float8 as rating_average
                        from shifted group by grouping sets ((user_id, kind), (user_id, kind, shift_id)))
     select f.*, trim(u.first_name || ' ' || u.last_name) as name from figures f join users u on u.id = f.user_id`,
    params,
  );
}

/** The selection's community users (members of no company) with most reports that are not anonymous. */
export function topReporters(db: Db, scope: TenantScope, s: DashboardSelection, limit: number): Promise<{ user_id: number; name: string; reports: number }[]> {
  const params: unknown[] = [];
  const where = selected(scope, s, params) + LIVE;
  return db.query(
    `select u.id as user_id, trim(u.first_name || ' ' || u.last_name) as name, count(*)::int as reports
       ${FROM} join users u on u.id = r.user_id${where}
        and not r.is_anonymous and not a.is_anonymous and not exists (select 1 from memberships m where m.user_id = u.id)
      group by u.id order by reports desc, u.id limit $${params.push(limit)}`,
    params,
  );
}

/** The community users with most complaints filed in the window about what the scope may see: their
 * reports (not anonymous) or comments on the selection's reports of any time, and, for an unrestricted
 * scope, complaints about the user its members filed. */
export function reportedUsers(
  db: Db,
  scope: TenantScope,
  s: DashboardSelection,
  limit: number,
): Promise<{ user_id: number; name: string; complaints: number; locked: boolean }[]> {
  const params: unknown[] = [s.from.toISOString(), s.to.toISOString()];
  const filed = (alias: string) => `${alias}.created_at >= $1::timestamptz and ${alias}.created_at < $2::timestamptz`;
  const aboutReports = `select c.target_user_id from user_complaints c join report_attentions a on a.report_id = c.report_id join reports r on r.id = a.report_id
      ${selected(scope, s, params, false)} and ${filed("c")} and (c.target_kind = 'comment' or not r.is_anonymous)`;
  const aboutUsers = isRestricted(scope.restrictions)
    ? ""
    : ` union all select c.target_user_id from user_complaints c where c.report_id is null and c.company_id = $${params.push(scope.companyId)} and ${filed("c")}`;
  return db.query(
    `select u.id as user_id, trim(u.first_name || ' ' || u.last_name) as name, count(*)::int as complaints, u.locked
       from (${aboutReports}${aboutUsers}) seen join users u on u.id = seen.target_user_id
      group by u.id order by complaints desc, u.id limit $${params.push(limit)}`,
    params,
  );
}

/** Community users who joined in the window and sent the selection a live report in it, by the day
 * they joined (company calendar). */
export function newUsersPerDay(db: Db, scope: TenantScope, s: DashboardSelection): Promise<{ day: string; count: number }[]> {
  const params: unknown[] = [s.timeZone];
  const where = selected(scope, s, params) + LIVE;
  return db.query(
    `select to_char(u.created_at at time zone $1::text, 'YYYY-MM-DD') as day, count(distinct u.id)::int as count
       ${FROM} join users u on u.id = r.user_id${where}
        and u.created_at >= $3::timestamptz and u.created_at < $4::timestamptz
        and not exists (select 1 from memberships m where m.user_id = u.id)
      group by 1`,
    params,
  );
}

/** The selection's live reports by the app that sent them (`reports.source`: `app`, `portal`, or an app
 * and its version as `app/5.2.1` or `app 5.2.1`). */
export function countBySource(db: Db, scope: TenantScope, s: DashboardSelection): Promise<{ source: string; version: string | null; reports: number }[]> {
  const params: unknown[] = [];
  const where = selected(scope, s, params) + LIVE;
  return db.query(
    `select coalesce(substring(r.source from '^[^/ ]+'), 'unknown') as source, substring(r.source from '^[^/ ]+[/ ](.+)$') as version,
            count(*)::int as reports
       ${FROM}${where}
      group by 1, 2 order by reports desc, 1, 2 nulls first`,
    params,
  );
}

/** Distinct signed-in reporters of the selection's live reports, per day (company calendar). */
export function activeReportersPerDay(db: Db, scope: TenantScope, s: DashboardSelection): Promise<{ day: string; count: number }[]> {
  const params: unknown[] = [s.timeZone];
  const where = selected(scope, s, params) + LIVE;
  return db.query(
    `select to_char(a.created_at at time zone $1::text, 'YYYY-MM-DD') as day, count(distinct r.user_id)::int as count
       ${FROM}${where} and r.user_id is not null
      group by 1`,
    params,
  );
}
