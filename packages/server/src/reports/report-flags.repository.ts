import type { TenantScope } from "../auth/access.js";
import type { Db, Tx } from "../db/db.js";

// Issue 17's flags (migration 036): highlighted is the company's (report_attentions), turnOffComments
// the shared report's, isFavorite and seen one member's own (report_user_marks).

/** The "my favourites" condition on a report list (aliases a.): the user starred it in this company. */
export function favoriteWhere(userId: number, params: unknown[]): string {
  params.push(userId);
  return ` and exists (select 1 from report_user_marks m where m.company_id = a.company_id and m.user_id = $${params.length}
                          and m.report_id = a.report_id and m.is_favorite)`;
}

/** Pins (or unpins) the report for the whole company; false when it already was so. */
export async function setHighlighted(tx: Tx, scope: TenantScope, reportId: number, userId: number, highlighted: boolean): Promise<boolean> {
  const rows = await tx.query(
    `update report_attentions set highlighted = $3, highlighted_at = case when $3 then now() end, highlighted_by = case when $3 then $4::int end
      where company_id = $1 and report_id = $2 and highlighted <> $3 returning report_id`,
    [scope.companyId, reportId, highlighted, userId],
  );
  return rows.length === 1;
}

/** Closes (or reopens) the shared report to new community comments; false when it already was so. */
export async function setCommentsTurnedOff(tx: Tx, scope: TenantScope, reportId: number, off: boolean): Promise<boolean> {
  const rows = await tx.query(
    `update reports set turn_off_comments = $2, comments_turned_off_by_company_id = case when $2 then $3::int end, updated_at = now()
      where id = $1 and turn_off_comments <> $2 returning id`,
    [reportId, off, scope.companyId],
  );
  return rows.length === 1;
}

/** Stars or unstars the report for one member of the company. */
export async function setFavorite(db: Db, scope: TenantScope, userId: number, reportId: number, favorite: boolean): Promise<void> {
  await db.query(
    `insert into report_user_marks (company_id, user_id, report_id, is_favorite) values ($1, $2, $3, $4)
     on conflict (company_id, user_id, report_id) do update set is_favorite = excluded.is_favorite`,
    [scope.companyId, userId, reportId, favorite],
  );
}

/** Records that the member opened the report (the first time counts; later openings change nothing). */
export async function markSeen(db: Db, scope: TenantScope, userId: number, reportId: number): Promise<void> {
  await db.query(
    `insert into report_user_marks (company_id, user_id, report_id, seen_at) values ($1, $2, $3, now())
     on conflict (company_id, user_id, report_id) do update set seen_at = coalesce(report_user_marks.seen_at, excluded.seen_at)`,
    [scope.companyId, userId, reportId],
  );
}

/** One member's marks on some reports of the company: the ids they starred and those they opened. */
export async function viewerMarks(db: Db, scope: TenantScope, userId: number, reportIds: readonly number[]): Promise<{ favorites: Set<number>; seen: Set<number> }> {
  const rows = reportIds.length
    ? await db.query<{ report_id: number; is_favorite: boolean; seen: boolean }>(
        `select report_id, is_favorite, seen_at is not null as seen from report_user_marks
          where company_id = $1 and user_id = $2 and report_id = any($3::int[])`,
        [scope.companyId, userId, reportIds],
      )
    : [];
  return {
    favorites: new Set(rows.filter((r) => r.is_favorite).map((r) => r.report_id)),
    seen: new Set(rows.filter((r) => r.seen).map((r) => r.report_id)),
  };
}

/** Adds one member's isFavorite and seen to reports presented for them. */
export async function withViewerMarks<T extends { id: number; isFavorite?: boolean; seen?: boolean }>(
  db: Db,
  scope: TenantScope,
  userId: number,
  reports: T[],
): Promise<T[]> {
  const marks = await viewerMarks(db, scope, userId, reports.map((r) => r.id));
  for (const r of reports) {
    r.isFavorite = marks.favorites.has(r.id);
    r.seen = marks.seen.has(r.id);
  }
  return reports;
}
