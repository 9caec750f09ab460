import { CITY_ISSUES_CATEGORY_ID, DUPLICATE_DEFAULTS, MAX_DUPLICATE_SUGGESTIONS } from "@atalaya/shared";
import { restrictionWhere, type TenantScope } from "../auth/access.js";
import type { Db, Tx } from "../db/db.js";

const METRES_PER_DEGREE = 111_320;
const OPEN = "('pending', 'in_progress', 'in_observation')";

/** One suggestion: the report `reportId` may repeat the open report `originalId`. */
export interface SuggestionRow {
  report_id: number;
  original_id: number;
  distance_m: number;
  minutes_before: number;
}

/** The duplicate suggestions of the listed reports as the scope sees them, in one statement: for each
 * open report, the open reports of the same type the company attends, created up to the type's window
 * before it and within its radius (both borders included), not dismissed on it, nearest first then the
 * closest in time; at most MAX_DUPLICATE_SUGGESTIONS each.
 *
 * The index reports_type_time_idx (type, created_at, including the point) yields the type's reports of
 * the window; a bounding box on the point drops the far ones before the exact earth_distance test. */
export function findSuggestions(db: Db | Tx, scope: TenantScope, reportIds: readonly number[]): Promise<SuggestionRow[]> {
  const params: unknown[] = [
    scope.companyId,
    reportIds,
    DUPLICATE_DEFAULTS.radiusMeters,
    DUPLICATE_DEFAULTS.windowMinutes,
    DUPLICATE_DEFAULTS.cityRadiusMeters,
    DUPLICATE_DEFAULTS.cityWindowMinutes,
    CITY_ISSUES_CATEGORY_ID,
    METRES_PER_DEGREE,
    MAX_DUPLICATE_SUGGESTIONS,
  ];
  const mine = restrictionWhere(scope.restrictions, params);
  const theirs = restrictionWhere(scope.restrictions, params);
  return db.query<SuggestionRow>(
    `with me as (
       select r.id, r.type_id, r.latitude, r.longitude, r.created_at,
              coalesce(crt.duplicate_radius_m, case when rt.category_id = $7::int then $5::int else $3::int end)::float8 as radius,
              make_interval(mins => coalesce(crt.duplicate_window_minutes, case when rt.category_id = $7::int then $6::int else $4::int end)) as win
         from report_attentions a
         join reports r on r.id = a.report_id
         join report_types rt on rt.id = r.type_id
         left join company_report_types crt on crt.company_id = a.company_id and crt.report_type_id = r.type_id
        where a.company_id = $1 and a.report_id = any($2::int[]) and a.status in ${OPEN}
          and a.deleted_at is null and r.deleted_at is null${mine}
     ), box as (
       select me.*, me.radius / $8::float8 * 1.01 as dlat,
              me.radius / $8::float8 * 1.01 / greatest(cos(radians(me.latitude)), 0.01) as dlng
         from me
     )
     select box.id as report_id, s.original_id, s.distance_m, s.minutes_before
       from box
       cross join lateral (
         select r.id as original_id,
                earth_distance(ll_to_earth(box.latitude, box.longitude), ll_to_earth(r.latitude, r.longitude)) as distance_m,
                extract(epoch from box.created_at - r.created_at) / 60 as minutes_before
           from reports r
           join report_attentions a on a.company_id = $1 and a.report_id = r.id
          where r.type_id = box.type_id
            and r.created_at >= box.created_at - box.win and r.created_at <= box.created_at and r.id <> box.id
            and (r.created_at < box.created_at or r.id < box.id)
            -- "+ 0": the box is a filter on the index's included point, never a scan of reports_lat_lng_idx
            -- (PostgreSQL would AND it in, reading a whole band of latitude: 4 ms of 5 at a million reports).
            and r.latitude + 0 between box.latitude - box.dlat and box.latitude + box.dlat
            and r.longitude + 0 between box.longitude - box.dlng and box.longitude + box.dlng
            and r.deleted_at is null
            and earth_distance(ll_to_earth(box.latitude, box.longitude), ll_to_earth(r.latitude, r.longitude)) <= box.radius
            and a.status in ${OPEN} and a.deleted_at is null${theirs}
            and not exists (select 1 from duplicate_dismissals d
                             where d.company_id = $1 and d.report_id = box.id and d.original_id = r.id)
          order by distance_m, minutes_before, r.id
          limit $9::int
       ) s
      order by box.id, s.distance_m, s.minutes_before, s.original_id`,
    params,
  );
}

/** Remembers that the operator dismissed the suggestion on the report; false when it already was. */
export async function dismissSuggestion(tx: Tx, scope: TenantScope, reportId: number, originalId: number, userId: number): Promise<boolean> {
  const rows = await tx.query(
    `insert into duplicate_dismissals (company_id, report_id, original_id, dismissed_by) values ($1, $2, $3, $4)
     on conflict do nothing returning report_id`,
    [scope.companyId, reportId, originalId, userId],
  );
  return rows.length === 1;
}
