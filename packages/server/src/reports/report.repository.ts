import { REPORT_STATUSES, type CompanyRole, type GatheringForm, type Priority, type ReportCounters, type ReportStatus, type SortOption } from "@atalaya/shared";
import { restrictionWhere, systemScope, type TenantScope } from "../auth/access.js";
import type { ReportAudience } from "../auth/restrictions.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";
import { favoriteWhere } from "./report-flags.repository.js";

type Reports = Tables["reports"];
type Attentions = Tables["report_attentions"];

/** One row of the report view: the shared report joined with one company's attention. Its columns are
 * the tables' (reports r, report_attentions a), narrowed where the schema says less (text statuses,
 * jsonb); the rest is computed by the statement (ROW_COLUMNS, DETAIL_COLUMNS). */
export type ReportRow = Pick<
  Reports,
  | "id"
  | "uuid"
  | "type_id"
  | "initial_type_id"
  | "title"
  | "description"
  | "latitude"
  | "longitude"
  | "address"
  | "timezone"
  | "media"
  | "likes_count"
  | "dislikes_count"
  | "abuse_counter"
  | "created_by_company_id"
  | "informer_type"
  | "contact"
  | "created_at"
  | "rating_points"
  | "rating_body"
  | "turn_off_comments"
> &
  Pick<
    Attentions,
    | "company_id"
    | "status"
    | "closing_kind"
    | "repeated_of"
    | "priority"
    | "observations"
    | "due_date"
    | "followup_id"
    | "zone_ids"
    | "is_private"
    | "notify_neighbours"
    | "notification_neighbours_was_canceled"
    | "closed_at"
    | "version"
    | "highlighted"
    | "sections_users"
    | "optional_code"
    | "extra_info"
  > & {
    status: ReportStatus;
    closing_kind: "solved" | "false" | "repeated" | null;
    priority: Priority;
    media: unknown[];
    informer_type: "user" | "anonymous" | "operator";
    contact: { phone: string | null; firstName: string | null; lastName: string | null; email: string | null } | null;
    /** Openings of the report's public page. */
    shares_counter: Reports["shares_counter"];
    comments_count: number;
    notes_count: number;
    /** The report's own flag, or the attention's. */
    is_anonymous: boolean;
    /** Some attending organisation made it private: the community no longer sees it (no share link). */
    private_anywhere: boolean;
    /** The company's stolen-plate flag (migration 034). */
    stolen_plate: Attentions["stolen_plate"];
    /** Where the report came from: app, portal, open311. */
    source: Reports["source"];
    /** The reporter's account; its e-mail is shown only where the company's gate allows (report.presenter.ts). */
    author: ReportAuthor | null;
    assigned_user: PersonJson | null;
    assigned_team: { id: number; name: string; color: string } | null;
    assigned_patrol: (PersonJson & { patrolStatus: string }) | null;
    closer: PersonJson | null;
    follower_ids: number[];
    tags: { id: number; uuid: string; name: string; color: string }[];
    /** The attention's deletion, else the report's. */
    deleted_at: Date | null;
    deleted_by: "author" | "admin" | null;
    /** The later of the report's and the attention's. */
    updated_at: Date;
    /** The attending company is an observer (SPEC §3 is_observer): whoever of it looks may neither take
     * nor close, also in the events the row is presented for. */
    company_is_observer: boolean;
    /** Issue 17: the attention's substatus, the company's review of it, its gathering, the rating
     * (rating_points, rating_body); the report flags (highlighted, turn_off_comments: migration 036). */
    substatus: { id: number; name: string } | null;
    review: "pending" | "approved" | "discarded" | null;
    gathering: GatheringJson | null;
    /** A comment or note of it was edited after posting. */
    edited: boolean;
    /** The signed-in, not anonymous reporter's current subscription. */
    reporter_subscription: { plan: "premium"; until: string | null } | null;
    gate_premium_alert: boolean;
    gate_subscription_badges: boolean;
    gate_show_user_emails: boolean;
    /** The asset reported about through its QR code (issue 17), and its category when reported. */
    asset_id: Reports["asset_id"];
    asset_category_name: Reports["asset_category_name"];
    asset: { id: number; uuid: string; category: string; description: string } | null;
    /** Issue 16 (migration 038): the type's workflow template for the company, who fills which section,
     * and what the workflow form wrote back (optional_code too). */
    workflow: number | null;
    sections_users: Record<string, number[]>;
    extra_info: { fieldKey: string; label: string; value: string }[] | null;
  };
/** One row of the panel's row view (ROW_VIEW): the columns a row of the events panel presents. */
export type ReportListRow = Pick<
  ReportRow,
  | "id" | "uuid" | "company_id" | "status" | "type_id" | "title" | "description" | "priority" | "due_date" | "followup_id"
  | "latitude" | "longitude" | "address" | "zone_ids" | "comments_count" | "is_anonymous" | "is_private" | "stolen_plate"
  | "created_by_company_id" | "assigned_user" | "tags" | "deleted_at" | "deleted_by" | "created_at" | "updated_at" | "version"
  | "company_is_observer" | "substatus" | "rating_points" | "highlighted" | "reporter_subscription" | "gate_premium_alert"
  | "gate_subscription_badges"
>;
/** The signed-in reporter as the report view reads it (users). */
export interface ReportAuthor {
  id: number;
  uuid: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  cover: string | null;
  homeAddress: string | null;
  groups: number[];
}
/** A gathering as the report view reads it (report_gatherings). */
export interface GatheringJson {
  id: number;
  formTemplateId: number | null;
  questions: { text: string; required: boolean }[];
  answers: string[] | null;
  form: GatheringForm | null;
  formValues: { values: Record<string, unknown>; extras: Record<string, string> } | null;
  startedAt: string;
  completedAt: string | null;
}
interface PersonJson {
  id: number;
  uuid: string;
  name: string;
  email: string | null;
  cover: string | null;
}

const person = (alias: string) =>
  `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'uuid', ${alias}.uuid::text,
     'name', trim(${alias}.first_name || ' ' || ${alias}.last_name), 'email', ${alias}.email, 'cover', ${alias}.cover) end`;

// The columns a row of the events panel presents (ReportListRow, report.presenter.ts presentListItem).
const ROW_COLUMNS = `r.id, r.uuid::text as uuid, a.company_id, a.status, r.type_id, r.title, r.description, a.priority, a.due_date,
       a.followup_id::int as followup_id, r.latitude, r.longitude, r.address, a.zone_ids,
       (select count(*)::int from comments c where c.report_id = r.id and not c.hidden) as comments_count,
       (a.is_anonymous or r.is_anonymous) as is_anonymous, a.is_private, a.stolen_plate, r.created_by_company_id,
       ${person("au")} as assigned_user,
       coalesce((select json_agg(json_build_object('id', g.id, 'uuid', g.uuid::text, 'name', g.name, 'color', g.color) order by g.name)
                   from report_attention_tags rt join tags g on g.company_id = rt.company_id and g.id = rt.tag_id
                  where rt.company_id = a.company_id and rt.report_id = r.id), '[]') as tags,
       coalesce(a.deleted_at, r.deleted_at) as deleted_at, case when a.deleted_at is not null then 'admin' else r.deleted_by end as deleted_by,
       r.created_at, greatest(r.updated_at, a.updated_at) as updated_at, a.version,
       coalesce((select c.is_observer from companies c where c.id = a.company_id), false) as company_is_observer,
       (select json_build_object('id', s.id, 'name', s.name) from company_substatuses s
          where s.company_id = a.company_id and s.id = a.substatus_id) as substatus,
       r.rating_points, a.highlighted,
       case when u.id is null or a.is_anonymous or r.is_anonymous or u.subscription is null
              or u.subscription_until <= now() then null
            else json_build_object('plan', u.subscription, 'until', u.subscription_until) end as reporter_subscription,
       exists (select 1 from company_gates g where g.gate = 'premium_alert' and g.company_id = a.company_id) as gate_premium_alert,
       exists (select 1 from company_gates g where g.gate = 'subscription_badges' and g.company_id = a.company_id) as gate_subscription_badges`;

// The rest of a whole report's columns. Issue 17's (substatus, review, gathering, rating, flags; the
// SPEC §6 gates are rows of company_gates, migration 021, read per row so an event presents the marker
// as the company's own reads do), issue 16's workflow, the asset of issue 17.
const DETAIL_COLUMNS = `a.closing_kind, a.repeated_of, r.initial_type_id, a.observations, r.timezone, r.media, r.likes_count,
       r.dislikes_count, r.abuse_counter, r.shares_counter,
       (select count(*)::int from notes n where n.company_id = a.company_id and n.report_id = r.id) as notes_count,
       exists (select 1 from report_attentions pa where pa.report_id = r.id and pa.is_private) as private_anywhere,
       r.informer_type, r.contact, r.source,
       case when u.id is null or a.is_anonymous or r.is_anonymous then null else json_build_object('id', u.id,
         'uuid', u.uuid::text, 'firstName', u.first_name, 'lastName', u.last_name, 'phone', u.phone, 'email', u.email,
         'cover', u.cover, 'homeAddress', u.home_address, 'groups', u.groups) end as author,
       a.notify_neighbours, a.notification_neighbours_was_canceled,
       case when t.id is null then null else json_build_object('id', t.id, 'name', t.name, 'color', t.color) end as assigned_team,
       case when ap.id is null then null else json_build_object('id', ap.id, 'uuid', ap.uuid::text,
         'name', trim(ap.first_name || ' ' || ap.last_name), 'email', ap.email, 'cover', ap.cover,
         'patrolStatus', coalesce(apm.patrol_status, 'offline')) end as assigned_patrol,
       ${person("cu")} as closer, a.closed_at,
       coalesce((select array_agg(f.user_id order by f.user_id) from followers f
                  where f.company_id = a.company_id and f.report_id = r.id), '{}') as follower_ids,
       (select rv.state from report_reviews rv where rv.company_id = a.company_id and rv.report_id = a.report_id) as review,
       (select json_build_object('id', g.id, 'formTemplateId', g.form_template_id, 'questions', g.questions, 'answers', g.answers,
                 'form', g.form, 'formValues', g.form_values, 'startedAt', g.started_at, 'completedAt', g.completed_at)
          from report_gatherings g where g.company_id = a.company_id and g.report_id = a.report_id) as gathering,
       r.rating_body, r.turn_off_comments,
       (exists (select 1 from comments ec where ec.report_id = r.id and ec.edited_at is not null)
         or exists (select 1 from notes en where en.company_id = a.company_id and en.report_id = r.id and en.edited_at is not null)) as edited,
       exists (select 1 from company_gates g where g.gate = 'show_user_emails' and g.company_id = a.company_id) as gate_show_user_emails,
       r.asset_id, r.asset_category_name,
       (select json_build_object('id', s.id, 'uuid', s.uuid::text, 'category', s.category, 'description', s.description)
          from assets s where s.id = r.asset_id) as asset,
       a.sections_users, a.optional_code, a.extra_info,
       (select w.template_id from report_type_workflows w
          join form_templates ft on ft.company_id = w.company_id and ft.id = w.template_id and ft.deleted_at is null
         where w.company_id = a.company_id and w.report_type_id = r.type_id) as workflow`;

// A company's attentions with their reports; PostgreSQL drops the left joins a statement reads nothing of.
const FROM = `
  from report_attentions a
  join reports r on r.id = a.report_id
  left join users u on u.id = r.user_id
  left join users au on au.id = a.assigned_user_id
  left join teams t on t.company_id = a.company_id and t.id = a.assigned_team_id
  left join users ap on ap.id = a.assigned_patrol_id
  left join memberships apm on apm.company_id = a.company_id and apm.user_id = a.assigned_patrol_id
  left join users cu on cu.id = a.closed_by_user_id`;

// The one statement that reads reports for a company; callers add conditions on a. and r.
const VIEW = `
select ${ROW_COLUMNS},
       ${DETAIL_COLUMNS}${FROM}`;

// The same for the panel's rows: a third of the columns, and of the lookups made per report.
const ROW_VIEW = `
select ${ROW_COLUMNS}${FROM}`;

/** One report as the scope sees it: undefined when its company does not attend it or the scope's
 * restrictions keep it out. */
export function findReport(db: Tx, scope: TenantScope, reportId: number): Promise<ReportRow | undefined> {
  const params: unknown[] = [scope.companyId, reportId];
  return one<ReportRow>(db, `${VIEW} where a.company_id = $1 and a.report_id = $2${restrictionWhere(scope.restrictions, params)}`, params);
}

/** One report by its public uuid, as the scope sees it. */
export function findReportByUuid(db: Db, scope: TenantScope, uuid: string): Promise<ReportRow | undefined> {
  const params: unknown[] = [scope.companyId, uuid];
  return one<ReportRow>(db, `${VIEW} where a.company_id = $1 and r.uuid = $2::uuid${restrictionWhere(scope.restrictions, params)}`, params);
}

/** Several reports as the scope sees them (those outside its restrictions are left out), in no set order. */
export function findReportsByIds(db: Db, scope: TenantScope, ids: number[]): Promise<ReportRow[]> {
  return viewByIds<ReportRow>(VIEW, db, scope, ids);
}

function viewByIds<Row>(view: string, db: Db, scope: TenantScope, ids: number[]): Promise<Row[]> {
  const params: unknown[] = [scope.companyId, ids];
  return db.query<Row>(`${view} where a.company_id = $1 and a.report_id = any($2::int[])${restrictionWhere(scope.restrictions, params)}`, params);
}

/** The reports of chosen ids, in the ids' order, read apart from the statement that chose them: their
 * statement's text does not change with the tab, sort or window, so PostgreSQL plans it once per
 * connection (its generic plan) and reuses the plan. Chosen and read in one statement, the view was
 * planned again on every call (a custom plan each time, a generic one cannot weigh the window or the
 * offset), and planning it took 4–8 ms where running it took 1–2 (issue 37). */
async function inOrder<Row extends { id: number }>(view: string, db: Db, scope: TenantScope, ids: readonly number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const byId = new Map((await viewByIds<Row>(view, db, scope, [...ids])).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// SQL of the SPEC §4 sorting rules; the shared compareReports is the same rule for the browser.
const ORDER: Record<SortOption, string> = {
  newest: "a.report_id desc",
  oldest: "a.report_id asc",
  dueDate: "a.due_date asc nulls last, a.report_id desc",
  triage: `case a.priority when 'highest' then 8 when 'high' then 5 when 'normal' then 3 when 'low' then 2 else 1 end desc,
           a.due_date asc nulls last, a.report_id desc`,
};

/** What a page of reports is asked by: a tab (or, for polling, every report past a followup id), a sort
 * and a window; `counters`, the tab counters the caller reads anyway, give a tab's total without
 * counting again. */
export interface PageQuery {
  status?: ReportStatus;
  sort: SortOption;
  reportFollowupId?: number;
  favoriteOf?: number;
  limit: number;
  offset: number;
  counters?: Promise<ReportCounters>;
}

/** A page of the scope's whole reports. */
export function listReports(db: Db, scope: TenantScope, q: PageQuery): Promise<{ rows: ReportRow[]; total: number }> {
  return pageOf<ReportRow>(VIEW, db, scope, q);
}

/** The same page as the events panel's rows show it. */
export function listReportRows(db: Db, scope: TenantScope, q: PageQuery): Promise<{ rows: ReportListRow[]; total: number }> {
  return pageOf<ReportListRow>(ROW_VIEW, db, scope, q);
}

async function pageOf<Row extends { id: number }>(view: string, db: Db, scope: TenantScope, q: PageQuery): Promise<{ rows: Row[]; total: number }> {
  const params: unknown[] = [scope.companyId];
  // A report the organisation's admin deleted leaves the panel (history still shows it); one its author
  // deleted stays, as in_deleting_progress, until an operator closes it.
  let where = " where a.company_id = $1 and a.deleted_at is null";
  if (q.status) {
    params.push(q.status);
    where += ` and a.status = $${params.length}`;
  }
  if (q.reportFollowupId !== undefined) {
    params.push(q.reportFollowupId);
    where += ` and a.followup_id > $${params.length}`;
  }
  if (q.favoriteOf !== undefined) where += favoriteWhere(q.favoriteOf, params);
  where += restrictionWhere(scope.restrictions, params);
  // A tab's total is its counter (the caller's counters, when it reads them anyway) when nothing but the
  // status narrows it (a closed tab's is kept).
  const onlyStatus = q.status !== undefined && q.reportFollowupId === undefined && q.favoriteOf === undefined;
  // The count and the page's ids are asked side by side (two connections of the pool). The ids are
  // chosen from the attentions alone, then only those are read (inOrder): joined first, every report of
  // the tab was read and its lookups made before the sort kept 20 (issue 37). Highlighted reports head
  // the first page (issue 17), chosen apart through their partial index so the others keep their index
  // order; both choices go in one statement. Arrays (values computed once), not `in (subquery)`, which
  // PostgreSQL turned into a semi join that read the whole company's reports to keep 20.
  const choice = (highlighted: boolean, window: string) =>
    `array(select a.report_id from report_attentions a${reportsJoinFor(scope)}${where} and ${highlighted ? "" : "not "}a.highlighted
             order by ${ORDER[q.sort]} ${window})`;
  const page = [...params, q.limit, q.offset];
  const ids = `${q.offset === 0 ? `${choice(true, `limit $${page.length - 1}`)} || ` : ""}${choice(false, `limit $${page.length - 1} offset $${page.length}`)}`;
  const [total, [chosen]] = await Promise.all([
    onlyStatus
      ? (q.counters ?? countByStatus(db, scope, [q.status!])).then((c) => c[q.status!])
      : db.query<{ n: number }>(`select count(*)::int as n from report_attentions a${reportsJoinFor(scope)}${where}`, params).then(([c]) => c?.n ?? 0),
    db.query<{ ids: number[] }>(`select ${ids} as ids`, page),
  ]);
  // The highlighted first, then the others, each in the tab's order: the order the ids were chosen in.
  return { rows: await inOrder<Row>(view, db, scope, chosen?.ids ?? []), total };
}

/** The SPEC §3 report filter of the history, resolved: a window of creation instants [from, to), and
 * optionally a report id or uuid (or the start of one), types and the operator who worked it. */
export interface HistoryFilter {
  from: Date;
  to: Date;
  /** Both an id and a prefix: digits that may be either (history.service.ts parseIdentifier). */
  identifier?: { id: number } | { uuid: string } | { uuidPrefix: string } | { id: number; uuidPrefix: string };
  typeIds?: readonly number[];
  /** Reports assigned to or closed by this user. */
  userId?: number;
  limit: number;
  offset: number;
}

/** A page of the history: every report of the window the scope may see, newest first, whatever its
 * status — closed as not applicable, deleted by its author or by an admin of the company included. */
export async function listHistory(db: Db, scope: TenantScope, f: HistoryFilter): Promise<{ rows: ReportRow[]; total: number }> {
  const params: unknown[] = [scope.companyId, f.from.toISOString(), f.to.toISOString()];
  let where = " where a.company_id = $1 and r.created_at >= $2::timestamptz and r.created_at < $3::timestamptz";
  const add = (value: unknown) => `$${params.push(value)}`;
  const id = f.identifier && "id" in f.identifier ? ` a.report_id = ${add(f.identifier.id)}` : null;
  const prefix = f.identifier && "uuidPrefix" in f.identifier ? ` r.uuid::text like ${add(`${f.identifier.uuidPrefix}%`)}` : null;
  if (id && prefix) where += ` and (${id} or ${prefix})`;
  else if (id || prefix) where += ` and${id ?? prefix}`;
  if (f.identifier && "uuid" in f.identifier) where += ` and r.uuid = ${add(f.identifier.uuid)}::uuid`;
  if (f.typeIds?.length) where += ` and r.type_id = any(${add(f.typeIds)}::int[])`;
  if (f.userId !== undefined) {
    const user = add(f.userId);
    where += ` and (a.assigned_user_id = ${user} or a.closed_by_user_id = ${user})`;
  }
  where += restrictionWhere(scope.restrictions, params);
  const page = [...params, f.limit, f.offset];
  // The count and the page's ids side by side on two connections of the pool, as the panel's; then the
  // chosen reports are read whole (inOrder).
  const [[count], chosen] = await Promise.all([
    db.query<{ n: number }>(`select count(*)::int as n from report_attentions a join reports r on r.id = a.report_id${where}`, params),
    db.query<{ id: number }>(
      `select r.id from report_attentions a join reports r on r.id = a.report_id${where} order by r.created_at desc, r.id desc limit $${page.length - 1} offset $${page.length}`,
      page,
    ),
  ]);
  return { rows: await inOrder<ReportRow>(VIEW, db, scope, chosen.map((c) => c.id)), total: count?.n ?? 0 };
}

/** Marks the company's attention deleted by one of its admins (the shared report is untouched: other
 * attending organisations keep it). False when it already was. */
export async function deleteAttention(tx: Tx, scope: TenantScope, reportId: number, userId: number): Promise<boolean> {
  const rows = await tx.query(
    `update report_attentions set deleted_at = now(), deleted_by_user_id = $3
      where company_id = $1 and report_id = $2 and deleted_at is null returning report_id`,
    [scope.companyId, reportId, userId],
  );
  return rows.length === 1;
}

/** The join a count of attentions needs to apply the scope's restrictions: only a type restriction
 * reads the report itself; without one the count is an index-only scan of the attentions. */
function reportsJoinFor(scope: TenantScope): string {
  return scope.restrictions.reportTypeIds.length ? " join reports r on r.id = a.report_id" : "";
}

// The statuses whose numbers report_attention_closed_counts keeps (migration 042): closed reports only
// grow, and counting a year of them read a million index entries on every panel page (issue 37).
const KEPT_COUNTS: readonly ReportStatus[] = ["solved", "false"];

/** Whether the scope sees every report of its company (no zone, type or own-reports restriction). */
function unrestricted(scope: TenantScope): boolean {
  const r = scope.restrictions;
  return r.zoneIds.length === 0 && r.reportTypeIds.length === 0 && r.onlyAssignedTo === null;
}

/** Number of reports per status the scope may see (`only`: those statuses alone, others 0). Without
 * restrictions the closed statuses are read from their kept numbers and the open ones counted on the
 * live-status index; a restricted member counts the rows they may see. */
export async function countByStatus(db: Db, scope: TenantScope, only: readonly ReportStatus[] = REPORT_STATUSES): Promise<ReportCounters> {
  const kept = unrestricted(scope) ? only.filter((s) => KEPT_COUNTS.includes(s)) : [];
  const params: unknown[] = [scope.companyId, only.filter((s) => !kept.includes(s))];
  const where = restrictionWhere(scope.restrictions, params);
  const counted = `select a.status, count(*)::int as n from report_attentions a${reportsJoinFor(scope)}
      where a.company_id = $1 and a.deleted_at is null and a.status = any($2::text[])${where} group by a.status`;
  const read = (first: string) => `select status, n::int from report_attention_closed_counts where company_id = $1 and status = any(${first}::text[])`;
  const rows = await db.query<{ status: ReportStatus; n: number }>(
    kept.length === only.length ? read("$2") : kept.length ? `${counted} union all ${read(`$${params.push(kept)}`)}` : counted,
    kept.length === only.length ? [scope.companyId, kept] : params,
  );
  const counters: ReportCounters = { pending: 0, in_progress: 0, solved: 0, false: 0, in_observation: 0 };
  for (const r of rows) counters[r.status] = r.n;
  return counters;
}

/** The highest followup id of the company (polling cursor). */
export async function lastFollowupId(db: Db, scope: TenantScope): Promise<number> {
  const row = await one<{ max: number | null }>(db, "select max(followup_id)::int as max from report_attentions where company_id = $1", [scope.companyId]);
  return row?.max ?? 0;
}

export interface Routing {
  company_id: number;
  priority: Priority;
  due_date: Date | null;
  zone_ids: number[];
}

/** The company's own routing for a report it creates: its zones containing the point, its priority and
 * attention time for the type (defaults when it does not list the type). */
export async function routeOwnReport(tx: Tx, scope: TenantScope, typeId: number, latitude: number, longitude: number, createdAt: Date): Promise<Routing> {
  const row = await one<Routing>(
    tx,
    `select $1::int as company_id, coalesce(crt.priority, 'normal') as priority,
            case when crt.attention_time is null then null
                 else $5::timestamptz + make_interval(mins => crt.attention_time *
                      case crt.attention_unit when 'days' then 1440 when 'hours' then 60 else 1 end) end as due_date,
            coalesce((select array_agg(z.id order by z.id) from zones z where z.company_id = $1 and z.area @> point($4, $3)), '{}') as zone_ids
       from (select 1) one
       left join company_report_types crt on crt.company_id = $1 and crt.report_type_id = $2`,
    [scope.companyId, typeId, latitude, longitude, createdAt.toISOString()],
  );
  return row!;
}

/** Opens the company's attention of a report. */
export async function insertAttention(
  tx: Tx,
  scope: TenantScope,
  reportId: number,
  a: { priority: Priority; dueDate: Date | null; zoneIds: number[]; isAnonymous: boolean },
): Promise<void> {
  await tx.query(
    `insert into report_attentions (company_id, report_id, priority, due_date, zone_ids, is_anonymous)
     values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
    [scope.companyId, reportId, a.priority, a.dueDate, a.zoneIds, a.isAnonymous],
  );
}

/** Atomic take: pending → in_progress assigned to the user. False when someone else got there first. */
export async function takeAttention(tx: Tx, scope: TenantScope, reportId: number, userId: number): Promise<boolean> {
  const rows = await tx.query(
    `update report_attentions a set status = 'in_progress', assigned_user_id = $3, version = version + 1, updated_at = now()
      where a.company_id = $1 and a.report_id = $2 and a.status = 'pending'
        and not exists (select 1 from reports r where r.id = a.report_id and r.deleted_at is not null)
      returning a.report_id`,
    [scope.companyId, reportId, userId],
  );
  return rows.length === 1;
}

/** Records an action in the company's activity log. */
export async function logActivity(
  tx: Tx,
  scope: TenantScope,
  reportId: number,
  actorUserId: number | null,
  action: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await tx.query("insert into activity_log (company_id, report_id, actor_user_id, action, data) values ($1, $2, $3, $4, $5)", [
    scope.companyId,
    reportId,
    actorUserId,
    action,
    JSON.stringify(data),
  ]);
}

/** The companies attending a report, as the system acting for each (to tell them all of a shared change). */
export async function attendingCompanies(tx: Tx, reportId: number): Promise<TenantScope[]> {
  const rows = await tx.query<{ company_id: number }>("select company_id from report_attentions where report_id = $1 order by company_id", [reportId]);
  return rows.map((r) => systemScope(r.company_id));
}

/** The companies attending a report, each with the report's audience as that company sees it (zones,
 * type, assignee): what an event about the report needs, without reading the whole report view. */
export async function attendingAudiences(tx: Tx, reportId: number): Promise<{ company: TenantScope; audience: ReportAudience }[]> {
  const rows = await tx.query<{ company_id: number; zone_ids: number[]; type_id: number; assigned_user_id: number | null }>(
    `select a.company_id, a.zone_ids, r.type_id, a.assigned_user_id from report_attentions a join reports r on r.id = a.report_id
      where a.report_id = $1 order by a.company_id`,
    [reportId],
  );
  return rows.map((r) => ({
    company: systemScope(r.company_id),
    audience: { zoneIds: r.zone_ids, typeId: r.type_id, assignedUserId: r.assigned_user_id },
  }));
}

/** Closes the company's attention: solved or repeated count as solved, false as not applicable. */
export async function closeAttention(
  tx: Tx,
  scope: TenantScope,
  reportId: number,
  c: { kind: "solved" | "false" | "repeated"; repeatedOf: number | null; closedBy: number },
): Promise<void> {
  await tx.query(
    `update report_attentions set status = $3, closing_kind = $4, repeated_of = $5, closed_by_user_id = $6, closed_at = now()
      where company_id = $1 and report_id = $2`,
    [scope.companyId, reportId, c.kind === "false" ? "false" : "solved", c.kind, c.repeatedOf, c.closedBy],
  );
}

/** Bumps the attention's version after a change (clients compare it to drop stale copies). */
export async function touchAttention(tx: Tx, scope: TenantScope, reportId: number): Promise<void> {
  await tx.query("update report_attentions set version = version + 1, updated_at = now() where company_id = $1 and report_id = $2", [
    scope.companyId,
    reportId,
  ]);
}

/** Whether a user of the role may take reports (patrols take too: the app hands them over). */
export const ROLES_THAT_WORK: readonly CompanyRole[] = ["company_admin", "operator"];

/** The other organisations attending the report (visualizeAttendingCompanies), by name. */
export function otherAttendingCompanies(db: Db, scope: TenantScope, reportId: number): Promise<{ id: number; name: string }[]> {
  return db.query(
    `select c.id, c.name from report_attentions a join companies c on c.id = a.company_id
      where a.report_id = $2 and a.company_id <> $1
        and exists (select 1 from report_attentions own where own.company_id = $1 and own.report_id = $2)
      order by c.name, c.id`,
    [scope.companyId, reportId],
  );
}

/** The RUT of the report's signed-in reporter, if any (displayDni). */
export async function reporterSocialNumber(db: Db, reportId: number): Promise<string | null> {
  const row = await one<{ social_number: string | null }>(db, "select u.social_number from reports r join users u on u.id = r.user_id where r.id = $1", [reportId]);
  return row?.social_number ?? null;
}
