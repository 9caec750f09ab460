import { DEFAULT_REPORT_DELAY_MINUTES, MAX_REPORT_DELAY_MINUTES, REPORT_DELAY_CONFIG_NAME } from "@atalaya/shared";
import type { Tx } from "../db/db.js";
import type { ReportRow } from "./report.repository.js";

/** What inserting one report of a batch gave: its ids, and created=false when its clientId was
 * already used (by an earlier request, or by another report of the same batch). */
export interface InsertedReport {
  id: number;
  uuid: string;
  createdAt: Date;
  created: boolean;
}

/** A report to insert, as the app or an operator sent it. */
export interface NewReport {
  typeId: number;
  description: string;
  latitude: number;
  longitude: number;
  address: string | null;
  userId: number | null;
  isAnonymous: boolean;
  createdByCompanyId: number | null;
  informerType: "user" | "anonymous" | "operator";
  contact: Record<string, string | null> | null;
  source: string;
  clientId: string | null;
  media: unknown[];
  /** A link to media an Open311 client sent (issue 18). */
  mediaUrl?: string | null;
}

/** The reports to insert as one JSON parameter, with their position in the batch. */
function inputOf(reports: readonly NewReport[]): string {
  return JSON.stringify(
    reports.map((r, ord) => ({
      ord,
      type_id: r.typeId,
      description: r.description,
      latitude: r.latitude,
      longitude: r.longitude,
      address: r.address,
      user_id: r.userId,
      is_anonymous: r.isAnonymous,
      created_by_company_id: r.createdByCompanyId,
      informer_type: r.informerType,
      contact: r.contact,
      source: r.source,
      client_id: r.clientId,
      media: r.media,
      media_url: r.mediaUrl ?? null,
    })),
  );
}

// `input` ($1, numbered by ord) and `ins` (the rows inserted). Ids are drawn before the insert so that
// each inserted row can be matched to its input: RETURNING gives no order, and an input without
// clientId has nothing else to match on. A clientId already used inserts nothing.
const INSERT_REPORTS = `
  input as (
    select nextval('reports_id_seq')::int as id, i.*
      from jsonb_to_recordset($1::jsonb) as i(ord int, type_id int, description text, latitude float8, longitude float8,
           address text, user_id int, is_anonymous bool, created_by_company_id int, informer_type text, contact jsonb,
           source text, client_id uuid, media jsonb, media_url text)),
  ins as (
    insert into reports (id, type_id, initial_type_id, description, latitude, longitude, address, user_id, is_anonymous,
                         created_by_company_id, informer_type, contact, source, client_id, media, media_url)
    select id, type_id, type_id, description, latitude, longitude, address, user_id, is_anonymous,
           created_by_company_id, informer_type, contact, source, client_id, media, media_url
      from input
     -- A clientId already used (a retry), or used earlier in the batch, is not inserted again: it is
     -- looked up afterwards. Left out here, the conflict clause is only a safety net for a concurrent
     -- retry, and a retry costs no speculative insertion (a dead row in reports and its GIN indexes).
     where client_id is null
        or (not exists (select 1 from reports e where e.client_id = input.client_id)
            and not exists (select 1 from input j where j.client_id = input.client_id and j.ord < input.ord))
     order by ord
    on conflict (client_id) where client_id is not null do nothing
    returning *)`;

type InsertedRow = { ord: number; inserted_id: number | null; inserted_uuid: string | null; inserted_at: Date | null };

/** The answer for each input, in order; a report not inserted because its clientId was already used
 * is looked up (after the statement: a statement does not see its own inserts, so a clientId repeated
 * within the batch is found only then). */
async function insertedOrExisting(tx: Tx, reports: readonly NewReport[], rows: readonly InsertedRow[]): Promise<InsertedReport[]> {
  const result = reports.map((_, i): InsertedReport | undefined => {
    const row = rows.find((r) => r.ord === i && r.inserted_id !== null);
    return row && { id: row.inserted_id!, uuid: row.inserted_uuid!, createdAt: new Date(row.inserted_at!), created: true };
  });
  const retried = reports.flatMap((r, i) => (result[i] ? [] : [r.clientId!]));
  if (retried.length === 0) return result as InsertedReport[];
  const existing = await tx.query<{ id: number; uuid: string; created_at: Date; client_id: string }>(
    "select id, uuid::text as uuid, created_at, client_id::text as client_id from reports where client_id = any($1::uuid[])",
    [retried],
  );
  const byClientId = new Map(existing.map((e) => [e.client_id.toLowerCase(), e]));
  return result.map((r, i) => {
    if (r) return r;
    const e = byClientId.get(reports[i]!.clientId!.toLowerCase())!;
    return { id: e.id, uuid: e.uuid, createdAt: new Date(e.created_at), created: false };
  });
}

/** Inserts several shared reports in one statement, answering in the order given. A report whose
 * clientId is already used is not inserted again: the existing report is returned with created=false. */
export async function insertReports(tx: Tx, reports: readonly NewReport[]): Promise<InsertedReport[]> {
  const rows = await tx.query<InsertedRow>(
    `with ${INSERT_REPORTS}
     select input.ord, ins.id as inserted_id, ins.uuid::text as inserted_uuid, ins.created_at as inserted_at
       from input left join ins on ins.id = input.id order by input.ord`,
    [inputOf(reports)],
  );
  return insertedOrExisting(tx, reports, rows);
}

/** The columns of the report view that a report just written has; the rest are known (below). */
type WrittenRow = Omit<
  ReportRow,
  "comments_count" | "notes_count" | "private_anywhere" | "author" | "assigned_user" | "assigned_team" | "assigned_patrol" | "closer" | "follower_ids" | "tags" | LifeColumns | "asset_id" | "asset_category_name" | "asset" | "sections_users" | "optional_code" | "extra_info"
> & {
  user_id: number | null;
};

/** Issue 17's columns, which a report just written has empty (a held one has no attention to show). */
type LifeColumns = "substatus" | "review" | "gathering" | "rating_points" | "rating_body";

/** A report just written as a company sees it: what the report view would read, without reading it
 * (that read, with its joins, cost more than the writes). It has no comments, notes, followers, tags,
 * assignment or closing yet; its author is the reporter unless anonymous. A test compares it with the
 * view. */
function justWritten(row: InsertedRow & WrittenRow, authors: ReadonlyMap<number, AuthorOf>): ReportRow {
  const author = row.user_id !== null && !row.is_anonymous ? authors.get(row.user_id) : undefined;
  // The row itself becomes the report: a copy without the statement's own columns (user_id, ord, the
  // inserted_* ones, which stay on it, unread by the presenter) cost 5 % of the server's CPU at full
  // intake. Each row is one report for one company, so no other report shares it.
  return Object.assign(row, {
    comments_count: 0,
    notes_count: 0,
    // Nobody can have made a report private before it existed.
    private_anywhere: false,
    author: author
      ? {
          id: author.id,
          uuid: author.uuid,
          firstName: author.first_name,
          lastName: author.last_name,
          phone: author.phone,
          email: author.email,
          cover: author.cover,
          homeAddress: author.home_address,
          groups: author.groups,
        }
      : null,
    assigned_user: null,
    assigned_team: null,
    assigned_patrol: null,
    closer: null,
    follower_ids: [],
    tags: [],
    substatus: null,
    review: null,
    gathering: null,
    rating_points: null,
    rating_body: null,
    // A community report comes through the app, never through an asset's page.
    asset_id: null,
    asset_category_name: null,
    asset: null,
    // Issue 16: nobody assigned to a section, nothing written back by a form yet.
    sections_users: {},
    optional_code: null,
    extra_info: null,
  }) as unknown as ReportRow;
}

/** What the report view shows of a reporter. */
export interface AuthorOf {
  id: number;
  uuid: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string;
  cover: string | null;
  home_address: string | null;
  groups: number[];
}

/** The job that delivers a community report to a company with a notification delay. */
export const DELAYED_REPORT_JOB = "reports.deliverDelayed";
/** The job that tells a company's reviewers a report is waiting for their decision (issue 17). */
export const REVIEW_WAITING_JOB = "reports.reviewWaiting";

/** Inserts community reports and routes them, in one statement: every company whose zones contain the
 * point and that attends the type (freemium companies attend only their own reports) gets an attention
 * with its priority and due time, and a "created" entry in its activity log; a company with a
 * notification delay gets a job that does the same when its delay is over; a company that reviews the
 * reports of new or flagged reporters (issue 17) holds such a report in report_reviews instead, with a job
 * that tells its reviewers (nobody else hears of a held report). Answers each report in
 * the order given, with the attentions it opened (by company) as each company sees the report;
 * `authors` are the signed-in reporters. */
export async function insertCommunityReports(
  tx: Tx,
  reports: readonly NewReport[],
  authors: ReadonlyMap<number, AuthorOf>,
): Promise<{ inserted: InsertedReport[]; attentions: ReportRow[][] }> {
  const rows = await tx.query<InsertedRow & WrittenRow>(
    `with ${INSERT_REPORTS},
     routes as (
       select ins.id as report_id, c.id as company_id, crt.priority, ins.is_anonymous,
              case when crt.attention_time is null then null
                   else ins.created_at + make_interval(mins => crt.attention_time *
                        case crt.attention_unit when 'days' then 1440 when 'hours' then 60 else 1 end) end as due_date,
              array_agg(z.id order by z.id) as zone_ids,
              c.has_delay_in_report_notifications as delayed,
              -- Review (issue 17): a company that reviews holds the reports of new or flagged reporters.
              case when not c.review_enabled or ins.user_id is null then null
                   when exists (select 1 from users ru where ru.id = ins.user_id
                                   and ru.created_at > ins.created_at - make_interval(days => c.review_new_reporter_days)) then 'newReporter'
                   when (select count(*) from user_complaints uc where uc.target_user_id = ins.user_id) >= c.review_abuse_threshold then 'flagged'
              end as held,
              coalesce((select case when cc.value ~ '^[+-]?[0-9]+([.][0-9]+)?$'
                                    then least(greatest(cc.value::float8, 0), ${MAX_REPORT_DELAY_MINUTES}) end
                          from company_config cc where cc.company_id = c.id and cc.name = '${REPORT_DELAY_CONFIG_NAME}'),
                       ${DEFAULT_REPORT_DELAY_MINUTES}) as delay_minutes
         from ins
         join company_report_types crt on crt.report_type_id = ins.type_id and crt.active
         join companies c on c.id = crt.company_id and not c.is_freemium
         join zones z on z.company_id = c.id and z.area @> point(ins.longitude, ins.latitude)
        group by ins.id, c.id, crt.priority, crt.attention_time, crt.attention_unit, ins.created_at, ins.is_anonymous, ins.user_id),
     opened as (
       insert into report_attentions (company_id, report_id, priority, due_date, zone_ids, is_anonymous)
       select company_id, report_id, priority, due_date, zone_ids, is_anonymous from routes where not delayed and held is null
        order by report_id, company_id
       on conflict do nothing
       returning *),
     -- A company with hasDelayInReportNotifications gets the report later: a stored job (durable across
     -- restarts and processes) opens its attention and sends its newReport event when the delay is over.
     deferred as (
       insert into jobs (company_id, kind, payload, run_after, max_attempts)
       select company_id, '${DELAYED_REPORT_JOB}', jsonb_build_object('reportId', report_id),
              now() + make_interval(secs => delay_minutes * 60), 20
         from routes where delayed and held is null order by report_id, company_id),
     -- Held for review: no attention (so no list, counter or event) until a company admin approves.
     held as (
       insert into report_reviews (company_id, report_id, reason)
       select company_id, report_id, held from routes where held is not null order by report_id, company_id
       returning company_id, report_id),
     review_waiting as (
       insert into jobs (company_id, kind, payload, max_attempts)
       select company_id, '${REVIEW_WAITING_JOB}', jsonb_build_object('reportId', report_id), 5 from held order by report_id, company_id),
     logged as (
       insert into activity_log (company_id, report_id, actor_user_id, action, data)
       select o.company_id, o.report_id, null, 'created', jsonb_build_object('source', i.source)
         from opened o join ins i on i.id = o.report_id order by o.report_id, o.company_id)
     select input.ord, r.id as inserted_id, r.uuid::text as inserted_uuid, r.created_at as inserted_at,
            r.id, r.uuid::text as uuid, a.company_id, a.status, a.closing_kind, a.repeated_of, r.type_id, r.initial_type_id,
            r.title, r.description, a.priority, a.observations, a.due_date, a.followup_id::int as followup_id,
            r.latitude, r.longitude, r.address, r.timezone, a.zone_ids, r.media, r.likes_count, r.dislikes_count, r.abuse_counter, r.shares_counter,
            (a.is_anonymous or r.is_anonymous) as is_anonymous, a.is_private, a.stolen_plate, r.created_by_company_id, r.informer_type,
            r.contact, r.source, r.user_id, a.notify_neighbours, a.notification_neighbours_was_canceled, a.closed_at,
            r.deleted_at, r.deleted_by, r.created_at, greatest(r.updated_at, a.updated_at) as updated_at, a.version,
            coalesce((select c.is_observer from companies c where c.id = a.company_id), false) as company_is_observer,
            -- Issue 17's flags as the report view reads them (report.repository.ts FLAG_COLUMNS).
            a.highlighted, r.turn_off_comments, false as edited,
            (select case when a.is_anonymous or r.is_anonymous or u.subscription is null or u.subscription_until <= now() then null
                         else json_build_object('plan', u.subscription, 'until', u.subscription_until) end
               from users u where u.id = r.user_id) as reporter_subscription,
            exists (select 1 from company_gates g where g.gate = 'premium_alert' and g.company_id = a.company_id) as gate_premium_alert,
            exists (select 1 from company_gates g where g.gate = 'subscription_badges' and g.company_id = a.company_id) as gate_subscription_badges,
            exists (select 1 from company_gates g where g.gate = 'show_user_emails' and g.company_id = a.company_id) as gate_show_user_emails,
            -- Issue 16: the type's workflow form for the company (report.repository.ts VIEW).
            (select w.template_id from report_type_workflows w
               join form_templates ft on ft.company_id = w.company_id and ft.id = w.template_id and ft.deleted_at is null
              where w.company_id = a.company_id and w.report_type_id = r.type_id) as workflow
       from input
       left join ins r on r.id = input.id
       left join opened a on a.report_id = r.id
      order by input.ord, a.company_id`,
    [inputOf(reports)],
  );
  const attentions = reports.map(() => [] as ReportRow[]);
  for (const row of rows) if (row.company_id !== null) attentions[row.ord]!.push(justWritten(row, authors));
  return { inserted: await insertedOrExisting(tx, reports, rows), attentions };
}

/** The companies attending each of the reports, by report id. */
export async function attendingCompaniesOf(tx: Tx, reportIds: readonly number[]): Promise<Map<number, number[]>> {
  const rows = await tx.query<{ report_id: number; companies: number[] }>(
    `select report_id, array_agg(company_id order by company_id) as companies
       from report_attentions where report_id = any($1::int[]) group by report_id`,
    [reportIds],
  );
  return new Map(rows.map((r) => [r.report_id, r.companies]));
}

/** Inserts the shared report; with a clientId already used, returns the existing id and created=false. */
export async function insertReport(tx: Tx, r: NewReport): Promise<InsertedReport> {
  const [inserted] = await insertReports(tx, [r]);
  return inserted!;
}
