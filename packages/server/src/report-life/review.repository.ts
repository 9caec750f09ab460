import type { ReviewSettings, ReviewState } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";

/** A held report as the queue reads it (report_reviews with its report and reporter). */
export interface ReviewRow {
  report_id: number;
  uuid: string;
  type_id: number;
  description: string;
  address: string | null;
  latitude: number;
  longitude: number;
  created_at: Date;
  state: ReviewState;
  reason: "newReporter" | "flagged";
  decided_at: Date | null;
  reporter_id: number | null;
  reporter_name: string | null;
  reporter_created_at: Date | null;
  complaints: number;
}

const ROW = `select rv.report_id, r.uuid::text as uuid, r.type_id, r.description, r.address, r.latitude, r.longitude, r.created_at,
       rv.state, rv.reason, rv.decided_at, u.id as reporter_id, trim(u.first_name || ' ' || u.last_name) as reporter_name,
       u.created_at as reporter_created_at,
       (select count(*)::int from user_complaints uc where uc.target_user_id = r.user_id) as complaints
  from report_reviews rv join reports r on r.id = rv.report_id left join users u on u.id = r.user_id`;

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
  const [rows, count] = await Promise.all([
    db.query<ReviewRow>(`${ROW} where rv.company_id = $1 and rv.state = $2 order by ${order} limit $3 offset $4`, [scope.companyId, q.state, q.limit, q.offset]),
    one<{ n: number }>(db, "select count(*)::int as n from report_reviews where company_id = $1 and state = $2", [scope.companyId, q.state]),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One review of the company's. */
export function findReview(db: Tx, scope: TenantScope, reportId: number): Promise<ReviewRow | undefined> {
  return one<ReviewRow>(db, `${ROW} where rv.company_id = $1 and rv.report_id = $2`, [scope.companyId, reportId]);
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
