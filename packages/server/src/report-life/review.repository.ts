import type { ReviewSettings, ReviewState } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import type { Restrictions } from "../auth/restrictions.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

/** A held report as the queue reads it (report_reviews with its report and reporter). */
export type ReviewRow = Pick<Tables["report_reviews"], "report_id" | "state" | "reason" | "decided_at"> &
  Pick<Tables["reports"], "uuid" | "type_id" | "description" | "address" | "latitude" | "longitude" | "created_at"> & {
    state: ReviewState;
    reason: "newReporter" | "flagged";
    /** The reporter's account (left join: null once it is gone). */
    reporter_id: Tables["users"]["id"] | null;
    reporter_name: string | null;
    reporter_created_at: Tables["users"]["created_at"] | null;
    complaints: number;
  };

const ROW = `select rv.report_id, r.uuid::text as uuid, r.type_id, r.description, r.address, r.latitude, r.longitude, r.created_at,
       rv.state, rv.reason, rv.decided_at, u.id as reporter_id, trim(u.first_name || ' ' || u.last_name) as reporter_name,
       u.created_at as reporter_created_at,
       (select count(*)::int from user_complaints uc where uc.target_user_id = r.user_id) as complaints
  from report_reviews rv join reports r on r.id = rv.report_id left join users u on u.id = r.user_id`;

/** The SQL condition (starting with " and") that keeps the held reports a member's restrictions would let
 * them see once approved: the zones of the company the report's point lies in (what the attention's
 * zone_ids will be), its type; a held report is assigned to nobody, so an only-assigned member sees none.
 * The panel's rule (restrictionWhere) for reports that have no attention yet. Parameters are appended. */
function heldRestrictionWhere(r: Restrictions, params: unknown[]): string {
  let sql = "";
  if (r.zoneIds.length) {
    params.push(r.zoneIds);
    sql += ` and exists (select 1 from zones z where z.company_id = rv.company_id and z.id = any($${params.length}::int[]) and z.area @> point(r.longitude, r.latitude))`;
  }
  if (r.reportTypeIds.length) {
    params.push(r.reportTypeIds);
    sql += ` and r.type_id = any($${params.length}::int[])`;
  }
  if (r.onlyAssignedTo !== null) sql += " and false";
  return sql;
}

/** The company's review settings. */
export async function readReviewSettings(db: Db, scope: TenantScope): Promise<ReviewSettings> {
  const r = await one<{ enabled: boolean; days: number; threshold: number }>(
    db,
    "select review_enabled as enabled, review_new_reporter_days as days, review_abuse_threshold as threshold from companies where id = $1",
    [scope.companyId],
  );
  return { enabled: r?.enabled ?? false, newReporterDays: r?.days ?? 7, abuseThreshold: r?.threshold ?? 3 };
}

/** Replaces the company's review settings. */
export async function writeReviewSettings(db: Db, scope: TenantScope, s: ReviewSettings): Promise<void> {
  await db.query("update companies set review_enabled = $2, review_new_reporter_days = $3, review_abuse_threshold = $4 where id = $1", [
    scope.companyId,
    s.enabled,
    s.newReporterDays,
    s.abuseThreshold,
  ]);
}

/** A page of the company's reviews in one state: pending ones oldest first (the queue), decided ones
 * newest first; with the total. */
export async function listReviews(db: Db, scope: TenantScope, q: { state: ReviewState; limit: number; offset: number }): Promise<{ rows: ReviewRow[]; total: number }> {
  const order = q.state === "pending" ? "rv.report_id asc" : "rv.decided_at desc nulls last, rv.report_id desc";
  const params: unknown[] = [scope.companyId, q.state];
  const where = `where rv.company_id = $1 and rv.state = $2${heldRestrictionWhere(scope.restrictions, params)}`;
  const [rows, count] = await Promise.all([
    db.query<ReviewRow>(`${ROW} ${where} order by ${order} limit $${params.length + 1} offset $${params.length + 2}`, [...params, q.limit, q.offset]),
    one<{ n: number }>(db, `select count(*)::int as n from report_reviews rv join reports r on r.id = rv.report_id ${where}`, params),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One review of the company's, within the scope's restrictions (another one is not found). */
export function findReview(db: Tx, scope: TenantScope, reportId: number): Promise<ReviewRow | undefined> {
  const params: unknown[] = [scope.companyId, reportId];
  return one<ReviewRow>(db, `${ROW} where rv.company_id = $1 and rv.report_id = $2${heldRestrictionWhere(scope.restrictions, params)}`, params);
}

/** Decides a pending review (locked by the update: a second decision at once finds it decided); false
 * when it was not pending. */
export async function decideReview(tx: Tx, scope: TenantScope, reportId: number, state: "approved" | "discarded", userId: number): Promise<boolean> {
  const rows = await tx.query(
    `update report_reviews set state = $3, decided_by = $4, decided_at = now()
      where company_id = $1 and report_id = $2 and state = 'pending' returning 1`,
    [scope.companyId, reportId, state, userId],
  );
  return rows.length > 0;
}

/** Marks a report still waiting for the company's decision as told to its reviewers, once: answers what a
 * notification says of it and the zones of the company its point lies in (what its attention's zones will
 * be); undefined once decided or told already (a job run again after a crash). */
export function markReviewersTold(tx: Tx, companyId: number, reportId: number): Promise<{ title: string | null; type_id: number; zone_ids: number[] } | undefined> {
  return one(
    tx,
    `update report_reviews rv set reviewers_told_at = now()
       from reports r
      where r.id = rv.report_id and rv.company_id = $1 and rv.report_id = $2 and rv.state = 'pending' and rv.reviewers_told_at is null
      returning r.title, r.type_id,
                array(select z.id from zones z where z.company_id = rv.company_id and z.area @> point(r.longitude, r.latitude) order by z.id) as zone_ids`,
    [companyId, reportId],
  );
}

/** The company's members who decide held reports (company admins; a locked account is told nothing). */
export async function reviewerIds(tx: Tx, companyId: number): Promise<number[]> {
  const rows = await tx.query<{ user_id: number }>(
    "select m.user_id from memberships m join users u on u.id = m.user_id where m.company_id = $1 and m.role = 'company_admin' and not u.locked order by m.user_id",
    [companyId],
  );
  return rows.map((r) => r.user_id);
}
