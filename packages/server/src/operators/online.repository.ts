import { PRESENCE_TTL_SECONDS } from "@atalaya/shared";
import type { Db } from "../db/db.js";

/** A socket counts as open while its process refreshed it within this time (the hub beats every 20 s). */
export const ONLINE_WINDOW_SECONDS = 60;

/** How often at most one process says that who is online in a company changed. Sockets that open or
 * close together (a shift starting, every client reconnecting after a restart) would otherwise send
 * each of the company's sockets one message per socket: n² messages, minutes at 10,000 (issue 19). */
export const ONLINE_CHANGE_EVERY_MS = 1000;

/** `fn(companyId)` at once, then at most once per `everyMs` per company: calls within the window make one
 * more call at its end, so the last change is always told. */
export function oncePerWindow(fn: (companyId: number) => void, everyMs: number): (companyId: number) => void {
  const windows = new Map<number, { again: boolean }>();
  const call = (companyId: number): void => {
    const open = windows.get(companyId);
    if (open) {
      open.again = true;
      return;
    }
    const window = { again: false };
    windows.set(companyId, window);
    setTimeout(() => {
      windows.delete(companyId);
      if (window.again) call(companyId);
    }, everyMs).unref();
    fn(companyId);
  };
  return call;
}

/** The database record of every process's open sockets (hub/OnlineRegistry), so any process can tell who
 * of a company is online. `changed` is called when a user's sockets came or went (to refresh screens),
 * at most once per ONLINE_CHANGE_EVERY_MS a company. */
export function databaseOnlineRegistry(db: Db, onChange: (companyId: number) => void, onError: (err: unknown) => void) {
  const changed = oncePerWindow(onChange, ONLINE_CHANGE_EVERY_MS);
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
