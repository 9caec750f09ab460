import { REALTIME_TICKET_TTL_SECONDS } from "@atalaya/shared";
import { one, type Db } from "../db/db.js";
import { hashSecret, newSecret } from "../auth/tokens.js";

/** A new single-use ticket for a user's socket in one company. */
export async function issueTicket(db: Db, companyId: number, userId: number, accessToken: string): Promise<string> {
  const ticket = newSecret();
  await db.query(
    `insert into realtime_tickets (ticket_hash, user_id, company_id, access_token_hash, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [hashSecret(ticket), userId, companyId, hashSecret(accessToken), REALTIME_TICKET_TTL_SECONDS],
  );
  // Old tickets are worthless; clear them as we go instead of with a job.
  await db.query("delete from realtime_tickets where expires_at < now() - interval '1 hour'");
  return ticket;
}

/** Uses a ticket up atomically: a second use, or an expired ticket, returns undefined. */
export function consumeTicket(
  db: Db,
  ticket: string,
): Promise<{ user_id: number; company_id: number; access_token_hash: Uint8Array } | undefined> {
  return one(
    db,
    `update realtime_tickets set used_at = now()
      where ticket_hash = $1 and used_at is null and expires_at > now()
      returning user_id, company_id, access_token_hash`,
    [hashSecret(ticket)],
  );
}
