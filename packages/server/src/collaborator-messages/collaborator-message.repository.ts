import type { CollaboratorBox, CollaboratorMessage, CollaboratorReceipt } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

type MessageRow = Pick<Tables["collaborator_messages"], "id" | "title" | "body" | "everyone" | "user_ids" | "team_ids" | "created_at"> & {
  sender_id: Tables["collaborator_messages"]["sender_user_id"];
  sender_name: string | null;
  recipient_count: number;
  read_count: number;
  /** The caller's own receipt (left join: null when they are not a recipient). */
  own_read_at: Tables["collaborator_message_recipients"]["read_at"];
  own_recipient: boolean;
};

// $1 the company, $2 the caller (their own receipt).
const SELECT = `select m.id, m.title, m.body, m.sender_user_id as sender_id,
       nullif(trim(concat_ws(' ', su.first_name, su.last_name)), '') as sender_name,
       m.everyone, m.user_ids, m.team_ids,
       (select count(*)::int from collaborator_message_recipients r where r.message_id = m.id) as recipient_count,
       (select count(*)::int from collaborator_message_recipients r where r.message_id = m.id and r.read_at is not null) as read_count,
       own.read_at as own_read_at, own.user_id is not null as own_recipient, m.created_at
  from collaborator_messages m
  left join users su on su.id = m.sender_user_id
  left join collaborator_message_recipients own on own.message_id = m.id and own.user_id = $2`;

function present(row: MessageRow): CollaboratorMessage {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    sender: row.sender_id === null ? null : { id: row.sender_id, name: row.sender_name ?? "" },
    everyone: row.everyone,
    userIds: row.user_ids,
    teamIds: row.team_ids,
    recipientCount: row.recipient_count,
    readCount: row.read_count,
    read: row.own_recipient ? row.own_read_at !== null : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** Of these user ids, those who are not members of the company. */
export async function notMembers(tx: Tx, scope: TenantScope, userIds: readonly number[]): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    "select u.id from unnest($2::int[]) as u(id) where not exists (select 1 from memberships m where m.company_id = $1 and m.user_id = u.id)",
    [scope.companyId, [...new Set(userIds)]],
  );
  return rows.map((r) => r.id);
}

/** Of these team ids, those that are not live teams of the company. */
export async function notTeams(tx: Tx, scope: TenantScope, teamIds: readonly number[]): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    "select t.id from unnest($2::int[]) as t(id) where not exists (select 1 from teams x where x.company_id = $1 and x.id = t.id and x.deleted_at is null)",
    [scope.companyId, [...new Set(teamIds)]],
  );
  return rows.map((r) => r.id);
}

/** The members a message reaches: everyone of the company, or the chosen members and the members of the
 * chosen teams; never the sender, never a locked account. */
export async function resolveRecipients(
  tx: Tx,
  scope: TenantScope,
  to: { everyone: boolean; userIds: readonly number[]; teamIds: readonly number[] },
  senderId: number,
): Promise<number[]> {
  const rows = await tx.query<{ user_id: number }>(
    `select m.user_id from memberships m join users u on u.id = m.user_id
      where m.company_id = $1 and not u.locked and m.user_id <> $2
        and ($3 or m.user_id = any($4::int[])
             or exists (select 1 from team_members tm join teams t on t.company_id = tm.company_id and t.id = tm.team_id and t.deleted_at is null
                         where tm.company_id = m.company_id and tm.user_id = m.user_id and tm.team_id = any($5::int[])))
      order by m.user_id`,
    [scope.companyId, senderId, to.everyone, [...to.userIds], [...to.teamIds]],
  );
  return rows.map((r) => r.user_id);
}

/** Stores a message and its recipients (in the caller's transaction); answers its id. */
export async function insertMessage(
  tx: Tx,
  scope: TenantScope,
  m: { senderId: number; title: string; body: string; everyone: boolean; userIds: readonly number[]; teamIds: readonly number[] },
  recipients: readonly number[],
): Promise<number> {
  const row = await one<{ id: number }>(
    tx,
    `insert into collaborator_messages (company_id, sender_user_id, title, body, everyone, user_ids, team_ids)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [scope.companyId, m.senderId, m.title, m.body, m.everyone, [...new Set(m.userIds)], [...new Set(m.teamIds)]],
  );
  await tx.query(
    "insert into collaborator_message_recipients (message_id, company_id, user_id) select $1, $2, u from unnest($3::int[]) as u",
    [row!.id, scope.companyId, [...recipients]],
  );
  return row!.id;
}

/** One message of the company as the caller reads it, or undefined (another company's is not found). */
export async function findMessage(db: Tx, scope: TenantScope, callerId: number, id: number): Promise<CollaboratorMessage | undefined> {
  const row = await one<MessageRow>(db, `${SELECT} where m.company_id = $1 and m.id = $3`, [scope.companyId, callerId, id]);
  return row && present(row);
}

/** A page of the caller's received or sent messages of the company, newest first, with the total. */
export async function listMessages(
  db: Db,
  scope: TenantScope,
  callerId: number,
  q: { box: CollaboratorBox; limit: number; offset: number },
): Promise<{ messages: CollaboratorMessage[]; total: number }> {
  const where =
    q.box === "sent"
      ? "m.company_id = $1 and m.sender_user_id = $2"
      : "m.company_id = $1 and exists (select 1 from collaborator_message_recipients x where x.message_id = m.id and x.user_id = $2)";
  const [rows, count] = await Promise.all([
    db.query<MessageRow>(`${SELECT} where ${where} order by m.id desc limit $3 offset $4`, [scope.companyId, callerId, q.limit, q.offset]),
    one<{ n: number }>(db, `select count(*)::int as n from collaborator_messages m where ${where}`, [scope.companyId, callerId]),
  ]);
  return { messages: rows.map(present), total: count?.n ?? 0 };
}

/** The read receipts of a message: each recipient with the time they read it (null: not yet), by name. */
export function listReceipts(db: Tx, scope: TenantScope, messageId: number): Promise<CollaboratorReceipt[]> {
  return db
    .query<{ user_id: number; name: string | null; read_at: Date | null }>(
      `select r.user_id, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as name, r.read_at
         from collaborator_message_recipients r join users u on u.id = r.user_id
        where r.company_id = $1 and r.message_id = $2
        order by r.read_at is null, lower(u.first_name), lower(u.last_name), r.user_id`,
      [scope.companyId, messageId],
    )
    .then((rows) => rows.map((r) => ({ userId: r.user_id, name: r.name ?? "", readAt: r.read_at?.toISOString() ?? null })));
}

/** Records the caller's receipt (the first reading counts); true when it changed from unread. */
export async function markRead(db: Tx, scope: TenantScope, userId: number, messageId: number): Promise<boolean> {
  const rows = await db.query(
    "update collaborator_message_recipients set read_at = now() where company_id = $1 and message_id = $2 and user_id = $3 and read_at is null returning 1",
    [scope.companyId, messageId, userId],
  );
  return rows.length > 0;
}

/** How many of the caller's received messages of the company are unread. */
export async function countUnread(db: Tx, scope: TenantScope, userId: number): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    "select count(*)::int as n from collaborator_message_recipients where company_id = $1 and user_id = $2 and read_at is null",
    [scope.companyId, userId],
  );
  return row?.n ?? 0;
}
