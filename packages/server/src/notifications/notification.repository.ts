import type { Notification, NotificationKind } from "@atalaya/shared";
import { one, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

/** A notification to store: for whom, in which company, about what. */
export interface NewNotification {
  userId: number;
  companyId: number;
  kind: NotificationKind;
  reportId?: number | null;
  actorUserId?: number | null;
  data?: Notification["data"];
}

type NotificationRow = Pick<Tables["notifications"], "id" | "user_id" | "kind" | "company_id" | "report_id" | "data" | "read_at" | "created_at"> & {
  kind: NotificationKind;
  data: Notification["data"];
  /** The report's (left join: null for a notification about none). */
  report_uuid: Tables["reports"]["uuid"] | null;
  actor_id: Tables["notifications"]["actor_user_id"];
  actor_name: string | null;
};

/** A stored notification with its recipient (who alone may receive it). */
export type StoredNotification = Notification & { userId: number };

const SELECT = `select n.id, n.user_id, n.kind, n.company_id, n.report_id, r.uuid::text as report_uuid, n.actor_user_id as actor_id,
       nullif(trim(concat_ws(' ', au.first_name, au.last_name)), '') as actor_name, n.data, n.read_at, n.created_at
  from notifications n
  left join reports r on r.id = n.report_id
  left join users au on au.id = n.actor_user_id`;

function present(row: NotificationRow): StoredNotification {
  return {
    id: Number(row.id),
    userId: row.user_id,
    kind: row.kind,
    companyId: row.company_id,
    reportId: row.report_id,
    reportUuid: row.report_uuid,
    actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? "" },
    data: row.data,
    read: row.read_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

/** Stores the notifications (in the caller's transaction) and returns them as their recipients read them. */
export async function insertNotifications(tx: Tx, list: readonly NewNotification[]): Promise<StoredNotification[]> {
  if (list.length === 0) return [];
  const ids = await tx.query<{ id: string }>(
    `insert into notifications (user_id, company_id, kind, report_id, actor_user_id, data)
     select * from unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::int[], $6::jsonb[])
     returning id`,
    [
      list.map((n) => n.userId),
      list.map((n) => n.companyId),
      list.map((n) => n.kind),
      list.map((n) => n.reportId ?? null),
      list.map((n) => n.actorUserId ?? null),
      list.map((n) => JSON.stringify(n.data ?? {})),
    ],
  );
  const rows = await tx.query<NotificationRow>(`${SELECT} where n.id = any($1::bigint[]) order by n.id`, [ids.map((r) => r.id)]);
  return rows.map(present);
}

/** One page of a user's notifications in a company, newest first. */
export async function listNotifications(
  db: Tx,
  userId: number,
  companyId: number,
  page: { limit: number; offset: number; unreadOnly: boolean },
): Promise<{ notifications: StoredNotification[]; total: number }> {
  const unread = page.unreadOnly ? " and n.read_at is null" : "";
  const [rows, count] = await Promise.all([
    db.query<NotificationRow>(`${SELECT} where n.user_id = $1 and n.company_id = $2${unread} order by n.id desc limit $3 offset $4`, [
      userId,
      companyId,
      page.limit,
      page.offset,
    ]),
    one<{ total: number }>(db, `select count(*)::int as total from notifications n where n.user_id = $1 and n.company_id = $2${unread}`, [userId, companyId]),
  ]);
  return { notifications: rows.map(present), total: count?.total ?? 0 };
}

/** How many of the user's notifications in the company are unread. */
export async function countUnread(db: Tx, userId: number, companyId: number): Promise<number> {
  const row = await one<{ n: number }>(db, "select count(*)::int as n from notifications where user_id = $1 and company_id = $2 and read_at is null", [
    userId,
    companyId,
  ]);
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read (idempotent); undefined when it is not theirs. */
export async function markRead(db: Tx, userId: number, id: number): Promise<StoredNotification | undefined> {
  const updated = await one<{ id: string }>(
    db,
    "update notifications set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2 returning id",
    [id, userId],
  );
  if (!updated) return undefined;
  const row = await one<NotificationRow>(db, `${SELECT} where n.id = $1 and n.user_id = $2`, [id, userId]);
  return row && present(row);
}

/** Marks every unread notification of the user in the company read; answers how many changed. */
export async function markAllRead(db: Tx, userId: number, companyId: number): Promise<number> {
  const rows = await db.query("update notifications set read_at = now() where user_id = $1 and company_id = $2 and read_at is null returning id", [
    userId,
    companyId,
  ]);
  return rows.length;
}

/** The company's members who follow the report. */
export async function followerIds(tx: Tx, companyId: number, reportId: number): Promise<number[]> {
  const rows = await tx.query<{ user_id: number }>(
    "select f.user_id from followers f join memberships m on m.company_id = f.company_id and m.user_id = f.user_id where f.company_id = $1 and f.report_id = $2",
    [companyId, reportId],
  );
  return rows.map((r) => r.user_id);
}

/** A team of the company: its name and members. */
export async function teamWithMembers(tx: Tx, companyId: number, teamId: number): Promise<{ name: string; memberIds: number[] } | undefined> {
  const row = await one<{ name: string; member_ids: number[] }>(
    tx,
    `select t.name, coalesce(array_agg(tm.user_id) filter (where tm.user_id is not null), '{}') as member_ids
       from teams t left join team_members tm on tm.company_id = t.company_id and tm.team_id = t.id
      where t.company_id = $1 and t.id = $2 group by t.name`,
    [companyId, teamId],
  );
  return row && { name: row.name, memberIds: row.member_ids };
}

/** Every member of the company with the names a mention is made of. */
export function mentionCandidates(tx: Tx, companyId: number): Promise<{ id: number; firstName: string; lastName: string }[]> {
  return tx.query(
    `select u.id, u.first_name as "firstName", u.last_name as "lastName" from memberships m join users u on u.id = m.user_id
      where m.company_id = $1 and not u.locked`,
    [companyId],
  );
}
