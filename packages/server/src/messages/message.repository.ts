import { GLOBAL_ZONE_ID, rightHandPolygon, type Message, type MessageState, type MessageZone, type ZonePolygon } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";
import { toPgPolygon } from "../zones/index.js";

/** One stored message with what its presentation needs. */
export type MessageRow = Pick<
  Tables["messages"],
  | "id"
  | "company_id"
  | "title"
  | "body"
  | "state"
  | "ad"
  | "schedule_at"
  | "wants_schedule"
  | "zone_id"
  | "archived_from"
  | "reject_reason"
  | "attachment_name"
  | "attachment_original_name"
  | "attachment_mime"
  | "attachment_size"
  | "sent_count"
  | "opened_count"
  | "recipients_total"
  | "delivery_job_id"
  | "author_id"
  | "created_at"
  | "updated_at"
> & {
  state: MessageState;
  archived_from: MessageState | null;
  company_name: Tables["companies"]["name"];
  /** The custom zone's (left join: null for the global zone). */
  zone_name: Tables["message_zones"]["name"] | null;
  author_name: string | null;
};

const SELECT = `select m.id, m.company_id, c.name as company_name, m.title, m.body, m.state, m.ad, m.schedule_at, m.wants_schedule,
       m.zone_id, mz.name as zone_name, m.archived_from, m.reject_reason, m.attachment_name, m.attachment_original_name,
       m.attachment_mime, m.attachment_size, m.sent_count, m.opened_count, m.recipients_total, m.delivery_job_id, m.author_id,
       nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as author_name, m.created_at, m.updated_at
  from messages m
  join companies c on c.id = m.company_id
  left join message_zones mz on mz.company_id = m.company_id and mz.id = m.zone_id
  left join users u on u.id = m.author_id`;

/** A message as the API answers it. */
export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    state: row.state,
    ad: row.ad,
    scheduleDate: row.schedule_at?.toISOString() ?? null,
    zone: { id: row.zone_id, name: row.zone_name },
    attachment: row.attachment_name
      ? { name: row.attachment_name, originalName: row.attachment_original_name, mime: row.attachment_mime ?? "application/octet-stream", size: row.attachment_size ?? 0 }
      : null,
    sentCount: row.sent_count,
    openedCount: row.opened_count,
    recipientsTotal: row.recipients_total,
    rejectReason: row.reject_reason,
    companyId: row.company_id,
    companyName: row.company_name,
    author: row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? "" },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A page of the company's messages, newest first, by state and title. */
export async function listMessages(
  db: Db,
  scope: TenantScope,
  filter: { state?: number | undefined; q?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = `m.company_id = $1 and ($2::int is null or m.state = $2) and ($3::text is null or m.title ilike '%' || $3 || '%')`;
  const q = filter.q ? filter.q.replace(/[\\%_]/g, (c) => `\\${c}`) : null;
  const params = [scope.companyId, filter.state ?? null, q];
  const rows = await db.query<MessageRow>(`${SELECT} where ${where} order by m.id desc limit $4 offset $5`, [
    ...params,
    filter.pageSize,
    (filter.page - 1) * filter.pageSize,
  ]);
  const count = await one<{ n: number }>(db, `select count(*)::int as n from messages m where ${where}`, params);
  return { rows, total: count?.n ?? 0 };
}

/** One message of the company (undefined for another company's or a missing one); `lock` takes its row
 * lock so two actions on one message run one after the other. */
export function findMessage(db: Tx, scope: TenantScope, id: number, lock = false): Promise<MessageRow | undefined> {
  return one<MessageRow>(db, `${SELECT} where m.company_id = $1 and m.id = $2${lock ? " for update of m" : ""}`, [scope.companyId, id]);
}

/** A message of any company (the provider's queue and the delivery job). */
export function findAnyMessage(db: Tx, id: number, lock = false): Promise<MessageRow | undefined> {
  return one<MessageRow>(db, `${SELECT} where m.id = $1${lock ? " for update of m" : ""}`, [id]);
}

/** Messages awaiting the provider's approval across companies, oldest first. */
export function listPendingMessages(db: Db): Promise<MessageRow[]> {
  return db.query<MessageRow>(`${SELECT} where m.state = 5 order by m.id limit 500`);
}

/** The fields a message is written with. */
export interface MessageFields {
  title: string;
  body: string;
  ad: boolean;
  scheduleAt: string | null;
  zoneId: number | null;
}

/** Stores a new draft; answers its id. */
export async function insertMessage(tx: Tx, scope: TenantScope, f: MessageFields, authorId: number, attachment?: MessageRow | undefined): Promise<number> {
  const row = await one<{ id: number }>(
    tx,
    `insert into messages (company_id, title, body, ad, schedule_at, zone_id, author_id,
                           attachment_name, attachment_original_name, attachment_mime, attachment_size)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      scope.companyId, f.title, f.body, f.ad, f.scheduleAt, f.zoneId, authorId,
      attachment?.attachment_name ?? null, attachment?.attachment_original_name ?? null,
      attachment?.attachment_mime ?? null, attachment?.attachment_size ?? null,
    ],
  );
  return row!.id;
}

/** Replaces an editable message's fields; it becomes (again) a draft without a rejection reason. */
export async function updateMessage(tx: Tx, scope: TenantScope, id: number, f: MessageFields): Promise<void> {
  await tx.query(
    `update messages set title = $3, body = $4, ad = $5, schedule_at = $6, zone_id = $7, state = 1, reject_reason = null, updated_at = now()
      where company_id = $1 and id = $2`,
    [scope.companyId, id, f.title, f.body, f.ad, f.scheduleAt, f.zoneId],
  );
}

/** Moves a message to a state with the columns that go with it. */
export async function setMessageState(
  tx: Tx,
  id: number,
  state: MessageState,
  extra: { wantsSchedule?: boolean; archivedFrom?: MessageState | null; rejectReason?: string | null; decidedBy?: number; sent?: boolean; deliveryJobId?: number | null; scheduleAt?: string | null } = {},
): Promise<void> {
  await tx.query(
    `update messages set state = $2, updated_at = now(),
            wants_schedule = coalesce($3, wants_schedule),
            archived_from = case when $4::boolean then $5::smallint else archived_from end,
            reject_reason = case when $6::boolean then $7 else reject_reason end,
            decided_by = coalesce($8, decided_by), decided_at = case when $8::int is null then decided_at else now() end,
            sent_at = case when $9::boolean then now() else sent_at end,
            delivery_job_id = case when $10::boolean then $11::int else delivery_job_id end,
            schedule_at = case when $12::boolean then $13::timestamptz else schedule_at end
      where id = $1`,
    [
      id, state, extra.wantsSchedule ?? null,
      extra.archivedFrom !== undefined, extra.archivedFrom ?? null,
      extra.rejectReason !== undefined, extra.rejectReason ?? null,
      extra.decidedBy ?? null, extra.sent ?? false,
      extra.deliveryJobId !== undefined, extra.deliveryJobId ?? null,
      extra.scheduleAt !== undefined, extra.scheduleAt ?? null,
    ],
  );
}

/** Deletes a message of the company. */
export async function deleteMessage(tx: Tx, scope: TenantScope, id: number): Promise<void> {
  await tx.query("delete from messages where company_id = $1 and id = $2", [scope.companyId, id]);
}

/** Sets or clears a message's attachment. */
export async function setAttachment(
  tx: Tx,
  scope: TenantScope,
  id: number,
  file: { name: string; originalName: string | null; mime: string; size: number } | null,
): Promise<void> {
  await tx.query(
    `update messages set attachment_name = $3, attachment_original_name = $4, attachment_mime = $5, attachment_size = $6, updated_at = now()
      where company_id = $1 and id = $2`,
    [scope.companyId, id, file?.name ?? null, file?.originalName ?? null, file?.mime ?? null, file?.size ?? null],
  );
}

/** Whether another message still names this attachment file (a duplicate shares its file). */
export async function attachmentShared(tx: Tx, name: string, exceptId: number): Promise<boolean> {
  return (await one(tx, "select 1 from messages where attachment_name = $1 and id <> $2", [name, exceptId])) !== undefined;
}

// Custom zones.

type MessageZoneRow = Pick<Tables["message_zones"], "id" | "name" | "geojson" | "fill_color" | "fill_opacity" | "line_color" | "line_weight"> & {
  geojson: ZonePolygon;
};

/** A custom zone as the API answers it. */
export function presentZone(row: MessageZoneRow): MessageZone {
  return {
    id: row.id,
    name: row.name,
    fillColor: row.fill_color,
    fillOpacity: Number(row.fill_opacity),
    lineColor: row.line_color,
    lineWeight: row.line_weight,
    polygon: rightHandPolygon(row.geojson),
  };
}

/** The company's custom message zones by name. */
export function listMessageZones(db: Db, scope: TenantScope): Promise<MessageZoneRow[]> {
  return db.query<MessageZoneRow>(
    "select id, name, geojson, fill_color, fill_opacity, line_color, line_weight from message_zones where company_id = $1 order by lower(name), id",
    [scope.companyId],
  );
}

/** One custom zone of the company. */
export function findMessageZone(db: Tx, scope: TenantScope, id: number): Promise<MessageZoneRow | undefined> {
  return one<MessageZoneRow>(
    db,
    "select id, name, geojson, fill_color, fill_opacity, line_color, line_weight from message_zones where company_id = $1 and id = $2",
    [scope.companyId, id],
  );
}

/** True when another custom zone of the company has the name, letter case aside. */
export async function messageZoneNameTaken(db: Tx, scope: TenantScope, name: string, exceptId?: number): Promise<boolean> {
  return (
    (await one(db, "select 1 from message_zones where company_id = $1 and lower(name) = lower($2) and id is distinct from $3", [
      scope.companyId,
      name,
      exceptId ?? null,
    ])) !== undefined
  );
}

/** The fields of a custom zone. */
export interface MessageZoneFields {
  name: string;
  polygon: ZonePolygon;
  fillColor: string;
  fillOpacity: number;
  lineColor: string;
  lineWeight: number;
}

/** Stores a custom zone; answers its id. */
export async function insertMessageZone(tx: Tx, scope: TenantScope, z: MessageZoneFields): Promise<number> {
  const row = await one<{ id: number }>(
    tx,
    `insert into message_zones (company_id, name, geojson, area, fill_color, fill_opacity, line_color, line_weight)
     values ($1, $2, $3, $4::polygon, $5, $6, $7, $8) returning id`,
    [scope.companyId, z.name, JSON.stringify(z.polygon), toPgPolygon(z.polygon.coordinates[0]!), z.fillColor, z.fillOpacity, z.lineColor, z.lineWeight],
  );
  return row!.id;
}

/** Replaces a custom zone. */
export async function updateMessageZone(tx: Tx, scope: TenantScope, id: number, z: MessageZoneFields): Promise<boolean> {
  const rows = await tx.query(
    `update message_zones set name = $3, geojson = $4, area = $5::polygon, fill_color = $6, fill_opacity = $7, line_color = $8, line_weight = $9
      where company_id = $1 and id = $2 returning id`,
    [scope.companyId, id, z.name, JSON.stringify(z.polygon), toPgPolygon(z.polygon.coordinates[0]!), z.fillColor, z.fillOpacity, z.lineColor, z.lineWeight],
  );
  return rows.length === 1;
}

/** Deletes a custom zone no message uses; false when one does. */
export async function deleteMessageZone(tx: Tx, scope: TenantScope, id: number): Promise<boolean> {
  if (await one(tx, "select 1 from messages where company_id = $1 and zone_id = $2", [scope.companyId, id])) return false;
  await tx.query("delete from message_zones where company_id = $1 and id = $2", [scope.companyId, id]);
  return true;
}

/** The company's default zone, named after the company: its drawn zones (the global one has no shape
 * and is left out). */
export async function defaultZonePolygons(db: Db, scope: TenantScope): Promise<{ name: string; polygons: ZonePolygon[] }> {
  const rows = await db.query<{ geojson: ZonePolygon }>(
    `select geojson from zones where company_id = $1 and id <> ${GLOBAL_ZONE_ID} order by id`,
    [scope.companyId],
  );
  const company = await one<{ name: string }>(db, "select name from companies where id = $1", [scope.companyId]);
  return { name: company?.name ?? "", polygons: rows.map((r) => rightHandPolygon(r.geojson)) };
}
