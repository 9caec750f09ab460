import type { Priority, ReportStatus } from "@atalaya/shared";
import { restrictionWhere, type TenantScope } from "../auth/access.js";
import type { Db } from "../db/db.js";
import type { Tables } from "../db/tables.js";
import type { DashboardSelection } from "../dashboard/index.js";

// What the maps show, in SQL: the company's reports of a window (the dashboard's selection), never the
// not-applicable ones (SPEC §4: they leave the map) nor deleted ones, within the scope's restrictions and
// the part of the map in view. Read through report_attentions_window_idx and reports_dashboard_idx (migration 017).

/** The west, south, east and north edges of the map in view, in degrees. */
export type Bbox = readonly [number, number, number, number];

function where(scope: TenantScope, s: DashboardSelection, bbox: Bbox | undefined, params: unknown[]): string {
  const add = (value: unknown) => `$${params.push(value)}`;
  let sql = ` where a.company_id = ${add(scope.companyId)} and a.deleted_at is null and r.deleted_at is null and a.status <> 'false'
    and a.created_at >= ${add(s.from.toISOString())}::timestamptz and a.created_at < ${add(s.to.toISOString())}::timestamptz`;
  if (s.typeIds.length) sql += ` and r.type_id = any(${add(s.typeIds)}::int[])`;
  if (s.statuses.length) sql += ` and a.status = any(${add(s.statuses)}::text[])`;
  if (s.zoneIds.length) sql += ` and a.zone_ids && ${add(s.zoneIds)}::int[]`;
  if (bbox) {
    sql += ` and r.longitude between ${add(bbox[0])}::float8 and ${add(bbox[2])}::float8`;
    sql += ` and r.latitude between ${add(bbox[1])}::float8 and ${add(bbox[3])}::float8`;
  }
  return sql + restrictionWhere(scope.restrictions, params);
}

const FROM = " from report_attentions a join reports r on r.id = a.report_id";

/** A report as a map point. */
export type MapPointRow = Pick<Tables["reports"], "id" | "uuid" | "type_id" | "title" | "latitude" | "longitude"> &
  Pick<Tables["report_attentions"], "status" | "priority" | "created_at"> & {
    status: ReportStatus;
    priority: Priority;
  };

/** The newest `limit` reports of the selection in view (the caller asks one more than it sends, to know
 * whether there were more). */
export function mapPoints(db: Db, scope: TenantScope, s: DashboardSelection, bbox: Bbox | undefined, limit: number): Promise<MapPointRow[]> {
  const params: unknown[] = [];
  const sql = where(scope, s, bbox, params);
  params.push(limit);
  return db.query<MapPointRow>(
    `select r.id, r.uuid::text as uuid, r.type_id, a.status, a.priority, r.title, r.latitude, r.longitude, a.created_at
     ${FROM}${sql} order by a.created_at desc, r.id desc limit $${params.length}`,
    params,
  );
}

/** A grid cell: how many reports, at their mean position. */
export interface GridCellRow {
  latitude: number;
  longitude: number;
  count: number;
}

/** The selection's reports in view counted on a grid of `cell` degrees, each cell at its reports' mean
 * position (so a cell's point sits where its reports are, not at the cell's corner). */
export function gridCells(db: Db, scope: TenantScope, s: DashboardSelection, bbox: Bbox | undefined, cell: number): Promise<GridCellRow[]> {
  const params: unknown[] = [];
  const sql = where(scope, s, bbox, params);
  params.push(cell);
  const c = `$${params.length}::float8`;
  return db.query<GridCellRow>(
    `select avg(r.latitude)::float8 as latitude, avg(r.longitude)::float8 as longitude, count(*)::int as count
     ${FROM}${sql} group by floor(r.longitude / ${c}), floor(r.latitude / ${c})`,
    params,
  );
}
