import { one, type Db } from "../db/db.js";
import type { Tables } from "../db/tables.js";

/** What the public page of a report is made from. */
export type PublicReportRow = Pick<
  Tables["reports"],
  "uuid" | "type_id" | "title" | "description" | "address" | "latitude" | "longitude" | "timezone" | "created_at"
> & {
  /** The attending companies' statuses of it. */
  statuses: Tables["report_attentions"]["status"][];
};

/** Opens the public page of a report: counts the opening in its shares counter and answers what the
 * page shows, in one statement. A report its author deleted, one an attending organisation made private,
 * or an unknown uuid answers nothing (and counts nothing). */
export function openPublicReport(db: Db, uuid: string): Promise<PublicReportRow | undefined> {
  return one<PublicReportRow>(
    db,
    `with shown as (
       update reports r set shares_counter = shares_counter + 1
        where r.uuid = $1::uuid and r.deleted_at is null
          and not exists (select 1 from report_attentions a where a.report_id = r.id and a.is_private)
        returning r.id, r.uuid, r.type_id, r.title, r.description, r.address, r.latitude, r.longitude, r.timezone, r.created_at)
     select s.uuid::text as uuid, s.type_id, s.title, s.description, s.address, s.latitude, s.longitude, s.timezone, s.created_at,
            coalesce((select array_agg(a.status) from report_attentions a where a.report_id = s.id and a.deleted_at is null), '{}') as statuses
       from shown s`,
    [uuid],
  );
}
