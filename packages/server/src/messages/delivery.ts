import { GLOBAL_ZONE_ID, NEIGHBOURS_RADIUS_METRES } from "@atalaya/shared";
import { systemScope, type TenantScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { one, type Db, type Tx } from "../db/db.js";
import { enqueueJob, type JobContext } from "../jobs/index.js";

/** The job that delivers a mass message to the app users of its zone. */
export const MESSAGE_DELIVERY_JOB = "messages.deliver";
/** The job that delivers a report's neighbours' notice. */
export const NEIGHBOURS_NOTICE_JOB = "messages.neighbours";
/** Inbox rows written per transaction: short transactions, never one open for the whole run. */
export const DELIVERY_BATCH = 5000;

// Who an app user is: an account that is not a member of the sending company and is not locked.
const APP_USER = (company: string, user: string) =>
  `not exists (select 1 from memberships m where m.company_id = ${company} and m.user_id = ${user})
   and not exists (select 1 from users lu where lu.id = ${user} and lu.locked)`;

/** The recipients of a message in user-id order after a cursor: app users whose last known location or
 * home address lies inside the zone (a custom zone's polygon, or any of the company's drawn zones for
 * the default one; a point on the border is inside). $1 company, $2 zone id or null, $3 cursor, $4 limit. */
function messageRecipientsSql(limited: boolean): string {
  const inside = (lng: string, lat: string) => `(${lat} is not null and ${lng} is not null and (
        case when $2::int is null
          then exists (select 1 from zones z where z.company_id = $1 and z.id <> ${GLOBAL_ZONE_ID} and z.area @> point(${lng}, ${lat}))
          else exists (select 1 from message_zones mz where mz.company_id = $1 and mz.id = $2 and mz.area @> point(${lng}, ${lat}))
        end))`;
  return `select l.user_id from app_user_locations l
           where l.user_id > $3
             and (${inside("l.last_longitude", "l.last_latitude")} or ${inside("l.home_longitude", "l.home_latitude")})
             and ${APP_USER("$1", "l.user_id")}
           order by l.user_id${limited ? " limit $4" : ""}`;
}

const METRES_PER_DEGREE = 111_320;

/** The neighbours of a point in user-id order after a cursor: app users whose last known location or
 * home lies within the radius, and (the rule the count used before) authors of reports there and
 * community users following them; never the company's members. $1 company, $2 latitude, $3 longitude,
 * $4 radius, $5/$6 the bounding box's half sides in degrees, $7 cursor, $8 limit. */
function neighbourRecipientsSql(limited: boolean): string {
  const near = (lat: string, lng: string) => `${lat} between $2::float8 - $5::float8 and $2::float8 + $5::float8
            and ${lng} between $3::float8 - $6::float8 and $3::float8 + $6::float8
            and earth_distance(ll_to_earth($2::float8, $3::float8), ll_to_earth(${lat}, ${lng})) <= $4::float8`;
  return `select n.user_id from (
       select l.user_id from app_user_locations l where ${near("l.last_latitude", "l.last_longitude")}
       union select l.user_id from app_user_locations l where ${near("l.home_latitude", "l.home_longitude")}
       union select r.user_id from reports r where r.user_id is not null and r.deleted_at is null and ${near("r.latitude", "r.longitude")}
       union select f.user_id from app_followers f join reports r on r.id = f.report_id where r.deleted_at is null and ${near("r.latitude", "r.longitude")}
     ) n
     where n.user_id > $7 and ${APP_USER("$1", "n.user_id")}
     order by n.user_id${limited ? " limit $8" : ""}`;
}

function neighbourParams(companyId: number, latitude: number, longitude: number): unknown[] {
  const radius = NEIGHBOURS_RADIUS_METRES;
  const dLat = (radius / METRES_PER_DEGREE) * 1.01;
  const dLng = dLat / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  return [companyId, latitude, longitude, radius, dLat, dLng];
}

/** How many app users a message to this zone reaches now. */
export async function countMessageRecipients(db: Tx, companyId: number, zoneId: number | null): Promise<number> {
  const row = await one<{ n: number }>(db, `select count(*)::int as n from (${messageRecipientsSql(false)}) x`, [companyId, zoneId, 0]);
  return row?.n ?? 0;
}

/** The app users a message to this zone reaches, in id order (tests and the bench). */
export async function messageRecipientIds(db: Tx, companyId: number, zoneId: number | null): Promise<number[]> {
  return (await db.query<{ user_id: number }>(messageRecipientsSql(false), [companyId, zoneId, 0])).map((r) => r.user_id);
}

/** How many neighbours a report at this point has for the company. */
export async function countNeighbourRecipients(db: Tx, scope: TenantScope, latitude: number, longitude: number): Promise<number> {
  const row = await one<{ n: number }>(db, `select count(*)::int as n from (${neighbourRecipientsSql(false)}) x`, [
    ...neighbourParams(scope.companyId, latitude, longitude),
    0,
  ]);
  return row?.n ?? 0;
}

/** Queues the delivery of an approved message, now or at its date; answers the job id. */
export function enqueueMessageDelivery(tx: Tx, companyId: number, messageId: number, runAfter?: Date): Promise<number> {
  return enqueueJob(tx, { kind: MESSAGE_DELIVERY_JOB, scope: systemScope(companyId), payload: { messageId }, maxAttempts: 10, ...(runAfter ? { runAfter } : {}) });
}

/** Inside the report change's transaction: starts (again) the neighbours' notice of a report: counts
 * them, resets the progress and queues the job that delivers it (the current job; an older one stops).
 * Answers how many neighbours there are. */
export async function queueNeighbourNotice(tx: Tx, scope: TenantScope, reportId: number, latitude: number, longitude: number): Promise<number> {
  const total = await countNeighbourRecipients(tx, scope, latitude, longitude);
  const jobId = await enqueueJob(tx, { kind: NEIGHBOURS_NOTICE_JOB, scope, payload: { reportId }, maxAttempts: 10 });
  const delivered = await one<{ n: number }>(tx, "select count(*)::int as n from app_inbox where company_id = $1 and report_id = $2", [scope.companyId, reportId]);
  await tx.query(
    "update report_attentions set neighbours_total = $3, neighbours_delivered = $4, neighbours_job_id = $5 where company_id = $1 and report_id = $2",
    [scope.companyId, reportId, total, Math.min(delivered?.n ?? 0, total), jobId],
  );
  return total;
}

/** Inside the cancel's transaction: the job stops before its next batch (no current job any more). */
export async function stopNeighbourNotice(tx: Tx, scope: TenantScope, reportId: number): Promise<void> {
  await tx.query("update report_attentions set neighbours_job_id = null where company_id = $1 and report_id = $2", [scope.companyId, reportId]);
}

/** A report's neighbours' notice as the company sees it. */
export async function neighbourNotice(db: Db, scope: TenantScope, reportId: number): Promise<{ notify: boolean; canceled: boolean; total: number; delivered: number } | undefined> {
  return one(
    db,
    `select notify_neighbours as notify, notification_neighbours_was_canceled as canceled, neighbours_total as total, neighbours_delivered as delivered
       from report_attentions where company_id = $1 and report_id = $2`,
    [scope.companyId, reportId],
  );
}

/** Tells the company's open report details how far a neighbours' notice got (the `neighbours` message,
 * not stored: the next one replaces it), only to those whose restrictions let them see the report. */
export async function publishNeighbourProgress(ctx: AppContext, companyId: number, reportId: number): Promise<void> {
  const row = await one<{ notify: boolean; canceled: boolean; total: number; delivered: number; zone_ids: number[]; type_id: number; assigned_user_id: number | null }>(
    ctx.db,
    `select a.notify_neighbours as notify, a.notification_neighbours_was_canceled as canceled, a.neighbours_total as total,
            a.neighbours_delivered as delivered, a.zone_ids, r.type_id, a.assigned_user_id
       from report_attentions a join reports r on r.id = a.report_id where a.company_id = $1 and a.report_id = $2`,
    [companyId, reportId],
  );
  if (!row) return;
  await ctx.bus
    .publish({
      type: "neighbours",
      seq: 0,
      companyId,
      audience: { zoneIds: row.zone_ids, typeId: row.type_id, assignedUserId: row.assigned_user_id },
      data: { reportId, notify: row.notify, canceled: row.canceled, total: row.total, delivered: row.delivered },
    })
    .catch(() => undefined);
}

interface BatchResult {
  last: number | null;
  inserted: number;
}

/** Delivers a message batch by batch, each in its own short transaction: the batch's recipients after
 * the stored cursor get an inbox row (the unique key makes a row that exists insert nothing), the sent
 * count grows by the rows really inserted and the cursor moves on, all in one statement. A retried or
 * doubled job therefore neither repeats nor miscounts. Between batches it reports progress (which
 * also renews its lease) and publishes the counts to the company's list. */
export async function deliverMessage(ctx: AppContext, job: JobContext, batchSize = DELIVERY_BATCH): Promise<Record<string, unknown>> {
  const messageId = Number(job.job.payload.messageId);
  const start = await one<{ state: number; company_id: number; zone_id: number | null; delivery_job_id: number | null }>(
    ctx.db,
    "select state, company_id, zone_id, delivery_job_id from messages where id = $1",
    [messageId],
  );
  // Cancelled, deleted, or superseded by a newer approval: nothing to do.
  if (!start || (start.state !== 2 && start.state !== 3) || start.delivery_job_id !== job.job.id) return { skipped: true };
  if (start.state === 2) await ctx.db.query("update messages set state = 3, sent_at = now(), updated_at = now() where id = $1 and state = 2", [messageId]);
  const total = await countMessageRecipients(ctx.db, start.company_id, start.zone_id);
  await ctx.db.query("update messages set recipients_total = $2 where id = $1", [messageId, total]);
  let delivered = 0;
  for (;;) {
    if (job.signal.aborted) throw new Error("delivery stopped");
    const batch = await ctx.db.transaction(async (tx) => {
      const cursor = await one<{ delivery_cursor: number }>(tx, "select delivery_cursor from messages where id = $1 for update", [messageId]);
      if (!cursor) return undefined;
      return one<BatchResult>(
        tx,
        `with batch as (${messageRecipientsSql(true)}),
              ins as (insert into app_inbox (app_user_id, message_id, company_id)
                      select user_id, $5, $1 from batch on conflict do nothing returning 1),
              upd as (update messages set sent_count = sent_count + (select count(*) from ins),
                             delivery_cursor = coalesce((select max(user_id) from batch), delivery_cursor), updated_at = now()
                       where id = $5 returning 1)
         select (select max(user_id) from batch) as last, (select count(*)::int from ins) as inserted, (select count(*) from upd) as updated`,
        [start.company_id, start.zone_id, cursor.delivery_cursor, batchSize, messageId],
      );
    });
    if (!batch) return { skipped: true };
    delivered += batch.inserted;
    const counts = await publishMessageCounts(ctx, messageId);
    await job.progress(counts?.sentCount ?? delivered, total);
    if (batch.last === null) break;
  }
  return { messageId, delivered, total };
}

/** Publishes a message's state and counts to its company's sockets (not stored: the next replaces it). */
export async function publishMessageCounts(ctx: Pick<AppContext, "db" | "bus">, messageId: number): Promise<{ sentCount: number } | undefined> {
  const row = await one<{ company_id: number; state: number; sent_count: number; opened_count: number }>(
    ctx.db,
    "select company_id, state, sent_count, opened_count from messages where id = $1",
    [messageId],
  );
  if (!row) return undefined;
  await ctx.bus
    .publish({ type: "messages", seq: 0, companyId: row.company_id, data: { id: messageId, state: row.state, sentCount: row.sent_count, openedCount: row.opened_count } })
    .catch(() => undefined);
  return { sentCount: row.sent_count };
}

/** Delivers a report's neighbours' notice like a message, batch by batch; it stops before a batch once
 * it is no longer the report's current job (cancelled, or notified again). */
export async function deliverNeighbourNotice(ctx: AppContext, job: JobContext, batchSize = DELIVERY_BATCH): Promise<Record<string, unknown>> {
  const companyId = job.job.company_id!;
  const reportId = Number(job.job.payload.reportId);
  const report = await one<{ latitude: number; longitude: number }>(ctx.db, "select latitude, longitude from reports where id = $1", [reportId]);
  if (!report) return { skipped: true };
  let cursor = 0;
  let delivered = 0;
  for (;;) {
    if (job.signal.aborted) throw new Error("delivery stopped");
    const batch = await ctx.db.transaction(async (tx) => {
      const current = await one<{ neighbours_job_id: number | null; notification_neighbours_was_canceled: boolean }>(
        tx,
        "select neighbours_job_id, notification_neighbours_was_canceled from report_attentions where company_id = $1 and report_id = $2 for update",
        [companyId, reportId],
      );
      if (!current || current.neighbours_job_id !== job.job.id || current.notification_neighbours_was_canceled) return undefined;
      return one<BatchResult>(
        tx,
        `with batch as (${neighbourRecipientsSql(true)}),
              ins as (insert into app_inbox (app_user_id, company_id, report_id)
                      select user_id, $1, $9 from batch on conflict do nothing returning 1),
              upd as (update report_attentions set neighbours_delivered = least(neighbours_total, neighbours_delivered + (select count(*) from ins))
                       where company_id = $1 and report_id = $9 returning 1)
         select (select max(user_id) from batch) as last, (select count(*)::int from ins) as inserted, (select count(*) from upd) as updated`,
        [...neighbourParams(companyId, report.latitude, report.longitude), cursor, batchSize, reportId],
      );
    });
    if (!batch) return { stopped: true, delivered };
    delivered += batch.inserted;
    await job.progress(delivered);
    await publishNeighbourProgress(ctx, companyId, reportId);
    if (batch.last === null) break;
    cursor = batch.last;
  }
  return { reportId, delivered };
}
