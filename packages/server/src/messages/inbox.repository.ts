import type { AppInboxItem, Language } from "@atalaya/shared";
import { one, type Db, type Tx } from "../db/db.js";
import type { LeftJoined, Tables } from "../db/tables.js";
import { t } from "../http/texts.js";

type InboxRow = Pick<Tables["app_inbox"], "id" | "message_id" | "report_id" | "created_at" | "opened_at"> &
  LeftJoined<Pick<Tables["messages"], "title" | "body" | "ad" | "attachment_name" | "attachment_original_name" | "attachment_mime" | "attachment_size">> &
  LeftJoined<Pick<Tables["reports"], "address">> & {
    company_name: Tables["companies"]["name"];
  };

// What a neighbours' notice says (the app shows it as any inbox item): the `inbox` catalogue's
// neighboursNotice texts (locales/<lang>/inbox.json, read by http/texts.ts).

function present(row: InboxRow, lang: Language): AppInboxItem {
  const noticeBody =
    t(lang, "inbox:neighboursNotice.body", { company: row.company_name }) +
    (row.address ? ` ${t(lang, "inbox:neighboursNotice.nearby", { address: row.address })}` : "");
  return {
    id: Number(row.id),
    kind: row.message_id !== null ? "message" : "neighbours",
    messageId: row.message_id,
    reportId: row.report_id,
    title: row.message_id !== null ? (row.title ?? "") : t(lang, "inbox:neighboursNotice.title"),
    body: row.message_id !== null ? (row.body ?? "") : noticeBody,
    ad: row.ad ?? false,
    attachment: row.attachment_name
      ? { name: row.attachment_name, originalName: row.attachment_original_name, mime: row.attachment_mime ?? "application/octet-stream", size: row.attachment_size ?? 0 }
      : null,
    companyName: row.company_name,
    receivedAt: row.created_at.toISOString(),
    opened: row.opened_at !== null,
  };
}

const SELECT = `select i.id, i.message_id, i.report_id, m.title, m.body, m.ad, m.attachment_name, m.attachment_original_name,
       m.attachment_mime, m.attachment_size, c.name as company_name, r.address, i.created_at, i.opened_at
  from app_inbox i
  join companies c on c.id = i.company_id
  left join messages m on m.id = i.message_id
  left join reports r on r.id = i.report_id`;

export const INBOX_PAGE_SIZE = 20;

/** A page of the app user's own inbox, newest first. */
export async function listInbox(db: Db, userId: number, page: number, lang: Language): Promise<{ items: AppInboxItem[]; total: number }> {
  const rows = await db.query<InboxRow>(`${SELECT} where i.app_user_id = $1 order by i.id desc limit $2 offset $3`, [
    userId,
    INBOX_PAGE_SIZE,
    (page - 1) * INBOX_PAGE_SIZE,
  ]);
  const total = await one<{ n: number }>(db, "select count(*)::int as n from app_inbox where app_user_id = $1", [userId]);
  return { items: rows.map((r) => present(r, lang)), total: total?.n ?? 0 };
}

/** Marks the user's own inbox item opened; the first opening of a message counts once in its opened
 * count (same transaction). Undefined for someone else's or a missing item. */
export async function openInboxItem(tx: Tx, userId: number, id: number, lang: Language): Promise<{ item: AppInboxItem; messageId: number | null; first: boolean } | undefined> {
  const first = await one<{ message_id: number | null }>(
    tx,
    "update app_inbox set opened_at = now() where id = $1 and app_user_id = $2 and opened_at is null returning message_id",
    [id, userId],
  );
  if (first?.message_id) await tx.query("update messages set opened_count = opened_count + 1 where id = $1", [first.message_id]);
  const row = await one<InboxRow>(tx, `${SELECT} where i.id = $1 and i.app_user_id = $2`, [id, userId]);
  return row ? { item: present(row, lang), messageId: row.message_id, first: first !== undefined } : undefined;
}

/** The message id of the user's own inbox item (for its attachment). */
export async function inboxMessageId(db: Db, userId: number, id: number): Promise<number | undefined> {
  return (await one<{ message_id: number | null }>(db, "select message_id from app_inbox where id = $1 and app_user_id = $2", [id, userId]))?.message_id ?? undefined;
}

/** Records where the app user is now, or their home's point. */
export async function saveLocation(db: Db, userId: number, kind: "last" | "home", latitude: number, longitude: number): Promise<void> {
  await db.query(
    kind === "last"
      ? `insert into app_user_locations (user_id, last_latitude, last_longitude, last_seen_at) values ($1, $2, $3, now())
         on conflict (user_id) do update set last_latitude = $2, last_longitude = $3, last_seen_at = now(), updated_at = now()`
      : `insert into app_user_locations (user_id, home_latitude, home_longitude) values ($1, $2, $3)
         on conflict (user_id) do update set home_latitude = $2, home_longitude = $3, updated_at = now()`,
    [userId, latitude, longitude],
  );
}
