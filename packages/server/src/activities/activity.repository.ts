import type { ActivityFields, ActivityGroup, ActivityPeriod, ActivityState, ComplianceQuery, ComplianceRow } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

// Every statement of the activities domain, each filtered by the scope's company.

type Activities = Tables["activities"];

/** An activity as stored (columns renamed by ACTIVITY; its dates as text, its timestamps ISO 8601 once
 * `present` has turned them from Dates). */
export type ActivityRow = Pick<Activities, "id" | "name" | "groups" | "period"> & {
  groups: ActivityGroup[];
  userIds: Activities["user_ids"];
  teamIds: Activities["team_ids"];
  period: ActivityPeriod;
  customDays: Activities["custom_days"];
  timesPerPeriod: Activities["times_per_period"];
  totalPeriods: Activities["total_periods"];
  startDate: string;
  endDate: string;
  refreshedAt: string | null;
  createdAt: string;
};

/** Timestamps come back as Date (pg) or text (built in SQL); the API speaks ISO 8601. */
export const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

const ACTIVITY = `id, name, groups, user_ids as "userIds", team_ids as "teamIds", period, custom_days as "customDays",
  times_per_period as "timesPerPeriod", total_periods as "totalPeriods", to_char(start_date, 'YYYY-MM-DD') as "startDate",
  to_char(end_date, 'YYYY-MM-DD') as "endDate", refreshed_at as "refreshedAt", created_at as "createdAt"`;

const present = (r: ActivityRow): ActivityRow => ({ ...r, refreshedAt: isoOrNull(r.refreshedAt), createdAt: iso(r.createdAt) });

/** The company's activities, newest first. */
export async function listActivities(db: Tx, scope: TenantScope): Promise<ActivityRow[]> {
  return (await db.query<ActivityRow>(`select ${ACTIVITY} from activities where company_id = $1 order by created_at desc, id desc`, [scope.companyId])).map(present);
}

/** One activity of the company. */
export async function findActivity(db: Tx, scope: TenantScope, id: number): Promise<ActivityRow | undefined> {
  const row = await one<ActivityRow>(db, `select ${ACTIVITY} from activities where company_id = $1 and id = $2`, [scope.companyId, id]);
  return row && present(row);
}

const fieldsParams = (a: ActivityFields) => [
  a.name, JSON.stringify(a.groups), a.userIds, a.teamIds, a.period, a.period === "custom" ? a.customDays : null, a.timesPerPeriod, a.totalPeriods, a.startDate, a.endDate,
];

/** Stores a new activity; its compliance is computed by the caller in the same transaction. */
export async function insertActivity(db: Tx, scope: TenantScope, a: ActivityFields, createdBy: number): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    `insert into activities (company_id, name, groups, user_ids, team_ids, period, custom_days, times_per_period, total_periods, start_date, end_date, created_by)
     values ($1, $2, $3, $4::int[], $5::int[], $6, $7, $8, $9, $10::date, $11::date, $12) returning id`,
    [scope.companyId, ...fieldsParams(a), createdBy],
  );
  return row!.id;
}

/** Changes an activity; false when it is not the company's. */
export async function updateActivity(db: Tx, scope: TenantScope, id: number, a: ActivityFields): Promise<boolean> {
  const rows = await db.query(
    `update activities set name = $3, groups = $4, user_ids = $5::int[], team_ids = $6::int[], period = $7, custom_days = $8, times_per_period = $9,
            total_periods = $10, start_date = $11::date, end_date = $12::date, updated_at = now()
      where company_id = $1 and id = $2 returning id`,
    [scope.companyId, id, ...fieldsParams(a)],
  );
  return rows.length > 0;
}

/** Deletes an activity with its compliance rows; false when it is not the company's. */
export async function deleteActivity(db: Tx, scope: TenantScope, id: number): Promise<boolean> {
  return (await db.query(`delete from activities where company_id = $1 and id = $2 returning id`, [scope.companyId, id])).length > 0;
}

/** Form titles (current version) of the company's templates among ids; deleted ones flagged. */
export function formTitles(db: Tx, scope: TenantScope, ids: readonly number[]): Promise<{ id: number; title: string; deleted: boolean }[]> {
  return db.query(
    `select t.id, v.title, t.deleted_at is not null as deleted
       from form_templates t join form_template_versions v on v.company_id = t.company_id and v.template_id = t.id and v.version = t.version
      where t.company_id = $1 and t.id = any($2::int[])`,
    [scope.companyId, ids],
  );
}

/** Names of the company's members among ids. */
export function memberNames(db: Tx, scope: TenantScope, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  return db.query(
    `select u.id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as name
       from memberships m join users u on u.id = m.user_id where m.company_id = $1 and m.user_id = any($2::int[])`,
    [scope.companyId, ids],
  );
}

/** The company's live (not deleted) teams among ids. */
export function teamNames(db: Tx, scope: TenantScope, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  return db.query(`select id, name from teams where company_id = $1 and id = any($2::int[]) and deleted_at is null`, [scope.companyId, ids]);
}

/** Who an activity asks: its users who are members, and the members of its live teams. */
export async function assigneeIds(db: Tx, scope: TenantScope, userIds: readonly number[], teamIds: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select m.user_id as id from memberships m
      where m.company_id = $1 and (m.user_id = any($2::int[]) or exists (
        select 1 from team_members tm join teams t on t.company_id = tm.company_id and t.id = tm.team_id and t.deleted_at is null
         where tm.company_id = $1 and tm.team_id = any($3::int[]) and tm.user_id = m.user_id))
      order by m.user_id`,
    [scope.companyId, userIds, teamIds],
  );
  return rows.map((r) => r.id);
}

/** The company's time zone (period boundaries are its local midnights). */
export async function companyTimeZone(db: Tx, scope: TenantScope): Promise<string> {
  return (await one<{ timezone: string }>(db, `select timezone from companies where id = $1`, [scope.companyId]))?.timezone ?? "America/Santiago";
}

/** A period of an activity, as epoch milliseconds. */
export interface PeriodBounds {
  index: number;
  start: number;
  end: number;
}

const STEP: Record<ActivityPeriod, [years: number, months: number, days: number]> = {
  daily: [0, 0, 1],
  weekly: [0, 0, 7],
  monthly: [0, 1, 0],
  annual: [1, 0, 0],
  custom: [0, 0, 1],
};

/** An activity's periods: the i-th starts at the local midnight of start date + i steps in the time
 * zone, PostgreSQL's time zone rules deciding the offsets (a daylight-saving change makes a day 23 or
 * 25 hours long); at most totalPeriods of them, none starting after the end date, the last one cut at
 * the end date's local end of day. */
export async function periodsOf(db: Tx, a: Pick<ActivityRow, "period" | "customDays" | "totalPeriods" | "startDate" | "endDate">, timeZone: string): Promise<PeriodBounds[]> {
  const [years, months, days] = STEP[a.period];
  const dayStep = a.period === "custom" ? (a.customDays ?? 1) : days;
  const at = (k: string) => `($1::date::timestamp + make_interval(years => ${k} * $4, months => ${k} * $5, days => ${k} * $6))`;
  const rows = await db.query<{ index: number; start: number; end: number }>(
    `select i as index, extract(epoch from (${at("i")} at time zone $7)) * 1000 as start,
            extract(epoch from least(${at("(i + 1)")}, ($2::date + 1)::timestamp) at time zone $7) * 1000 as "end"
       from generate_series(0, $3::int - 1) i
      where ${at("i")} < ($2::date + 1)::timestamp
      order by i`,
    [a.startDate, a.endDate, a.totalPeriods, years, months, dayStep, timeZone],
  );
  return rows.map((r) => ({ index: Number(r.index), start: Number(r.start), end: Number(r.end) }));
}

/** When each assignee filled each form within each period: epoch ms, ascending, by "user:period:form". */
export async function submissionTimes(db: Tx, scope: TenantScope, formIds: readonly number[], userIds: readonly number[], periods: readonly PeriodBounds[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (formIds.length === 0 || userIds.length === 0 || periods.length === 0) return out;
  const rows = await db.query<{ userId: number; index: number; formId: number; times: number[] }>(
    `select s.author_id as "userId", p.i as index, s.template_id as "formId",
            array_agg(extract(epoch from s.created_at) * 1000 order by s.created_at) as times
       from unnest($4::int[], $5::float8[], $6::float8[]) as p(i, s_ms, e_ms)
       join form_submissions s on s.company_id = $1 and s.template_id = any($2::int[]) and s.author_id = any($3::int[])
        and s.created_at >= to_timestamp(p.s_ms / 1000) and s.created_at < to_timestamp(p.e_ms / 1000)
      group by 1, 2, 3`,
    [scope.companyId, formIds, userIds, periods.map((p) => p.index), periods.map((p) => p.start), periods.map((p) => p.end)],
  );
  for (const r of rows) out.set(`${r.userId}:${r.index}:${r.formId}`, r.times.map(Number));
  return out;
}

/** A computed compliance row, ready to store. */
export interface ComplianceFact {
  userId: number;
  index: number;
  start: number;
  end: number;
  done: number;
  state: ActivityState;
  completedAt: number | null;
}

/** Replaces an activity's stored compliance rows and notes when it must be computed again. */
export async function replaceCompliance(db: Tx, scope: TenantScope, activityId: number, facts: readonly ComplianceFact[], nextRefresh: number | null, now: number): Promise<void> {
  await db.query(`delete from activity_compliance where company_id = $1 and activity_id = $2`, [scope.companyId, activityId]);
  if (facts.length > 0) {
    await db.query(
      `insert into activity_compliance (company_id, activity_id, user_id, period_index, period_start, period_end, done, state, completed_at)
       select $1, $2, u, i, to_timestamp(s / 1000), to_timestamp(e / 1000), d, st, to_timestamp(c / 1000)
         from unnest($3::int[], $4::int[], $5::float8[], $6::float8[], $7::int[], $8::text[], $9::float8[]) as x(u, i, s, e, d, st, c)`,
      [scope.companyId, activityId, facts.map((f) => f.userId), facts.map((f) => f.index), facts.map((f) => f.start), facts.map((f) => f.end),
        facts.map((f) => f.done), facts.map((f) => f.state), facts.map((f) => f.completedAt)],
    );
  }
  await db.query(`update activities set refreshed_at = to_timestamp($3::float8 / 1000), next_refresh_at = to_timestamp($4::float8 / 1000) where company_id = $1 and id = $2`, [
    scope.companyId, activityId, now, nextRefresh,
  ]);
}

/** The company's stored compliance rows with their names, filtered, newest periods first. */
export async function listCompliance(db: Tx, scope: TenantScope, q: ComplianceQuery): Promise<{ rows: ComplianceRow[]; total: number; refreshedAt: string | null }> {
  const params: unknown[] = [scope.companyId];
  const where = ["c.company_id = $1"];
  if (q.userId !== undefined) where.push(`c.user_id = $${params.push(q.userId)}`);
  if (q.state !== undefined) where.push(`c.state = $${params.push(q.state)}`);
  if (q.period !== undefined) where.push(`a.period = $${params.push(q.period)}`);
  if (q.activityId !== undefined) where.push(`c.activity_id = $${params.push(q.activityId)}`);
  const from = `from activity_compliance c join activities a on a.company_id = c.company_id and a.id = c.activity_id where ${where.join(" and ")}`;
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total ${from}`, params);
  const limit = params.push(q.pageSize);
  const offset = params.push((q.page - 1) * q.pageSize);
  // The row's category and subcategory are those of the activity's first form, at its current version.
  const rows = await db.query<Record<string, unknown>>(
    `select c.activity_id as "activityId", a.name as "activityName", c.user_id as "userId",
            coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as "userName",
            cat.name as category, sub.name as subcategory, a.period, c.period_index as "periodIndex",
            c.period_start as "periodStart", c.period_end as "periodEnd", c.done, a.times_per_period as "timesPerPeriod", c.state,
            case when c.state = 'overdue' then greatest(0, floor(extract(epoch from now() - c.period_end)))::int else 0 end as "delaySeconds",
            c.completed_at as "completedAt"
       ${from.replace(" where ", ` join users u on u.id = c.user_id
       left join form_templates t on t.company_id = a.company_id and t.id = (a.groups -> 0 -> 'formIds' ->> 0)::int
       left join form_template_versions v on v.company_id = t.company_id and v.template_id = t.id and v.version = t.version
       left join form_categories cat on cat.company_id = v.company_id and cat.id = v.category_id
       left join form_categories sub on sub.company_id = v.company_id and sub.id = v.subcategory_id
       where `)}
      order by c.period_start desc, a.name, "userName", c.user_id
      limit $${limit} offset $${offset}`,
    params,
  );
  const refreshed = await one<{ at: unknown }>(db, `select min(refreshed_at) as at from activities where company_id = $1`, [scope.companyId]);
  return {
    total: count?.total ?? 0,
    refreshedAt: isoOrNull(refreshed?.at),
    rows: rows.map((r) => ({
      activityId: Number(r.activityId),
      activityName: String(r.activityName),
      user: { id: Number(r.userId), name: String(r.userName) },
      category: (r.category as string | null) ?? null,
      subcategory: (r.subcategory as string | null) ?? null,
      period: r.period as ActivityPeriod,
      periodIndex: Number(r.periodIndex),
      periodStart: iso(r.periodStart),
      periodEnd: iso(r.periodEnd),
      done: Number(r.done),
      timesPerPeriod: Number(r.timesPerPeriod),
      state: r.state as ActivityState,
      delaySeconds: Number(r.delaySeconds),
      completedAt: isoOrNull(r.completedAt),
    })),
  };
}

/** Activities to compute again, across companies (the refresh job's sweep): those whose next period
 * boundary has passed, and those one of whose forms was filled since they were computed (found through
 * form_submissions_template_idx), so the stored table follows the submissions without the forms
 * domain knowing about activities. */
export function dueForRefresh(db: Tx, limit: number): Promise<{ companyId: number; id: number }[]> {
  return db.query(
    `select a.company_id as "companyId", a.id from activities a
      where a.next_refresh_at <= now() or a.refreshed_at is null or exists (
        select 1 from jsonb_array_elements(a.groups) g cross join jsonb_array_elements_text(g -> 'formIds') f
         where exists (select 1 from form_submissions s where s.company_id = a.company_id and s.template_id = f::int and s.created_at > a.refreshed_at))
      order by a.next_refresh_at nulls last, a.id limit $1`,
    [limit],
  );
}

/** Ids of the company's activities. */
export async function activityIds(db: Tx, scope: TenantScope): Promise<number[]> {
  return (await db.query<{ id: number }>(`select id from activities where company_id = $1 order by id`, [scope.companyId])).map((r) => r.id);
}

/** The company's activities that ask this user, directly or through a live team. */
export async function activitiesOfUser(db: Tx, scope: TenantScope, userId: number): Promise<ActivityRow[]> {
  const rows = await db.query<ActivityRow>(
    `select ${ACTIVITY} from activities a
      where a.company_id = $1 and ($2 = any(a.user_ids) or exists (
        select 1 from team_members tm join teams t on t.company_id = tm.company_id and t.id = tm.team_id and t.deleted_at is null
         where tm.company_id = $1 and tm.user_id = $2 and tm.team_id = any(a.team_ids)))
      order by a.name, a.id`,
    [scope.companyId, userId],
  );
  return rows.map(present);
}
