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

/** Which of these access tokens (hex hashes) still open a session: not revoked, not expired, their
 * user not locked. */
export async function liveTokenHashes(db: Db, tokenHashes: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ hash: string }>(
    `select encode(k.token_hash, 'hex') as hash from access_tokens k join users u on u.id = k.user_id
      where k.token_hash = any($1::bytea[]) and k.revoked_at is null and k.expires_at > now() and not u.locked`,
    [tokenHashes.map((h) => Buffer.from(h, "hex"))],
  );
  return new Set(rows.map((r) => r.hash));
}

/** Uses a ticket up atomically: a second use, an expired ticket, or one whose session has ended since
 * it was issued (token revoked or expired, user locked) returns undefined. */
export function consumeTicket(
  db: Db,
  ticket: string,
): Promise<{ user_id: number; company_id: number; access_token_hash: Uint8Array } | undefined> {
  return one(
    db,
    `update realtime_tickets set used_at = now()
      where ticket_hash = $1 and used_at is null and expires_at > now()
        and exists (select 1 from access_tokens k join users u on u.id = k.user_id
                     where k.token_hash = realtime_tickets.access_token_hash and k.revoked_at is null
                       and k.expires_at > now() and not u.locked)
      returning user_id, company_id, access_token_hash`,
    [hashSecret(ticket)],
  );
}
