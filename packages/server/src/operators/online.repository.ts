import { PRESENCE_TTL_SECONDS } from "@atalaya/shared";
import type { Db } from "../db/db.js";

/** A socket counts as open while its process refreshed it within this time (the hub beats every 20 s). */
export const ONLINE_WINDOW_SECONDS = 60;

/** The database record of every process's open sockets (hub/OnlineRegistry), so any process can tell who
 * of a company is online. `changed` is called when a user's sockets came or went (to refresh screens). */
export function databaseOnlineRegistry(db: Db, changed: (companyId: number) => void, onError: (err: unknown) => void) {
  const guard = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (err) {
      onError(err);
    }
  };
  return {
    opened: (socketId: string, companyId: number, userId: number) =>
      guard(async () => {
        await db.query("insert into online_sockets (id, company_id, user_id) values ($1, $2, $3) on conflict (id) do update set seen_at = now()", [
          socketId,
          companyId,
          userId,
        ]);
        changed(companyId);
      }),
    alive: (socketIds: readonly string[]) =>
      guard(async () => {
        await db.query("update online_sockets set seen_at = now() where id = any($1::uuid[])", [socketIds]);
        // Rows of processes that died stop counting after the window; drop the long-gone ones.
        await db.query(`delete from online_sockets where seen_at < now() - interval '1 day'`);
      }),
    closed: (socketId: string, companyId: number) =>
      guard(async () => {
        await db.query("delete from online_sockets where id = $1", [socketId]);
        changed(companyId);
      }),
  };
}

/** Records the report a member has open now (the detail's presence heartbeat), or that they left it.
 * Answers the report they had open just before (null: none, or its heartbeat had lapsed), so a caller
 * can tell whether anything changed. */
export async function recordViewing(db: Db, companyId: number, userId: number, reportId: number, open: boolean): Promise<number | null> {
  if (!open) {
    const gone = await db.query<{ report_id: number }>("delete from report_viewing where company_id = $1 and user_id = $2 and report_id = $3 returning report_id", [
      companyId,
      userId,
      reportId,
    ]);
    return gone[0]?.report_id ?? null;
  }
  const previous = await db.query<{ report_id: number }>(
    "select report_id from report_viewing where company_id = $1 and user_id = $2 and seen_at > now() - make_interval(secs => $3)",
    [companyId, userId, PRESENCE_TTL_SECONDS],
  );
  await db.query(
    `insert into report_viewing (company_id, user_id, report_id) values ($1, $2, $3)
     on conflict (company_id, user_id) do update set report_id = excluded.report_id, seen_at = now()`,
    [companyId, userId, reportId],
  );
  return previous[0]?.report_id ?? null;
}
