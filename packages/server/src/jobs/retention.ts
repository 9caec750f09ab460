import { CLIENT_ERROR_RETENTION_DAYS } from "@atalaya/shared";
import type { Db } from "../db/db.js";

/** How long records kept only for security and support are kept (README, "Data retention"). */
export const RETENTION = {
  /** Failed sign-ins: the login throttle looks back minutes; a month is kept for audits. */
  loginFailuresDays: 30,
  /** Operators' connectivity logs (the "Connections" screen): three months. */
  connectivityLogsDays: 90,
  /** Finished background jobs (an export's file goes after 24 h, its record with these). */
  finishedJobsDays: 30,
  /** Patrols' positions (a route can be replayed for a month; the map needs only the last hour). */
  patrolPositionsDays: 30,
  /** Devices users signed in from (the login throttle's known devices), after this long unused. */
  loginDevicesDays: 90,
  /** The portal's error reports (issue 18): a month of trends per release. */
  clientErrorsDays: CLIENT_ERROR_RETENTION_DAYS,
} as const;

export const PURGE_JOB = "maintenance.purge";
/** How often the purge runs. */
export const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/** Deletes what is older than its retention, in batches so no statement holds a table for long;
 * answers how many rows went. */
export async function purgeExpired(
  db: Db,
  batch = 5000,
): Promise<{ loginFailures: number; connectivityLogs: number; finishedJobs: number; patrolPositions: number; loginDevices: number; clientErrors: number }> {
  // `key` is the table's primary key (patrol positions are keyed by company and id).
  const purge = async (table: string, column: string, days: number, also = "true", key = "id") => {
    let total = 0;
    for (;;) {
      const rows = await db.query<{ n: number }>(
        `with gone as (delete from ${table} where (${key}) in (select ${key} from ${table} where ${column} < now() - make_interval(days => $1) and ${also} limit $2) returning 1)
         select count(*)::int as n from gone`,
        [days, batch],
      );
      const n = rows[0]?.n ?? 0;
      total += n;
      if (n < batch) return total;
    }
  };
  return {
    loginFailures: await purge("login_failures", "at", RETENTION.loginFailuresDays),
    connectivityLogs: await purge("connectivity_logs", "received_at", RETENTION.connectivityLogsDays),
    finishedJobs: await purge("jobs", "finished_at", RETENTION.finishedJobsDays, "state in ('done', 'failed')"),
    patrolPositions: await purge("patrol_positions", "received_at", RETENTION.patrolPositionsDays, "true", "company_id, id"),
    loginDevices: await purge("login_devices", "last_used_at", RETENTION.loginDevicesDays, "true", "token_hash"),
    clientErrors: await purge("client_errors", "received_at", RETENTION.clientErrorsDays),
  };
}
