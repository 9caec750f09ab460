import type { PatrolStatus, ReportStatus } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import type { Db, Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

/** The companies where the user is a patrol. */
export async function patrolCompanies(db: Db, userId: number): Promise<number[]> {
  const rows = await db.query<{ company_id: number }>("select company_id from memberships where user_id = $1 and role = 'patrol' order by company_id", [userId]);
  return rows.map((r) => r.company_id);
}

/** A position as the patrol app sent it. */
export interface PositionFields {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  heading: number | null;
  speed: number | null;
  recordedAt: Date;
}

/** Stores the position in each of the patrol's companies and makes it their latest (unless a newer one
 * arrived first); a patrol that said nothing yet, or was offline, comes online. Answers the status in
 * each company. */
export async function recordPosition(tx: Tx, userId: number, companyIds: readonly number[], p: PositionFields): Promise<{ company_id: number; patrol_status: PatrolStatus }[]> {
  await tx.query(
    `insert into patrol_positions (company_id, user_id, latitude, longitude, accuracy_m, heading, speed_mps, recorded_at)
     select c, $2, $3, $4, $5, $6, $7, $8 from unnest($1::int[]) c`,
    [companyIds, userId, p.latitude, p.longitude, p.accuracy, p.heading, p.speed, p.recordedAt],
  );
  return tx.query(
    `update memberships set last_latitude = $3, last_longitude = $4, last_heading = $5, last_position_at = $6,
            patrol_status = case when patrol_status = 'offline' then 'online' else patrol_status end
      where user_id = $2 and company_id = any($1::int[]) and role = 'patrol'
        and (last_position_at is null or last_position_at <= $6)
      returning company_id, patrol_status`,
    [companyIds, userId, p.latitude, p.longitude, p.heading, p.recordedAt],
  );
}

/** Sets the patrol's status in each of its companies. */
export async function setPatrolStatus(db: Db, userId: number, status: PatrolStatus): Promise<number[]> {
  const rows = await db.query<{ company_id: number }>(
    "update memberships set patrol_status = $2 where user_id = $1 and role = 'patrol' returning company_id",
    [userId, status],
  );
  return rows.map((r) => r.company_id);
}

/** A patrol of the company with its latest position and the open report assigned to it. */
export type PatrolRow = Pick<Tables["users"], "id" | "uuid" | "first_name" | "last_name"> &
  Pick<Tables["memberships"], "patrol_status" | "last_latitude" | "last_longitude" | "last_heading" | "last_position_at"> & {
    patrol_status: PatrolStatus;
    /** The open report assigned to the patrol (left join: all null when none). */
    report_id: Tables["reports"]["id"] | null;
    report_uuid: Tables["reports"]["uuid"] | null;
    report_type: Tables["reports"]["type_id"] | null;
    report_title: Tables["reports"]["title"];
    report_status: ReportStatus | null;
  };

/** The company's patrols (one row each), with the newest open report assigned to each. */
export function listPatrols(db: Db, scope: TenantScope, userId?: number): Promise<PatrolRow[]> {
  const params: unknown[] = [scope.companyId];
  if (userId !== undefined) params.push(userId);
  return db.query<PatrolRow>(
    `select u.id, u.uuid::text as uuid, u.first_name, u.last_name, m.patrol_status,
            m.last_latitude, m.last_longitude, m.last_heading, m.last_position_at,
            w.report_id, w.report_uuid, w.report_type, w.report_title, w.report_status
       from memberships m
       join users u on u.id = m.user_id
       left join lateral (
         select r.id as report_id, r.uuid::text as report_uuid, r.type_id as report_type, r.title as report_title, a.status as report_status
           from report_attentions a join reports r on r.id = a.report_id
          where a.company_id = m.company_id and a.assigned_patrol_id = m.user_id and a.deleted_at is null
            and a.status in ('pending', 'in_progress', 'in_observation')
          order by a.updated_at desc limit 1) w on true
      where m.company_id = $1 and m.role = 'patrol'${userId !== undefined ? " and m.user_id = $2" : ""}
      order by u.first_name, u.last_name, u.id`,
    params,
  );
}
