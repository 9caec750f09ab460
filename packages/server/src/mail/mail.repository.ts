import type { MailMessage } from "@atalaya/shared";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";

type MailRow = Pick<
  Tables["mail_outbox"],
  "id" | "to_address" | "subject" | "body_text" | "template" | "lang" | "state" | "attempts" | "last_error" | "created_at" | "sent_at"
> & { state: MailMessage["state"] };

export const presentMail = (r: MailRow): MailMessage => ({
  id: r.id,
  to: r.to_address,
  subject: r.subject,
  text: r.body_text,
  template: r.template,
  lang: r.lang,
  state: r.state,
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: new Date(r.created_at).toISOString(),
  sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
});

const COLUMNS = "id, to_address, subject, body_text, template, lang, state, attempts, last_error, created_at, sent_at";

/** Stores a mail; answers its id. */
export async function insertMail(tx: Tx, m: { to: string; subject: string; text: string; template: string; lang: string; state: "outbox" | "queued" }): Promise<number> {
  const row = await one<{ id: number }>(
    tx,
    "insert into mail_outbox (to_address, subject, body_text, template, lang, state) values ($1, $2, $3, $4, $5, $6) returning id",
    [m.to, m.subject, m.text, m.template, m.lang, m.state],
  );
  return row!.id;
}

export function findMail(db: Db, id: number): Promise<MailRow | undefined> {
  return one<MailRow>(db, `select ${COLUMNS} from mail_outbox where id = $1`, [id]);
}

/** Records one sending attempt's outcome. */
export async function recordAttempt(db: Db, id: number, outcome: { sent: true } | { sent: false; error: string; final: boolean }): Promise<void> {
  if (outcome.sent) await db.query("update mail_outbox set state = 'sent', attempts = attempts + 1, last_error = null, sent_at = now() where id = $1", [id]);
  else
    await db.query("update mail_outbox set attempts = attempts + 1, last_error = $2, state = case when $3 then 'failed' else state end where id = $1", [
      id,
      outcome.error.slice(0, 1000),
      outcome.final,
    ]);
}

/** The newest mails, optionally to one address (letter case aside). */
export async function listMails(db: Db, q: { to?: string | undefined; limit: number }): Promise<MailMessage[]> {
  const rows = await db.query<MailRow>(
    `select ${COLUMNS} from mail_outbox where ($1::text is null or lower(to_address) = lower($1)) order by id desc limit $2`,
    [q.to ?? null, q.limit],
  );
  return rows.map(presentMail);
}
